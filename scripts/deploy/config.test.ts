import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, KEYS, mask, readHostedConfig, sessionCookieDomain, SITE_KEYS } from './config.js';

const full: Record<string, string> = {
  SUPABASE_PROJECT_REF: 'abcdefghijklmnopqrst',
  SUPABASE_ANON_KEY: 'anon',
  SUPABASE_ACCESS_TOKEN: 'sbp_token',
  SUPABASE_DB_URL: 'postgresql://postgres.abcdefghijklmnopqrst:pw-secret@pooler.example:5432/postgres',
  SUPABASE_DB_CA: 'supabase-ca.crt',
  SITE_URL: 'https://union.example',
  ADMIN_URL: 'https://admin.union.example',
  SMTP_HOST: 'smtp.union.example',
  SMTP_PORT: '465',
  SMTP_USER: 'mailer',
  SMTP_PASS: 'smtp-secret',
  SMTP_FROM: 'Union <noreply@union.example>',
  CLOUDFLARE_ACCOUNT_ID: 'acc',
  CLOUDFLARE_API_TOKEN: 'cf-secret',
  PAGES_PROJECT_SITE: 'union-site',
  PAGES_PROJECT_ADMIN: 'union-admin',
};

let root: string | undefined;
afterEach(() => {
  if (root) rmSync(root, { recursive: true, force: true });
});
const fresh = (): string => (root = mkdtempSync(path.join(tmpdir(), 'deploy-config-')));

describe('the configuration of a hosted release', () => {
  it('reads the git-ignored file, the environment winning over it', () => {
    const dir = fresh();
    writeFileSync(
      path.join(dir, 'deploy.staging.env'),
      Object.entries(full)
        .map(([k, v]) => `${k}="${v}"`)
        .join('\n'),
    );
    const config = readHostedConfig(dir, 'staging', { SMTP_PORT: '587' });
    expect(config.SMTP_PORT).toBe('587');
    expect(config.SMTP_FROM).toBe('Union <noreply@union.example>');
  });

  it('names every missing setting, and what it is, without printing any value', () => {
    const dir = fresh();
    const { SMTP_PASS: _pass, CLOUDFLARE_API_TOKEN: _token, ...partial } = full;
    let message = '';
    try {
      readHostedConfig(dir, 'production', partial);
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      message = (error as Error).message;
    }
    expect(message).toContain(`SMTP_PASS: ${KEYS.SMTP_PASS.about}`);
    expect(message).toContain(`CLOUDFLARE_API_TOKEN: ${KEYS.CLOUDFLARE_API_TOKEN.about}`);
    expect(message).toContain('deploy.production.env');
    expect(message).not.toContain('sbp_token');
  });

  it('a release does without the service role key; a content publish needs it, and only its own settings', () => {
    const dir = fresh();
    const release = readHostedConfig(dir, 'production', { ...full, SUPABASE_SERVICE_ROLE_KEY: 'sr' });
    expect(release).not.toHaveProperty('SUPABASE_SERVICE_ROLE_KEY');
    expect(Object.keys(release)).toHaveLength(Object.keys(KEYS).length - 1);
    const site = {
      SUPABASE_PROJECT_REF: full.SUPABASE_PROJECT_REF,
      SUPABASE_ANON_KEY: full.SUPABASE_ANON_KEY,
      SITE_URL: full.SITE_URL,
      ADMIN_URL: full.ADMIN_URL,
      CLOUDFLARE_ACCOUNT_ID: full.CLOUDFLARE_ACCOUNT_ID,
      CLOUDFLARE_API_TOKEN: full.CLOUDFLARE_API_TOKEN,
      PAGES_PROJECT_SITE: full.PAGES_PROJECT_SITE,
    };
    expect(() => readHostedConfig(dir, 'production', site, SITE_KEYS)).toThrow(
      `SUPABASE_SERVICE_ROLE_KEY: ${KEYS.SUPABASE_SERVICE_ROLE_KEY.about}`,
    );
    const config = readHostedConfig(dir, 'production', { ...site, SUPABASE_SERVICE_ROLE_KEY: 'sr' }, SITE_KEYS);
    expect(Object.keys(config).sort()).toEqual([...SITE_KEYS].sort());
  });

  it('refuses addresses that are not https origins, and a console outside the union domain', () => {
    const dir = fresh();
    expect(() => readHostedConfig(dir, 'production', { ...full, SITE_URL: 'http://union.example' })).toThrow(/https/);
    expect(() => readHostedConfig(dir, 'production', { ...full, ADMIN_URL: 'https://admin.union.example/x' })).toThrow(
      /without a path/,
    );
    expect(() => readHostedConfig(dir, 'production', { ...full, ADMIN_URL: 'https://union-admin.pages.dev' })).toThrow(
      /subdomain of the site's domain \(union\.example\)/,
    );
  });

  it("puts the console's cookie on the union's domain, so the public site sees it", () => {
    expect(sessionCookieDomain('https://union.example', 'https://admin.union.example')).toBe('union.example');
    expect(sessionCookieDomain('https://www.union.org.tr', 'https://admin.union.org.tr')).toBe('union.org.tr');
    expect(() => sessionCookieDomain('https://union.example', 'https://union.example')).toThrow(ConfigError);
  });

  it('masks every secret, and the database password on its own', () => {
    const text = `token sbp_token url ${full.SUPABASE_DB_URL} PGPASSWORD=pw-secret smtp-secret cf-secret anon`;
    expect(mask(text, full)).toBe(
      'token ***SUPABASE_ACCESS_TOKEN*** url ***SUPABASE_DB_URL*** PGPASSWORD=***SUPABASE_DB_URL:password*** ' +
        '***SMTP_PASS*** ***CLOUDFLARE_API_TOKEN*** anon',
    );
  });

  it('deploy.env.example lists every setting, once, and nothing else', () => {
    const example = readFileSync(path.resolve(import.meta.dirname, '../../deploy.env.example'), 'utf8');
    const keys = [...example.matchAll(/^([A-Z0-9_]+)=/gm)].map((m) => m[1]);
    expect(keys.sort()).toEqual(Object.keys(KEYS).sort());
  });
});
