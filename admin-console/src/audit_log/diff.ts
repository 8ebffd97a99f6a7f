export interface FieldChange {
  field: string;
  before: unknown;
  after: unknown;
}

/** Set by the database on every change (the row version: docs/data-model.md "Row versions"), not a change anyone made. */
const BOOKKEEPING = new Set(['updated_at', 'version']);

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The fields that differ between two row images (an insert has no before, a delete no after). */
export function changedFields(before: unknown, after: unknown): FieldChange[] {
  const b = (before && typeof before === 'object' ? before : {}) as Record<string, unknown>;
  const a = (after && typeof after === 'object' ? after : {}) as Record<string, unknown>;
  const fields = Array.from(new Set([...Object.keys(b), ...Object.keys(a)])).filter((f) => !BOOKKEEPING.has(f));
  return fields.filter((f) => !same(b[f], a[f])).map((field) => ({ field, before: b[field], after: a[field] }));
}
