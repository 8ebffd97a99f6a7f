// Schema hygiene: Supabase's linter finds nothing at WARN or ERROR level, the generated types
// match the migrations, and docs/permissions.md covers every public table and function.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { generateTypes, typesFile } from '../../scripts/gen-types.ts';
import { cells, readPermissions } from './permissions-doc.ts';
import { env, repoRoot, sql } from './helpers.ts';

const require = createRequire(import.meta.url);

function cli(args: string[]): Promise<{ code: number | null; out: string; err: string }> {
  const bin = require.resolve('supabase/package.json').replace(/package\.json$/, 'dist/supabase.js');
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [bin, ...args, '--workdir', repoRoot], {
      cwd: repoRoot,
      env: { ...process.env, SUPABASE_TELEMETRY_DISABLED: '1', DO_NOT_TRACK: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => (out += d));
    child.stderr.on('data', (d: Buffer) => (err += d));
    child.on('error', reject);
    child.on('exit', (code) => resolve({ code, out, err }));
  });
}

interface Finding {
  name: string;
  level: string;
  detail: string;
}

describe('Supabase linter (db advisors)', () => {
  it('reports no WARN or ERROR findings', async () => {
    const { code, out, err } = await cli([
      'db',
      'advisors',
      `--remote=${env.dbUrl}`,
      '--type',
      'all',
      '--level',
      'info',
      '--output-format',
      'json',
    ]);
    const start = out.indexOf('{"results"');
    expect(start, `no JSON from db advisors (exit ${code}):\n${out}\n${err}`).toBeGreaterThanOrEqual(0);
    const findings = (JSON.parse(out.slice(start).trim()) as { results: Finding[] }).results;
    const serious = findings.filter((f) => f.level !== 'INFO').map((f) => `${f.level} ${f.name}: ${f.detail}`);
    expect(serious).toEqual([]);
    // The remaining INFO findings are the documented ones (docs/permissions.md "Linter").
    const kinds = new Set(findings.map((f) => f.name));
    expect(kinds.has('rls_enabled_no_policy'), 'the linter output was parsed').toBe(true);
    for (const k of kinds) expect(['unused_index', 'rls_enabled_no_policy'], k).toContain(k);
  }, 120_000);
});

describe('generated database types', () => {
  it('shared/src/database.types.ts matches a fresh generation (run npm run gen:types)', async () => {
    const fresh = await generateTypes(env.dbUrl);
    expect(fs.readFileSync(typesFile, 'utf8')).toBe(fresh);
  }, 120_000);
});

describe('docs/permissions.md', () => {
  const doc = readPermissions();

  it('lists every public table with select, insert, update and delete', async () => {
    const tables = await sql<{ name: string }>(`
      select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind in ('r', 'p', 'v', 'm', 'f')
        and c.relname not like 'stack\\_core\\_%'`);
    expect(tables.length).toBeGreaterThanOrEqual(11);
    const documented = cells('tables', doc);
    for (const { name } of tables) {
      const ops = new Set(documented.filter((c) => c.subject === name).map((c) => c.operation));
      expect([...ops].sort(), `table ${name} in docs/permissions.md`).toEqual(['delete', 'insert', 'select', 'update']);
    }
    const names = new Set(tables.map((t) => t.name));
    for (const c of documented) expect(names.has(c.subject), `documented table ${c.subject} exists`).toBe(true);
  });

  it('lists every public function', async () => {
    const fns = await sql<{ name: string }>(`
      select distinct p.proname as name from pg_proc p join pg_namespace n on n.oid = p.pronamespace
      where n.nspname = 'public'`);
    expect(fns.length).toBeGreaterThanOrEqual(5);
    const documented = new Set(cells('functions', doc).map((c) => c.subject));
    for (const { name } of fns) expect(documented.has(name), `function ${name} in docs/permissions.md`).toBe(true);
    const names = new Set(fns.map((f) => f.name));
    for (const d of documented) expect(names.has(d), `documented function ${d} exists`).toBe(true);
  });

  it('covers the images bucket and the admin-users function for all four roles', () => {
    expect(cells('storage', doc).length).toBeGreaterThanOrEqual(6 * 4);
    expect(cells('edge', doc).map((c) => c.operation)).toEqual(expect.arrayContaining(['create', 'delete']));
  });
});
