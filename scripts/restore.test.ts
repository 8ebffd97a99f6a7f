// What `npm run backup` and `npm run restore` refuse before they open anything: a command that
// names no project, and a hosted --replace whose project reference was not typed or confirmed.
// The hosted settings point at an address nothing answers on: a refusal that tried to connect
// would fail differently.
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
const REF = 'abcdefghijklmnopqrst';
const hosted = {
  SUPABASE_PROJECT_REF: REF,
  SUPABASE_SERVICE_ROLE_KEY: 'sb_secret_hosted',
  SUPABASE_DB_URL: `postgresql://postgres.${REF}:pw@aws-0-eu-central-1.pooler.supabase.com:5432/postgres`,
  SUPABASE_DB_CA: '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n',
  SITE_URL: 'https://union.example',
  ADMIN_URL: 'https://admin.union.example',
  // What a terminal may still hold from another session: never read.
  SUPABASE_URL: 'http://127.0.0.1:1',
};

async function cli(script: 'backup' | 'restore', args: string[], env: Record<string, string> = {}) {
  try {
    const r = await promisify(execFile)(
      process.execPath,
      [path.join(root, 'node_modules', 'tsx', 'dist', 'cli.mjs'), path.join(root, 'scripts', `${script}.ts`), ...args],
      { cwd: root, env: { ...process.env, ...env } },
    );
    return { code: 0, out: r.stdout + r.stderr };
  } catch (e) {
    const err = e as { code: number; stdout: string; stderr: string };
    return { code: err.code, out: err.stdout + err.stderr };
  }
}

describe('backup and restore name their project', () => {
  it('refuse to run without --target', async () => {
    const backup = await cli('backup', ['x.age'], hosted);
    expect(backup.code).toBe(2);
    expect(backup.out).toMatch(/Name the project: --target=local .* or --target=hosted/);
    const restore = await cli('restore', ['x.age', '--replace'], hosted);
    expect(restore.code).toBe(2);
    expect(restore.out).toMatch(/Name the project/);
  });

  it('refuse a hosted --replace without the reference typed, or with another one', async () => {
    const untyped = await cli('restore', ['--target=hosted', 'x.age', '--replace'], hosted);
    expect(untyped.code, untyped.out).toBe(2);
    expect(untyped.out).toMatch(
      new RegExp(`"production" \\(${REF}\\) needs its reference typed.*--confirm=${REF}`, 's'),
    );
    const wrong = await cli(
      'restore',
      ['--target=hosted', 'x.age', '--replace', '--confirm=zzzzzzzzzzzzzzzzzzzz'],
      hosted,
    );
    expect(wrong.code).toBe(2);
    expect(wrong.out).toMatch(/is not the project of "production".*nothing was changed/);
  });

  it('refuse the demo service key as a hosted project, and --confirm for the local stack', async () => {
    const { SERVICE_ROLE_KEY } = await import('@union/local-stack');
    const demo = await cli('backup', ['--target=hosted', 'x.age'], {
      ...hosted,
      SUPABASE_SERVICE_ROLE_KEY: SERVICE_ROLE_KEY,
    });
    expect(demo.code).toBe(1);
    expect(demo.out).toMatch(/demo service key: that is not a hosted project/);
    const local = await cli('restore', ['--target=local', 'x.age', `--confirm=${REF}`]);
    expect(local.code).toBe(2);
    expect(local.out).toMatch(/--confirm is for a hosted project/);
  });
});
