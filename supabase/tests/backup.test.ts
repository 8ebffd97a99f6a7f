// The restore drill (docs/operations.md, "Backups"): the test stack, with the seed plus new
// submissions, staff and images, is backed up with `npm run backup`; a second stack, fresh and
// without the seed (a new project after its first deploy), is restored from the archive with
// `npm run restore` (each stack named by --target=local --data-dir); then every table (row count and a checksum of the rows, computed here, not
// by the backup code), every file (its bytes) and a restored staff sign-in are compared. Also: a
// target with data is refused without --replace and replaced with it; an archive with one
// changed byte, opened with another key or signed with another key is refused, and a table load
// that fails leaves the target as it was.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { StorageClient } from '@supabase/storage-js';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { generateIdentity } from 'age-encryption';
import pg from 'pg';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStack, type Stack } from '@union/local-stack';
import { newSigningPair } from '../../scripts/lib/backup/signing.ts';
import {
  createUser,
  env,
  pngBytes,
  pngBytes2,
  rand,
  repoRoot,
  SEED,
  service,
  submit,
  anon,
  type TestUser,
} from './helpers.ts';

const run = promisify(execFile);

interface Project {
  url: string;
  serviceKey: string;
  anonKey: string;
  dbUrl: string;
  /** The stack's data folder, where it records itself (`--target=local --data-dir=`). */
  dir: string;
}

/**
 * `npm run backup|restore` as a person runs it, against the local stack `p`, named by
 * `--target=local --data-dir`; resolves to exit code and output. The shell's SUPABASE_* variables
 * name the other stack (the test environment's), which the commands must ignore.
 */
async function command(
  p: Project,
  script: 'backup' | 'restore',
  args: string[],
  extraEnv: Record<string, string> = {},
  target: string[] = ['--target=local', `--data-dir=${p.dir}`],
) {
  try {
    const { stdout, stderr } = await run(
      process.execPath,
      [
        path.join(repoRoot, 'node_modules', 'tsx', 'dist', 'cli.mjs'),
        path.join(repoRoot, 'scripts', `${script}.ts`),
        ...target,
        ...args,
      ],
      {
        cwd: repoRoot,
        env: {
          ...process.env,
          BACKUP_RECIPIENT: '',
          BACKUP_IDENTITY: '',
          BACKUP_SIGNING_KEY: '',
          BACKUP_VERIFY_KEY: '',
          ...extraEnv,
        },
      },
    );
    return { code: 0, out: stdout + stderr };
  } catch (e) {
    const err = e as { code: number; stdout: string; stderr: string };
    return { code: err.code, out: err.stdout + err.stderr };
  }
}

/** The data folder of the stack behind `dbUrl` (the test environment's own stack). */
async function dataDir(dbUrl: string): Promise<string> {
  const admin = new URL(dbUrl);
  admin.username = 'supabase_admin';
  const [row] = await query<{ setting: string }>(
    admin.href,
    `select setting from pg_settings where name = 'data_directory'`,
  );
  return path.dirname(row!.setting);
}

async function query<T extends pg.QueryResultRow>(dbUrl: string, text: string): Promise<T[]> {
  const c = new pg.Client({ connectionString: dbUrl });
  await c.connect();
  try {
    await c.query("set timezone = 'UTC'");
    return (await c.query<T>(text)).rows;
  } finally {
    await c.end();
  }
}

/** Every table of public, private and the auth users/identities: row count and md5 of the sorted rows. */
async function tableChecksums(dbUrl: string): Promise<Record<string, string>> {
  const tables = await query<{ name: string }>(
    dbUrl,
    `select format('%I.%I', schemaname, tablename) as name from pg_tables
      where schemaname in ('public', 'private') or (schemaname = 'auth' and tablename in ('users', 'identities'))
      order by 1`,
  );
  const out: Record<string, string> = {};
  for (const { name } of tables) {
    const [r] = await query<{ n: number; h: string }>(
      dbUrl,
      `select count(*)::int as n, md5(coalesce(string_agg(t::text, ',' order by t::text), '')) as h from ${name} t`,
    );
    out[name] = `${r!.n} rows ${r!.h}`;
  }
  return out;
}

