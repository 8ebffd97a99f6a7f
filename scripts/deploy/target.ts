// What a release needs from the place it goes to. The steps (steps.ts) are one list, run the
// same way for every target; each target implements them: `hosted.ts` with the Supabase CLI and
// wrangler against a hosted project and Cloudflare Pages, `local.ts` against a fresh local stack
// and `wrangler pages dev`, so `npm test` runs the very sequence a real release runs.
import type { AuthTarget } from './auth-config.js';
import type { RecordedMigration } from './drift.js';

export interface Addresses {
  /** The public site's origin (no trailing slash). */
  siteUrl: string;
  /** The console's address, ending in /admin/. */
  adminAppUrl: string;
  /** The Supabase API (VITE_SUPABASE_URL). */
  apiUrl: string;
  anonKey: string;
  /** VITE_SESSION_COOKIE_DOMAIN: the union's domain, or empty for the current host. */
  cookieDomain: string;
}

/** The two Pages projects of a release. */
export type PagesProject = 'site' | 'admin';

export interface Target {
  name: string;
  addresses: Addresses;
  /** A hosted release refuses uncommitted changes; the local one reports them (testing them is its purpose). */
  cleanTree(dirty: string[]): void;
  /**
   * Proves, reading only, every credential and place the later steps use (preflight.ts); throws
   * one error naming each setting that fails.
   */
  proveAccess(log: (line: string) => void): Promise<void>;
  /** What the target's `supabase_migrations.schema_migrations` records. */
  recordedMigrations(): Promise<RecordedMigration[]>;
  pushMigrations(): Promise<void>;
  deployFunctions(names: string[]): Promise<void>;
  /** The values of the variables the functions read that Supabase does not set. */
  functionSecrets(): Record<string, string>;
  setSecrets(secrets: Record<string, string>): Promise<void>;
  /** The target's auth addresses and mail sender. */
  authTarget(): AuthTarget;
  /** `workDir` holds the target's supabase/config.toml (auth-config.ts). */
  pushAuthConfig(workDir: string): Promise<void>;
  /** Puts a staged folder live as the given Pages project. */
  upload(project: PagesProject, dir: string): Promise<void>;
  close(): Promise<void>;
}

/**
 * What a content publish (`npm run deploy -- --site-only`) needs of a target: the public site's
 * upload and the key its report to the publish queue (`report_publish`) is sent with.
 */
export type SiteTarget = Pick<Target, 'name' | 'addresses' | 'cleanTree' | 'proveAccess' | 'upload' | 'close'> & {
  serviceRoleKey: string;
  /** The commit the live site's /release.txt names (shared/src/releaseMarker.ts); null when it has none. */
  liveRelease(): Promise<string | null>;
  /**
   * Where no cron job claims builds (the local stack): asks the publish queue for a build, as a
   * superadmin's "Publish now" and the cron job would, and returns its id.
   */
  claimBuild?(): Promise<string>;
};

/**
 * `supabase db push` to a database URL, the same for every target. The password leaves the URL
 * for PGPASSWORD (the CLI's Postgres driver reads it), so it is on no command line, where any
 * process of the machine could read it. With `rootCert` (a file holding the project's CA
 * certificate), the CLI connects only over TLS verified against it, as scripts/lib/pg-connect.ts
 * does for the release's own connections; without it, the CLI falls back to no TLS.
 */
export function dbPush(dbUrl: string, rootCert?: string): { args: string[]; env: Record<string, string> } {
  const url = new URL(dbUrl);
  const password = decodeURIComponent(url.password);
  url.password = '';
  return {
    args: ['db', 'push', `--remote=${url.href}`, '--yes'],
    env: {
      ...(password ? { PGPASSWORD: password } : {}),
      ...(rootCert ? { PGSSLMODE: 'verify-full', PGSSLROOTCERT: rootCert } : {}),
    },
  };
}
