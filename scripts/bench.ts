// `npm run bench [-- <section> …]`: the project's budgets, measured (never by timed tests).
// Sections: the stack's own (scripts/lib/bench-stack.ts) and every module in scripts/bench/ that
// exports `section` or `sections` (see scripts/lib/bench.ts). Prints one table, writes
// .data/bench.json, exits 1 when a budget is missed.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { budgetText, withinBudget, type BenchRow, type BenchSection } from './lib/bench.js';
import { section as stackSection } from './lib/bench-stack.js';
import { formatTable } from './lib/table.js';

const root = path.resolve(import.meta.dirname, '..');
const workDir = path.join(root, '.data', 'bench');
fs.mkdirSync(workDir, { recursive: true });

async function loadSections(): Promise<BenchSection[]> {
  const sections: BenchSection[] = [stackSection];
  const dir = path.join(root, 'scripts', 'bench');
  if (fs.existsSync(dir)) {
    for (const f of fs.readdirSync(dir).sort()) {
      // A section's own tests (`*.test.ts`) sit beside it.
      if (!/\.(ts|mts|js)$/.test(f) || /\.(d|test)\.ts$/.test(f)) continue;
      const mod = (await import(pathToFileURL(path.join(dir, f)).href)) as {
        section?: BenchSection;
        sections?: BenchSection[];
      };
      if (mod.section) sections.push(mod.section);
      if (mod.sections) sections.push(...mod.sections);
    }
  }
  return sections;
}

const only = process.argv.slice(2).filter((a) => !a.startsWith('-'));
const sections = (await loadSections()).filter((s) => only.length === 0 || only.includes(s.name));
const results: { section: string; rows: BenchRow[]; error?: string }[] = [];
for (const s of sections) {
  console.log(`\n== ${s.name}`);
  try {
    results.push({ section: s.name, rows: await s.run({ root, workDir, log: (l) => console.log(`   ${l}`) }) });
  } catch (e) {
    const msg = e instanceof Error ? e.message : String(e);
    console.error(`   failed: ${msg}`);
    results.push({ section: s.name, rows: [], error: msg });
  }
}

const table: string[][] = [['section', 'metric', 'value', 'budget', 'result']];
let missed = 0;
for (const r of results) {
  if (r.error) {
    table.push([r.section, 'error', r.error.split('\n')[0]!.slice(0, 80), '', 'ERROR']);
    missed++;
  }
  for (const row of r.rows) {
    const ok = withinBudget(row);
    if (ok === false) missed++;
    table.push([
      r.section,
      row.metric,
      `${row.value} ${row.unit}`.trim(),
      budgetText(row),
      ok === undefined ? '' : ok ? 'ok' : 'MISSED',
    ]);
  }
}
console.log(`\n${formatTable(table)}\n`);
const out = path.join(root, '.data', 'bench.json');
fs.writeFileSync(
  out,
  JSON.stringify(
    {
      date: new Date().toISOString(),
      node: process.version,
      sections: results.map((r) => ({
        ...r,
        rows: r.rows.map((row) => ({ ...row, withinBudget: withinBudget(row) })),
      })),
    },
    null,
    2,
  ),
);
console.log(
  `  Results written to ${path.relative(root, out)}. ${missed === 0 ? 'All budgets met.' : `${missed} budget(s) missed or failed.`}\n`,
);
process.exit(missed === 0 ? 0 : 1);
