// Migrations and seed through the REAL Supabase CLI (`supabase db push --remote=<url>`), so the
// local database gets the same files and the same bookkeeping (supabase_migrations schema) as a
// hosted project. No Docker: db push only needs a database URL.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { repoRoot, supabaseDir } from './paths.js';

const require = createRequire(import.meta.url);

/** The CLI's launcher script (it picks the platform binary). */
export function supabaseCli(): string {
  return path.join(path.dirname(require.resolve('supabase/package.json')), 'dist', 'supabase.js');
}

/** Runs the Supabase CLI with cwd = repo root; resolves with its output, rejects with it on failure. */
export function runCli(args: string[], log?: (line: string) => void): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [supabaseCli(), ...args, '--workdir', repoRoot], {
      cwd: repoRoot,
      env: { ...process.env, SUPABASE_TELEMETRY_DISABLED: '1', DO_NOT_TRACK: '1', SUPABASE_YES: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    const onData = (d: Buffer) => {
      out += d;
      for (const line of d.toString().split('\n')) if (line.trim()) log?.(line.trim());
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve(out) : reject(new Error(`supabase ${args.join(' ')} failed (${code}):\n${out}`)),
    );
  });
}

export interface MigrateOptions {
  dbUrl: string;
  /** Also run config.toml's seed files (fresh database). */
  seed: boolean;
  log?: (line: string) => void;
}

/** `supabase db push --remote=<url> --include-all [--include-seed]`. */
export async function pushMigrations(opts: MigrateOptions): Promise<void> {
  const args = ['db', 'push', `--remote=${opts.dbUrl}`, '--include-all', '--yes'];
  const seedFiles = fs.existsSync(path.join(supabaseDir, 'seed.sql'));
  if (opts.seed && seedFiles) args.push('--include-seed');
  await runCli(args, opts.log);
}

export interface SeedHookContext {
  apiUrl: string;
  serviceRoleKey: string;
}

/**
 * After the seed SQL: runs supabase/seed-images/upload.ts when it exists (the backend's demo
 * image upload; it default-exports `async (ctx: {apiUrl, serviceRoleKey}) => void`).
 */
export async function runSeedHooks(stack: SeedHookContext, log?: (line: string) => void): Promise<boolean> {
  const file = path.join(supabaseDir, 'seed-images', 'upload.ts');
  if (!fs.existsSync(file)) return false;
  log?.('seed hook seed-images/upload.ts');
  const mod = (await import(pathToFileURL(file).href)) as { default?: (ctx: SeedHookContext) => Promise<void> };
  if (typeof mod.default !== 'function') throw new Error(`${file} must default-export an async function`);
  await mod.default({ apiUrl: stack.apiUrl, serviceRoleKey: stack.serviceRoleKey });
  return true;
}

/** Migrations in supabase/migrations that the database has not recorded yet. */
export async function pendingMigrations(dbUrl: string): Promise<string[]> {
  const dir = path.join(supabaseDir, 'migrations');
  const versions = fs.existsSync(dir)
    ? fs
        .readdirSync(dir)
        .map((f) => /^(\d+)_.*\.sql$/.exec(f)?.[1])
        .filter((v): v is string => Boolean(v))
    : [];
  if (versions.length === 0) return [];
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: dbUrl });
  // A lost connection fails the query (and so the start); unheard, it would crash (pg-errors.ts).
  client.on('error', () => {});
  await client.connect();
  try {
    const { rows } = await client.query<{ version: string }>(
      `select version from supabase_migrations.schema_migrations`,
    );
    const done = new Set(rows.map((r) => r.version));
    return versions.filter((v) => !done.has(v));
  } catch {
    return versions; // no bookkeeping table yet
  } finally {
    await client.end();
  }
}
