// The preflight's migration check. `supabase db push` records each migration it applies in the
// target's `supabase_migrations.schema_migrations` (version, name, and the file's statements)
// and never looks at a recorded version again: a migration edited after its release would be
// skipped without a word, and the target's schema would silently differ from the files.
// So before anything is pushed, every recorded version must still have its file, with the same
// statements.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pgConfig } from '../lib/pg-connect.js';

export interface RecordedMigration {
  version: string;
  name: string | null;
  statements: string[] | null;
}

export interface LocalMigration {
  version: string;
  file: string;
  text: string;
}

/** supabase/migrations/<version>_<name>.sql, as the CLI reads them. */
export function localMigrations(dir: string): LocalMigration[] {
  return readdirSync(dir)
    .filter((f) => /^\d+_.*\.sql$/.test(f))
    .sort()
    .map((file) => ({
      version: file.slice(0, file.indexOf('_')),
      file,
      text: readFileSync(path.join(dir, file), 'utf8'),
    }));
}

/**
 * The CLI records a file as its statements, split at the semicolons that end them (comments kept,
 * the semicolons and surrounding space dropped): compared without whitespace and semicolons, the
 * record and the file are the same text. A change to whitespace alone is not seen (it changes
 * nothing a database runs, outside a string literal).
 */
const normalize = (sql: string) => sql.replace(/[\s;]+/g, '');

/** What is wrong between the target's record and the local files; empty when nothing is. */
export function migrationDrift(recorded: RecordedMigration[], local: LocalMigration[]): string[] {
  const byVersion = new Map(local.map((m) => [m.version, m]));
  const problems: string[] = [];
  for (const record of recorded) {
    const file = byVersion.get(record.version);
    const label = `${record.version}${record.name ? `_${record.name}` : ''}`;
    if (!file) problems.push(`${label}: recorded on the target, but its file is not in supabase/migrations`);
    else if (record.statements === null)
      problems.push(`${label}: recorded without its statements, so it cannot be compared with ${file.file}`);
    else if (normalize(record.statements.join('')) !== normalize(file.text))
      problems.push(`${file.file}: changed since it was applied to the target`);
  }
  return problems;
}

export const driftAdvice = [
  'A released migration is never edited: put the change in a new migration file instead',
  '(git log -p supabase/migrations shows what changed). Restore the file, or, if the target was',
  'changed by hand on purpose, see docs/operations.md, "Rolling back a migration".',
].join('\n');

/**
 * The target's record, or nothing when no migration was ever pushed there. Read over TLS verified
 * against `ca` unless the database is on this machine (scripts/lib/pg-connect.ts).
 */
export async function readRecordedMigrations(dbUrl: string, ca: string | undefined): Promise<RecordedMigration[]> {
  const pg = (await import('pg')).default;
  const client = new pg.Client(pgConfig(dbUrl, ca, 'union-release'));
  await client.connect();
  try {
    const table = await client.query<{ ok: string | null }>(
      `select to_regclass('supabase_migrations.schema_migrations')::text as ok`,
    );
    if (!table.rows[0]?.ok) return [];
    const rows = await client.query<RecordedMigration>(
      'select version, name, statements from supabase_migrations.schema_migrations order by version',
    );
    return rows.rows;
  } finally {
    await client.end();
  }
}
