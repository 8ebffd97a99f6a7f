// `npm run db:lock`: records new migrations in supabase/migrations.lock, one line each with the
// SHA-256 of the file. Migrations are append-only: `supabase db push` records each version it
// applied on the hosted database and never looks at that file again, so an edit to a released
// migration would be skipped in production while every local test (which builds a fresh
// database) stays green. The lock turns that silent skip into a failing test
// (supabase/tests/migrations-lock.test.ts): a recorded migration that changed or disappeared
// fails, and a new one fails until it is recorded with this command. The command itself only
// ever adds lines: it refuses to run while a recorded migration differs from its line.
//
// The file is sorted by name and has no date or other varying content, so the same migrations
// always give the same bytes (the lead reruns it after merging branches; .gitattributes merges
// it as a union of lines, which this command then puts back in order).
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const migrationsDir = path.join(repoRoot, 'supabase', 'migrations');
export const lockFile = path.join(repoRoot, 'supabase', 'migrations.lock');
export const LOCK_COMMAND = 'npm run db:lock';

const HEADER = `# Released migrations and the SHA-256 of each file, written by \`${LOCK_COMMAND}\`.
# Never edit or delete a migration listed here: change the schema in a new migration
# (supabase/migrations/<timestamp>_<name>.sql), then run \`${LOCK_COMMAND}\` to record it.
# supabase/tests/migrations-lock.test.ts fails when a file differs from its line.
`;

const LINE = /^([0-9a-f]{64}) {2}(\S+\.sql)$/;

export const sha256 = (bytes: Buffer | string) => crypto.createHash('sha256').update(bytes).digest('hex');

/** The recorded lines: file name → hash. Comments, blank lines and anything else are ignored. */
export function parseLock(text: string): Map<string, string> {
  const entries = new Map<string, string>();
  for (const line of text.split('\n')) {
    const m = LINE.exec(line.trim());
    if (m) entries.set(m[2]!, m[1]!);
  }
  return entries;
}

/** The migration files of a folder and their hashes, by name. */
export function hashMigrations(dir: string = migrationsDir): Map<string, string> {
  const files = fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.sql'))
    .sort();
  return new Map(files.map((f) => [f, sha256(fs.readFileSync(path.join(dir, f)))]));
}

export function formatLock(entries: Map<string, string>): string {
  const names = [...entries.keys()].sort();
  return HEADER + names.map((n) => `${entries.get(n)}  ${n}\n`).join('');
}

export interface LockCheck {
  /** Recorded migrations whose file changed or is gone: never allowed. */
  tampered: string[];
  /** Migrations not recorded yet: run the command. */
  unrecorded: string[];
  /** The lock's text once the new migrations are recorded (only meaningful without tampering). */
  expected: string;
}

export function checkLock(files: Map<string, string>, lockText: string): LockCheck {
  const recorded = parseLock(lockText);
  const tampered: string[] = [];
  for (const [name, hash] of recorded) {
    const now = files.get(name);
    if (now === undefined) tampered.push(`${name}: deleted`);
    else if (now !== hash) tampered.push(`${name}: changed (recorded ${hash.slice(0, 12)}…, now ${now.slice(0, 12)}…)`);
  }
  const unrecorded = [...files.keys()].filter((f) => !recorded.has(f));
  const merged = new Map(recorded);
  for (const f of unrecorded) merged.set(f, files.get(f)!);
  return { tampered, unrecorded, expected: formatLock(merged) };
}

export const TAMPERED_ADVICE =
  'Released migrations are never edited or deleted (supabase db push would skip the change on the hosted ' +
  'database): restore the file (git checkout -- supabase/migrations/<file>) and write the change as a new ' +
  `migration, then run \`${LOCK_COMMAND}\`.`;

function main(): number {
  const lockText = fs.existsSync(lockFile) ? fs.readFileSync(lockFile, 'utf8') : '';
  const { tampered, unrecorded, expected } = checkLock(hashMigrations(), lockText);
  if (tampered.length > 0) {
    console.error(`Recorded migrations differ from supabase/migrations.lock:\n  ${tampered.join('\n  ')}`);
    console.error(TAMPERED_ADVICE);
    return 1;
  }
  if (expected !== lockText) fs.writeFileSync(lockFile, expected);
  console.log(
    unrecorded.length > 0
      ? `recorded ${unrecorded.join(', ')} in supabase/migrations.lock`
      : 'supabase/migrations.lock: every migration is recorded',
  );
  return 0;
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  process.exit(main());
}
