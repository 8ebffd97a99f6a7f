import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { mask, type ReleaseConfig, type SiteConfig } from './config.js';
import { hostedSiteTarget, hostedTarget, printRunner, type Command } from './hosted.js';
import { release, SITE_STEPS, STEPS } from './steps.js';

// The hosted release cannot reach Supabase or Cloudflare from here: its dry run prints the exact
// commands it would run, and these tests hold them (and the secrets' absence) in place.

const root = path.resolve(import.meta.dirname, '../..');
const config: ReleaseConfig = {
  SUPABASE_PROJECT_REF: 'abcdefghijklmnopqrst',
  SUPABASE_ANON_KEY: 'anon-key-public',
  SUPABASE_ACCESS_TOKEN: 'sbp_secret_token_1234',
  SUPABASE_DB_URL:
    'postgresql://postgres.abcdefghijklmnopqrst:db-Pa55word@aws-0-eu-central-1.pooler.supabase.com:5432/postgres',
  SUPABASE_DB_CA: 'supabase-ca.crt',
  SITE_URL: 'https://union.example',
  ADMIN_URL: 'https://admin.union.example',
  SMTP_HOST: 'smtp.union.example',
  SMTP_PORT: '587',
  SMTP_USER: 'noreply@union.example',
  SMTP_PASS: 'smtp-Pa55word',
  SMTP_FROM: 'Palestinian Students Union <noreply@union.example>',
  CLOUDFLARE_ACCOUNT_ID: '0123456789abcdef',
  CLOUDFLARE_API_TOKEN: 'cf-secret-token',
  PAGES_PROJECT_SITE: 'union-site',
  PAGES_PROJECT_ADMIN: 'union-admin',
};
const secrets = [
  config.SUPABASE_ACCESS_TOKEN,
  config.SUPABASE_DB_URL,
  'db-Pa55word',
  config.SMTP_PASS,
  config.CLOUDFLARE_API_TOKEN,
];

let workDir: string;
afterEach(() => rmSync(workDir, { recursive: true, force: true }));

/** A dry run of the whole release: every printed line, and the commands the runner was given. */
async function dryRun() {
  workDir = mkdtempSync(path.join(tmpdir(), 'release-test-'));
  const lines: string[] = [];
  const commands: Command[] = [];
  const print = printRunner(config, (line) => lines.push(line));
  const target = hostedTarget('production', config, {
    run: async (command) => {
      commands.push(command);
      await print(command);
    },
    root,
    dryRun: true,
    workDir,
    commit: 'c0ffee',
    log: (line) => lines.push(line),
  });
  // The tree holds uncommitted work while tests run: this test is about the commands.
  target.cleanTree = () => {};
  await release(
    target,
    { root, workDir, dryRun: true, marker: { commit: 'c0ffee', stamp: 'run-1' }, log: (line) => lines.push(line) },
    STEPS,
  );
  return { lines, commands };
}