/** Every Storage object's bytes, fetched through the API. */
async function files(p: Project): Promise<Record<string, string>> {
  const names = await query<{ bucket_id: string; name: string }>(
    p.dbUrl,
    'select bucket_id, name from storage.objects order by 1, 2',
  );
  const storage = new StorageClient(`${p.url}/storage/v1`, {
    apikey: p.serviceKey,
    Authorization: `Bearer ${p.serviceKey}`,
  });
  const out: Record<string, string> = {};
  for (const o of names) {
    const { data, error } = await storage.from(o.bucket_id).download(o.name);
    if (error || !data) throw new Error(`${o.bucket_id}/${o.name}: ${error?.message}`);
    out[`${o.bucket_id}/${o.name}`] = Buffer.from(await data.arrayBuffer()).toString('base64');
  }
  return out;
}

async function signIn(p: Project, email: string, password: string): Promise<SupabaseClient> {
  const c = createClient(p.url, p.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
  });
  const { error } = await c.auth.signInWithPassword({ email, password });
  if (error) throw new Error(`sign-in as ${email}: ${error.message}`);
  return c;
}

describe('backup and restore drill', () => {
  let source: Project;
  let target: Project;
  let targetStack: Stack;
  let dir: string;
  let archive: string;
  let staff: TestUser;
  let sourceTables: Record<string, string>;
  let sourceFiles: Record<string, string>;

  beforeAll(async () => {
    source = {
      url: env.url,
      serviceKey: env.serviceRoleKey,
      anonKey: env.anonKey,
      dbUrl: env.dbUrl,
      dir: await dataDir(env.dbUrl),
    };
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'union-backup-test-'));
    // The new project: started while the source gets its new data (both take a while).
    const targetDir = path.join(dir, 'target');
    const targetP = startStack({ dataDir: targetDir, ports: 'free', reset: true, seed: false });

    staff = await createUser('editor');
    const name = `Drill ${rand()}`;
    expect(
      await submit(anon(), { type: 'contact', name, email: `d-${rand()}@example.com`, message: 'backup drill' }),
    ).toBeNull();
    expect(
      await submit(anon(), { type: 'suggestion', name, student_number: SEED.enabledStudent, message: 'a suggestion' }),
    ).toBeNull();
    const images = service().storage.from('images');
    for (const [i, bytes] of [pngBytes(), pngBytes2()].entries()) {
      const { error } = await images.upload(`events/drill-${rand()}-${i}.png`, bytes, { contentType: 'image/png' });
      expect(error).toBeNull();
    }

    targetStack = await targetP;
    target = {
      url: targetStack.apiUrl,
      serviceKey: targetStack.serviceRoleKey,
      anonKey: targetStack.anonKey,
      dbUrl: targetStack.dbUrl,
      dir: targetDir,
    };

    archive = path.join(dir, 'site.age');
    // The source keeps running (retention, mail jobs): the comparison is of the backup's moment,
    // so the source is read right after it and must not have moved meanwhile.
    const before = await tableChecksums(source.dbUrl);
    const made = await command(source, 'backup', [archive]);
    expect(made.out, made.out).toMatch(/tables .* files/);
    expect(made.code).toBe(0);
    sourceTables = await tableChecksums(source.dbUrl);
    expect(sourceTables).toEqual(before);
    sourceFiles = await files(source);
  }, 240_000);

  afterAll(async () => {
    await targetStack?.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('writes an archive that is encrypted (no readable personal data in it)', () => {
    const bytes = fs.readFileSync(archive);
    expect(bytes.subarray(0, 21).toString()).toBe('age-encryption.org/v1');
    expect(bytes.includes(Buffer.from(staff.email))).toBe(false);
    expect(bytes.includes(Buffer.from('backup drill'))).toBe(false);
  });

  it('refuses to run without a named project, whatever SUPABASE_* the shell holds', async () => {
    for (const script of ['backup', 'restore'] as const) {
      const r = await command(target, script, [archive], {}, []);
      expect(r.code, r.out).toBe(2);
      expect(r.out).toMatch(/Name the project: --target=local/);
    }
    const none = await command(target, 'backup', [path.join(dir, 'none.age')], {}, [
      '--target=local',
      `--data-dir=${path.join(dir, 'no-stack-here')}`,
    ]);
    expect(none.code).toBe(1);
    expect(none.out).toMatch(/No local stack is running on .*no-stack-here/);
  });

  it('refuses an archive with one changed byte and one opened with another key, changing nothing', async () => {
    const tampered = path.join(dir, 'tampered.age');
    const bytes = fs.readFileSync(archive);
    bytes[Math.floor(bytes.length / 2)]! ^= 0x01;
    fs.writeFileSync(tampered, bytes);
    const r = await command(target, 'restore', [tampered]);
    expect(r.code).toBe(1);
    expect(r.out).toMatch(/damaged or was changed/);

    const other = await generateIdentity();
    const wrongKey = await command(target, 'restore', [archive], { BACKUP_IDENTITY: other });
    expect(wrongKey.code).toBe(1);
    expect(wrongKey.out).toMatch(/cannot be opened with this key/);

    expect((await query(target.dbUrl, 'select 1 from auth.users')).length).toBe(0);
    expect((await query(target.dbUrl, 'select 1 from storage.objects')).length).toBe(0);
  });

  it('refuses a forged archive (encrypted to the public key, signed with another key), changing nothing', async () => {
    const forged = path.join(dir, 'forged.age');
    const made = await command(source, 'backup', [forged], { BACKUP_SIGNING_KEY: newSigningPair().secret });
    expect(made.code, made.out).toBe(0);
    const r = await command(target, 'restore', [forged]);
    expect(r.code).toBe(1);
    expect(r.out).toMatch(/not signed with the union’s backup key/);
    expect((await query(target.dbUrl, 'select 1 from auth.users')).length).toBe(0);
    expect((await query(target.dbUrl, 'select 1 from storage.objects')).length).toBe(0);
  });

  it('restores every table, every file and the staff accounts into an empty project', async () => {
    const r = await command(target, 'restore', [archive]);
    expect(r.out, r.out).toMatch(/checksums verified/);
    expect(r.code, r.out).toBe(0);

    expect(await tableChecksums(target.dbUrl)).toEqual(sourceTables);
    expect(Object.keys(sourceFiles).length).toBeGreaterThan(2);
    expect(await files(target)).toEqual(sourceFiles);

    const restored = await signIn(target, staff.email, staff.password);
    expect((await restored.rpc('is_staff')).data).toBe(true);
    const superadmin = await signIn(target, 'superadmin@union.test', 'Superadmin1');
    expect((await superadmin.rpc('is_superadmin')).data).toBe(true);
  });

  it('leaves the target’s rows and files as they were when the table load fails', async () => {
    const extra = `events/kept-${rand()}.png`;
    const svc = new StorageClient(`${target.url}/storage/v1`, {
      apikey: target.serviceKey,
      Authorization: `Bearer ${target.serviceKey}`,
    });
    expect((await svc.from('images').upload(extra, pngBytes(), { contentType: 'image/png' })).error).toBeNull();
    const rowsBefore = await tableChecksums(target.dbUrl);
    const filesBefore = await files(target);
    // A rule the archive's events break, checked on insert only: the load fails half way through.
    await query(target.dbUrl, 'alter table public.events add constraint drill_refuses check (false) not valid');
    try {
      const r = await command(target, 'restore', [archive, '--replace']);
      expect(r.code, r.out).toBe(1);
      expect(r.out).toMatch(/drill_refuses.*Nothing of the target was changed/s);
    } finally {
      await query(target.dbUrl, 'alter table public.events drop constraint drill_refuses');
    }
    expect(await tableChecksums(target.dbUrl)).toEqual(rowsBefore);
    expect(await files(target)).toEqual(filesBefore);
  });

  it('refuses a project with data unless given --replace, which replaces it', async () => {
    // The target now holds the site; an extra file and an extra submission mark it as changed.
    const extra = `events/after-${rand()}.png`;
    const svc = new StorageClient(`${target.url}/storage/v1`, {
      apikey: target.serviceKey,
      Authorization: `Bearer ${target.serviceKey}`,
    });
    expect((await svc.from('images').upload(extra, pngBytes(), { contentType: 'image/png' })).error).toBeNull();

    const refused = await command(target, 'restore', [archive]);
    expect(refused.code).toBe(1);
    expect(refused.out).toMatch(/not empty .*--replace/s);
    expect((await files(target))[`images/${extra}`]).toBeDefined();

    const replaced = await command(target, 'restore', [archive, '--replace']);
    expect(replaced.out, replaced.out).toMatch(/Restored/);
    expect(await tableChecksums(target.dbUrl)).toEqual(sourceTables);
    expect(await files(target)).toEqual(sourceFiles);
  });
});
