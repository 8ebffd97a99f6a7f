// The benchmark's building blocks. A section is a module in scripts/bench/ exporting `section`
// (or `sections`): it measures something and returns rows; bench.ts prints every row in one
// table, checks the budgets and writes .data/bench.json.
export interface BenchContext {
  /** Repository root */
  root: string;
  /** <root>/.data/bench: a scratch folder sections may use */
  workDir: string;
  log(line: string): void;
}

export interface BenchRow {
  metric: string;
  value: number;
  unit: string;
  /** e.g. { max: 5 } for "at most 5", { min: 0.8 } for "at least 0.8" */
  budget?: { max?: number; min?: number };
  note?: string;
}

export interface BenchSection {
  name: string;
  run(ctx: BenchContext): Promise<BenchRow[]>;
}

export function withinBudget(row: BenchRow): boolean | undefined {
  if (!row.budget) return undefined;
  // A figure that could not be measured (NaN) meets no budget.
  if (!Number.isFinite(row.value)) return false;
  if (row.budget.max !== undefined && row.value > row.budget.max) return false;
  if (row.budget.min !== undefined && row.value < row.budget.min) return false;
  return true;
}

export function budgetText(row: BenchRow): string {
  if (!row.budget) return '';
  if (row.budget.max !== undefined) return `<= ${row.budget.max} ${row.unit}`.trim();
  return `>= ${row.budget.min} ${row.unit}`.trim();
}