describe('npm run deploy -- --dry-run', () => {
  it('prints every command of a release, in order, with the secrets masked', async () => {
    const { lines } = await dryRun();
    const shown = lines
      .filter((l) => l.startsWith('$ '))
      .map((l) => l.replace(/--(env-file|workdir)=\S+/, '--$1=<tmp>'));
    expect(shown).toEqual([
      `$ SUPABASE_ACCESS_TOKEN=***SUPABASE_ACCESS_TOKEN*** PGPASSWORD=***SUPABASE_DB_URL:password*** PGSSLMODE=verify-full PGSSLROOTCERT=${root}/supabase-ca.crt npx supabase db push --remote=postgresql://postgres.abcdefghijklmnopqrst@aws-0-eu-central-1.pooler.supabase.com:5432/postgres --yes`,
      '$ SUPABASE_ACCESS_TOKEN=***SUPABASE_ACCESS_TOKEN*** npx supabase functions deploy admin-users purge-images send-mail --remote=abcdefghijklmnopqrst --use-api --yes',
      '$ SUPABASE_ACCESS_TOKEN=***SUPABASE_ACCESS_TOKEN*** npx supabase secrets set --remote=abcdefghijklmnopqrst --env-file=<tmp> --yes',
      '$ SUPABASE_ACCESS_TOKEN=***SUPABASE_ACCESS_TOKEN*** npx supabase config push --remote=abcdefghijklmnopqrst --workdir=<tmp> --yes',
      `$ CLOUDFLARE_ACCOUNT_ID=0123456789abcdef CLOUDFLARE_API_TOKEN=***CLOUDFLARE_API_TOKEN*** WRANGLER_SEND_METRICS=false npx wrangler pages deploy ${workDir}/stage/site --project-name=union-site --branch=main --commit-hash=c0ffee --commit-dirty=false`,
      `$ CLOUDFLARE_ACCOUNT_ID=0123456789abcdef CLOUDFLARE_API_TOKEN=***CLOUDFLARE_API_TOKEN*** WRANGLER_SEND_METRICS=false npx wrangler pages deploy ${workDir}/stage/admin --project-name=union-admin --branch=main --commit-hash=c0ffee --commit-dirty=false`,
    ]);
    for (const secret of secrets) expect(lines.join('\n')).not.toContain(secret);
  });

  it('builds both apps for the union domain and its admin subdomain, the cookie on the parent domain', async () => {
    const { lines } = await dryRun();
    expect(lines).toContain(
      '    VITE_SUPABASE_URL=https://abcdefghijklmnopqrst.supabase.co VITE_SUPABASE_ANON_KEY=anon-key-public ' +
        'VITE_PUBLIC_SITE_URL=https://union.example VITE_ADMIN_URL=https://admin.union.example/admin/ ' +
        'VITE_SESSION_COOKIE_DOMAIN=union.example',
    );
  });

  it("sets the functions' secrets from a private file, never on a command line", async () => {
    const { commands } = await dryRun();
    const set = commands.find((c) => c.args[0] === 'secrets')!;
    const file = set.args.find((a) => a.startsWith('--env-file='))!.slice('--env-file='.length);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readFileSync(file, 'utf8')).toBe(
      [
        'SMTP_HOST="smtp.union.example"',
        'SMTP_PORT="587"',
        'SMTP_USER="noreply@union.example"',
        'SMTP_PASS="smtp-Pa55word"',
        'SMTP_FROM="Palestinian Students Union <noreply@union.example>"',
        'PUBLIC_SITE_URL="https://union.example"',
        '',
      ].join('\n'),
    );
    for (const command of commands) for (const secret of secrets) expect(command.args.join(' ')).not.toContain(secret);
  });

  it('pushes auth settings with the hosted addresses and the SMTP sender, no local address', async () => {
    const { commands } = await dryRun();
    const push = commands.find((c) => c.args[0] === 'config')!;
    const dir = push.args.find((a) => a.startsWith('--workdir='))!.slice('--workdir='.length);
    const toml = readFileSync(path.join(dir, 'supabase', 'config.toml'), 'utf8');
    expect(toml).toContain('site_url = "https://union.example"');
    expect(toml).toContain(
      'additional_redirect_urls = [ "https://union.example/**", "https://admin.union.example/admin/**" ]',
    );
    expect(toml).toContain('admin_email = "noreply@union.example"');
    expect(toml).not.toMatch(/127\.0\.0\.1|localhost|54321|union\.test/);
    // The recovery template travels with it (content_path is relative to the work folder).
    expect(readFileSync(path.join(dir, 'supabase', 'templates', 'recovery.html'), 'utf8')).toBe(
      readFileSync(path.join(root, 'supabase', 'templates', 'recovery.html'), 'utf8'),
    );
  });

  it('pushes migrations only over TLS verified against SUPABASE_DB_CA, a PEM given as text put in a file', async () => {
    workDir = mkdtempSync(path.join(tmpdir(), 'release-test-'));
    const pem = '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----';
    const commands: Command[] = [];
    const target = hostedTarget(
      'production',
      { ...config, SUPABASE_DB_CA: pem },
      { run: async (c) => void commands.push(c), root, dryRun: true, workDir, commit: 'c0ffee', log: () => {} },
    );
    await target.pushMigrations();
    expect(commands[0]!.env).toMatchObject({ PGSSLMODE: 'verify-full', PGPASSWORD: 'db-Pa55word' });
    expect(readFileSync(commands[0]!.env.PGSSLROOTCERT!, 'utf8')).toBe(`${pem}\n`);
  });

  it('refuses a release with uncommitted changes', () => {
    workDir = mkdtempSync(path.join(tmpdir(), 'release-test-'));
    const target = hostedTarget('production', config, {
      run: async () => {},
      root,
      dryRun: true,
      workDir,
      commit: 'c0ffee',
      log: () => {},
    });
    expect(() => target.cleanTree([' M supabase/seed.sql'])).toThrow(/Uncommitted changes/);
    expect(() => target.cleanTree([])).not.toThrow();
  });
});

