import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { localMigrations, migrationDrift, type RecordedMigration } from './drift.js';

// What `supabase db push` records for a file: its statements, split at the semicolons.
const recordOf = (version: string, name: string, sql: string): RecordedMigration => ({
  version,
  name,
  statements: sql
    .split(';')
    .map((s) => s.trim())
    .filter(Boolean),
});

const local = [
  {
    version: '20260101000000',
    file: '20260101000000_first.sql',
    text: '-- why\ncreate table a (id int);\n\ncreate index on a (id);\n',
  },
  { version: '20260102000000', file: '20260102000000_second.sql', text: 'alter table a add column b text;\n' },
];

describe("the preflight's migration check", () => {
  it('passes when every recorded migration has its file, unchanged (whitespace aside)', () => {
    const recorded = [
      recordOf('20260101000000', 'first', '-- why\ncreate table a (id int);   create index on a (id);'),
      recordOf('20260102000000', 'second', local[1]!.text),
    ];
    expect(migrationDrift(recorded, local)).toEqual([]);
    // A file not yet recorded is what the push is for.
    expect(migrationDrift(recorded.slice(0, 1), local)).toEqual([]);
  });

  it('refuses a recorded migration whose file changed or is gone', () => {
    const recorded = [
      recordOf('20260101000000', 'first', '-- why\ncreate table a (id bigint);\ncreate index on a (id);'),
      recordOf('20251231000000', 'removed', 'select 1;'),
    ];
    expect(migrationDrift(recorded, local)).toEqual([
      '20260101000000_first.sql: changed since it was applied to the target',
      '20251231000000_removed: recorded on the target, but its file is not in supabase/migrations',
    ]);
  });

  it('refuses a record it cannot compare', () => {
    expect(migrationDrift([{ version: '20260102000000', name: 'second', statements: null }], local)).toEqual([
      '20260102000000_second: recorded without its statements, so it cannot be compared with 20260102000000_second.sql',
    ]);
  });

  it("reads this repository's migrations in version order", () => {
    const ours = localMigrations(path.resolve(import.meta.dirname, '../../supabase/migrations'));
    expect(ours.length).toBeGreaterThan(0);
    expect(ours.map((m) => m.version)).toEqual([...ours.map((m) => m.version)].sort());
    for (const m of ours) expect(m.file.startsWith(`${m.version}_`)).toBe(true);
  });
});
