// The database a generator reads the schema from (npm run gen:types, npm run db:schema):
// SUPABASE_DB_URL when it is set, else a throw-away local stack on free ports in a temp folder,
// fresh (bootstrap, migrations and seed applied), stopped and deleted once `fn` is done.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export async function withSchemaDatabase<T>(tmpPrefix: string, fn: (dbUrl: string) => Promise<T>): Promise<T> {
  const given = process.env.SUPABASE_DB_URL;
  if (given) return fn(given);
  // Loaded only when needed: with SUPABASE_DB_URL the generators run without the stack's code.
  const { startStack } = await import('@union/local-stack');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), tmpPrefix));
  try {
    const stack = await startStack({ dataDir: dir, ports: 'free', reset: true });
    try {
      return await fn(stack.dbUrl);
    } finally {
      await stack.stop();
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/**
 * A generator's command line (scripts/gen-types.ts, scripts/dump-schema.ts): when the script at
 * `scriptUrl` is the one run (not imported by a test), writes `generate`'s text for the schema
 * database to `file` and exits, 1 on failure.
 */
export function writeWhenRun(
  scriptUrl: string,
  tmpPrefix: string,
  file: string,
  generate: (dbUrl: string) => Promise<string>,
): void {
  if (!process.argv[1] || scriptUrl !== pathToFileURL(path.resolve(process.argv[1])).href) return;
  withSchemaDatabase(tmpPrefix, async (dbUrl) => {
    const text = await generate(dbUrl);
    fs.writeFileSync(file, text);
    console.log(`wrote ${path.relative(repoRoot, file)} (${text.length} bytes)`);
  }).then(
    () => process.exit(0),
    (e: unknown) => {
      console.error(e);
      process.exit(1);
    },
  );
}