describe('npm run deploy -- --site-only --dry-run (a content publish)', () => {
  const siteConfig: SiteConfig = {
    SUPABASE_PROJECT_REF: config.SUPABASE_PROJECT_REF,
    SUPABASE_ANON_KEY: config.SUPABASE_ANON_KEY,
    SUPABASE_SERVICE_ROLE_KEY: 'service-role-secret-5678',
    SITE_URL: config.SITE_URL,
    ADMIN_URL: config.ADMIN_URL,
    CLOUDFLARE_ACCOUNT_ID: config.CLOUDFLARE_ACCOUNT_ID,
    CLOUDFLARE_API_TOKEN: config.CLOUDFLARE_API_TOKEN,
    PAGES_PROJECT_SITE: config.PAGES_PROJECT_SITE,
  };

  it('uploads the public site alone, built for the same addresses, the secrets masked', async () => {
    workDir = mkdtempSync(path.join(tmpdir(), 'publish-test-'));
    const lines: string[] = [];
    const print = printRunner(siteConfig, (line) => lines.push(line));
    const target = hostedSiteTarget('production', siteConfig, {
      run: print,
      root,
      dryRun: true,
      workDir,
      commit: 'c0ffee',
      log: (line) => lines.push(line),
    });
    target.cleanTree = () => {};
    target.liveRelease = async () => 'c0ffee';
    await release(
      target,
      { root, workDir, dryRun: true, marker: { commit: 'c0ffee', stamp: 'run-1' }, log: (line) => lines.push(line) },
      SITE_STEPS,
    );
    expect(lines.filter((l) => l.startsWith('$ '))).toEqual([
      `$ CLOUDFLARE_ACCOUNT_ID=0123456789abcdef CLOUDFLARE_API_TOKEN=***CLOUDFLARE_API_TOKEN*** WRANGLER_SEND_METRICS=false npx wrangler pages deploy ${workDir}/stage/site --project-name=union-site --branch=main --commit-hash=c0ffee --commit-dirty=false`,
    ]);
    expect(lines).toContain(
      '    VITE_SUPABASE_URL=https://abcdefghijklmnopqrst.supabase.co VITE_SUPABASE_ANON_KEY=anon-key-public ' +
        'VITE_PUBLIC_SITE_URL=https://union.example VITE_ADMIN_URL=https://admin.union.example/admin/ ' +
        'VITE_SESSION_COOKIE_DOMAIN=union.example',
    );
    expect(target.serviceRoleKey).toBe('service-role-secret-5678');
    for (const secret of secrets) expect(lines.join('\n')).not.toContain(secret);
    // The key a publish reports with is masked wherever an error could show it.
    expect(mask(`key ${siteConfig.SUPABASE_SERVICE_ROLE_KEY}`, siteConfig)).toBe('key ***SUPABASE_SERVICE_ROLE_KEY***');
    await expect(target.upload('admin', workDir)).rejects.toThrow(/public site only/);
  });
});
