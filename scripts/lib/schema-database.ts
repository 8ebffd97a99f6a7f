// The database a generator reads the schema from (npm run gen:types, npm run db:schema):
// SUPABASE_DB_URL when it is set, else a throw-away local stack on free ports in a temp folder,
// fresh (bootstrap, migrations and seed applied), stopped and deleted once `fn` is done.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

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
