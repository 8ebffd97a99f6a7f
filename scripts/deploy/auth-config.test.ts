import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parse, type TomlTable } from 'smol-toml';
import { describe, expect, it } from 'vitest';
import { localAddresses, splitSender, targetConfigToml, writeTargetConfig } from './auth-config.js';

const repoRoot = path.resolve(import.meta.dirname, '../..');
const cli = path.join(
  path.dirname(createRequire(import.meta.url).resolve('supabase/package.json')),
  'dist',
  'supabase.js',
);

/**
 * The Supabase CLI reads and checks a project's config.toml (types, template files) before it
 * connects anywhere: a dry-run push to a closed local port shows whether it accepted the file.
 */
function cliReads(workDir: string): string {
  const out = spawnSync(
    process.execPath,
    [cli, 'db', 'push', '--dry-run', `--workdir=${workDir}`, '--remote=postgresql://check@127.0.0.1:1/none'],
    { encoding: 'utf8', env: { ...process.env, SUPABASE_TELEMETRY_DISABLED: '1' }, timeout: 60_000 },
  );
  return out.stdout + out.stderr;
}

const repoConfig = readFileSync(path.resolve(import.meta.dirname, '../../supabase/config.toml'), 'utf8');
const target = {
  projectId: 'abcdefghijklmnopqrst',
  siteUrl: 'https://union.example',
  adminAppUrl: 'https://admin.union.example/admin/',
  smtp: { host: 'smtp.union.example', port: '587', user: 'u', pass: 'p', from: '"Union" <noreply@union.example>' },
};

describe("the target's auth settings (supabase config push)", () => {
  it('keeps every [auth] setting of config.toml but the addresses, and sends nothing else', () => {
    const written = parse(targetConfigToml(repoConfig, target));
    expect(Object.keys(written).sort()).toEqual(['auth', 'project_id']);
    const ours = structuredClone(parse(repoConfig).auth as TomlTable);
    const theirs = structuredClone(written.auth as TomlTable);
    expect(theirs.site_url).toBe('https://union.example');
    expect(theirs.additional_redirect_urls).toEqual([
      'https://union.example/**',
      'https://admin.union.example/admin/**',
    ]);
    expect((theirs.email as TomlTable).smtp).toEqual({
      enabled: true,
      host: 'smtp.union.example',
      port: 587,
      user: 'u',
      pass: 'p',
      admin_email: 'noreply@union.example',
      sender_name: 'Union',
    });
    for (const auth of [ours, theirs]) {
      delete auth.site_url;
      delete auth.additional_redirect_urls;
      delete (auth.email as TomlTable).smtp;
    }
    // Password policy, sign-ups off, rate limits, the recovery mail's subject and template path.
    expect(theirs).toEqual(ours);
  });

  it('holds no local address for a hosted project', () => {
    expect(localAddresses(repoConfig).length).toBeGreaterThan(0);
    expect(localAddresses(targetConfigToml(repoConfig, target))).toEqual([]);
  });

  it('reads the sender as a name and an address', () => {
    expect(splitSender('Palestinian Students Union <noreply@union.example>')).toEqual({
      name: 'Palestinian Students Union',
      address: 'noreply@union.example',
    });
    expect(splitSender('noreply@union.example')).toEqual({ name: '', address: 'noreply@union.example' });
  });

  it('is a config.toml the Supabase CLI accepts, with the recovery template beside it', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'auth-config-'));
    try {
      writeTargetConfig(repoRoot, dir, target);
      const accepted = cliReads(dir);
      expect(accepted).not.toMatch(/Invalid/);
      expect(accepted).toContain('failed to connect to postgres');
      // The same check refuses a file the CLI cannot use.
      const file = path.join(dir, 'supabase', 'config.toml');
      writeFileSync(file, readFileSync(file, 'utf8').replace('port = 587', 'port = "smtp"'));
      expect(cliReads(dir)).toMatch(/Invalid/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
