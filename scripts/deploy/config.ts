// The configuration of a hosted release: environment variables (CI sets them from its secrets),
// else `deploy.<target>.env` at the repository's root (git-ignored; `deploy.env.example` lists
// every key). A missing key stops the release before anything is changed; a secret's value is
// never printed (see mask()).
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseEnv } from 'node:util';

/** Every key of a hosted release; `secret` values are masked wherever a command is shown. */
export const KEYS = {
  SUPABASE_PROJECT_REF: { secret: false, about: 'the project reference (Project Settings → General)' },
  SUPABASE_ANON_KEY: { secret: false, about: "the project's anon key (public: it ships in the apps)" },
  SUPABASE_ACCESS_TOKEN: {
    secret: true,
    about: 'a personal access token of a project member (Account → Access Tokens)',
  },
  SUPABASE_DB_URL: {
    secret: true,
    about: 'the session pooler connection string, with the database password (Connect → Session pooler)',
  },
  SUPABASE_DB_CA: {
    secret: false,
    about: "the project's CA certificate, the PEM itself or a file (Database → SSL configuration)",
  },
  SITE_URL: { secret: false, about: "the public site's address, https://<the union's domain>" },
  ADMIN_URL: { secret: false, about: "the console's address, https://admin.<the union's domain>" },
  SMTP_HOST: { secret: false, about: "the union's mail server" },
  SMTP_PORT: { secret: false, about: '465 (TLS) or 587 (STARTTLS)' },
  SMTP_USER: { secret: false, about: 'the mail account' },
  SMTP_PASS: { secret: true, about: "the mail account's password" },
  SMTP_FROM: { secret: false, about: 'the sender, e.g. Palestinian Students Union <noreply@union.example>' },
  CLOUDFLARE_ACCOUNT_ID: { secret: false, about: 'the Cloudflare account that holds both Pages projects' },
  CLOUDFLARE_API_TOKEN: { secret: true, about: 'an API token with "Cloudflare Pages: Edit"' },
  PAGES_PROJECT_SITE: { secret: false, about: "the Pages project of the public site (the union's domain)" },
  PAGES_PROJECT_ADMIN: { secret: false, about: 'the Pages project of the console (the admin subdomain)' },
  SUPABASE_SERVICE_ROLE_KEY: {
    secret: true,
    about: "the project's service_role key (Project Settings → API): a content publish reports with it",
  },
} as const;

export type Key = keyof typeof KEYS;
export type HostedConfig = Record<Key, string>;

/** What a release reads: everything but the key only a content publish reports with. */
export const RELEASE_KEYS = (Object.keys(KEYS) as Key[]).filter(
  (key): key is ReleaseKey => key !== 'SUPABASE_SERVICE_ROLE_KEY',
);
export type ReleaseKey = Exclude<Key, 'SUPABASE_SERVICE_ROLE_KEY'>;
export type ReleaseConfig = Pick<HostedConfig, ReleaseKey>;

/**
 * What a content publish (`--site-only`: the public site rebuilt and uploaded, nothing else)
 * reads: no database password, no Supabase access token, no mail password. The admin address
 * stays: the site links to the console and shares its cookie's domain.
 */
export const SITE_KEYS = [
  'SUPABASE_PROJECT_REF',
  'SUPABASE_ANON_KEY',
  'SUPABASE_SERVICE_ROLE_KEY',
  'SITE_URL',
  'ADMIN_URL',
  'CLOUDFLARE_ACCOUNT_ID',
  'CLOUDFLARE_API_TOKEN',
  'PAGES_PROJECT_SITE',
] as const satisfies readonly Key[];
export type SiteKey = (typeof SITE_KEYS)[number];
export type SiteConfig = Pick<HostedConfig, SiteKey>;

/** The keys both lists read, whose values are checked together. */
type CheckedKey = 'SUPABASE_PROJECT_REF' | 'SITE_URL' | 'ADMIN_URL';

export class ConfigError extends Error {}

/** `deploy.<target>.env` for a named target; `production` also reads plain `deploy.env`. */
export function configFiles(root: string, target: string): string[] {
  return [path.join(root, `deploy.${target}.env`), ...(target === 'production' ? [path.join(root, 'deploy.env')] : [])];
}

/**
 * Reads and checks the `keys` of `target`'s configuration (a release's by default): the
 * environment first, then its file.
 */
export function readHostedConfig<K extends Key = ReleaseKey>(
  root: string,
  target: string,
  env: NodeJS.ProcessEnv = process.env,
  keys: readonly K[] = RELEASE_KEYS as K[],
): Pick<HostedConfig, K | CheckedKey> {
  const file = configFiles(root, target).find((f) => existsSync(f));
  const fromFile = file ? parseEnv(readFileSync(file, 'utf8')) : {};
  const config: Partial<HostedConfig> = {};
  const missing: string[] = [];
  for (const key of new Set<Key>([...keys, 'SUPABASE_PROJECT_REF', 'SITE_URL', 'ADMIN_URL'])) {
    const value = (env[key] ?? fromFile[key] ?? '').trim();
    if (value === '') missing.push(`  ${key}: ${KEYS[key].about}`);
    else config[key] = value;
  }
  if (missing.length > 0) {
    throw new ConfigError(
      `"${target}" needs these settings, as environment variables or in ` +
        `${path.relative(root, configFiles(root, target)[0]!)} (see deploy.env.example):\n${missing.join('\n')}`,
    );
  }
  const full = config as Pick<HostedConfig, K | CheckedKey>;
  for (const key of ['SITE_URL', 'ADMIN_URL'] as const) {
    const url = new URL(full[key]);
    if (url.protocol !== 'https:' || url.pathname !== '/')
      throw new ConfigError(`${key} must be an https:// origin without a path, not ${full[key]}`);
  }
  if (!/^[a-z0-9]{20}$/.test(full.SUPABASE_PROJECT_REF))
    throw new ConfigError(`SUPABASE_PROJECT_REF is a 20-letter reference, not ${full.SUPABASE_PROJECT_REF}`);
  sessionCookieDomain(full.SITE_URL, full.ADMIN_URL);
  return full;
}

/**
 * The domain of the console's session marker cookie (shared/src/session-cookie.ts): the union's
 * domain, which both hosts are under, so the public site sees the cookie the console sets.
 * `union.example` (or `www.union.example`) with `admin.union.example` give `union.example`; an
 * admin address elsewhere stops the release.
 */
export function sessionCookieDomain(siteUrl: string, adminUrl: string): string {
  const domain = new URL(siteUrl).hostname.replace(/^www\./, '');
  const admin = new URL(adminUrl).hostname;
  if (!admin.endsWith(`.${domain}`) || !domain.includes('.')) {
    throw new ConfigError(
      `ADMIN_URL (${adminUrl}) must be a subdomain of the site's domain (${domain}), e.g. https://admin.${domain}`,
    );
  }
  return domain;
}

/** `text` with the value of every secret replaced by `***` (for anything printed). */
export function mask(text: string, config: Partial<HostedConfig>): string {
  let out = text;
  for (const key of Object.keys(KEYS) as Key[]) {
    const value = config[key];
    if (KEYS[key].secret && value) out = out.split(value).join(`***${key}***`);
  }
  // The database password also travels on its own (PGPASSWORD).
  const password = config.SUPABASE_DB_URL ? dbPassword(config.SUPABASE_DB_URL) : '';
  if (password) out = out.split(password).join('***SUPABASE_DB_URL:password***');
  return out;
}

function dbPassword(url: string): string {
  try {
    return decodeURIComponent(new URL(url).password);
  } catch {
    return '';
  }
}
