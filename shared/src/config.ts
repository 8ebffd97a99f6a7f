// App configuration from Vite's env (`import.meta.env`), with the local stack's defaults, so
// `npm start` needs no .env while a deployment sets VITE_* at build time. A build that uses a
// default says so loudly (addressWarnings, printed by both apps' Vite configs): an app built
// for a host but pointing at 127.0.0.1 would otherwise fail only in visitors' browsers.

export interface AppConfig {
  supabaseUrl: string;
  supabaseAnonKey: string;
  /** Where the staff console lives: '/admin/' beside the public site, or an absolute URL. */
  adminUrl: string;
  /** Where the public site lives (the console links back to it). */
  publicSiteUrl: string;
  /** Parent domain for the console-session cookie (e.g. `.union.org`); empty = current host. */
  sessionCookieDomain: string;
}

/** The well-known anon key of `supabase start` (and of the local stack). Not a secret. */
export const LOCAL_ANON_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0';
const LOCAL_API_URL = 'http://127.0.0.1:54321';
/** Where `npm start` serves the public site (canonical and share links without VITE_PUBLIC_SITE_URL). */
export const LOCAL_SITE_ORIGIN = 'http://127.0.0.1:5173';

type Env = Record<string, string | boolean | undefined>;

const pick = (env: Env, key: string, fallback: string): string => {
  const value = env[key];
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : fallback;
};

export function readConfig(env: Env = {}): AppConfig {
  return {
    supabaseUrl: pick(env, 'VITE_SUPABASE_URL', LOCAL_API_URL).replace(/\/+$/, ''),
    supabaseAnonKey: pick(env, 'VITE_SUPABASE_ANON_KEY', LOCAL_ANON_KEY),
    adminUrl: pick(env, 'VITE_ADMIN_URL', '/admin/'),
    publicSiteUrl: pick(env, 'VITE_PUBLIC_SITE_URL', '/'),
    sessionCookieDomain: pick(env, 'VITE_SESSION_COOKIE_DOMAIN', ''),
  };
}

const isSet = (env: Env, key: string) => typeof env[key] === 'string' && (env[key] as string).trim() !== '';

/**
 * What a build of `app` takes from the local defaults instead of its environment, one line each
 * (empty when everything is set). The public site also needs its own absolute address: canonical,
 * hreflang and share links, the sitemap and the mails' links must name the real host.
 */
export function addressWarnings(env: Env, app: 'public-site' | 'admin-console'): string[] {
  const lines: string[] = [];
  if (!isSet(env, 'VITE_SUPABASE_URL'))
    lines.push(`VITE_SUPABASE_URL is not set: the app will call the local stack at ${LOCAL_API_URL}.`);
  if (!isSet(env, 'VITE_SUPABASE_ANON_KEY'))
    lines.push("VITE_SUPABASE_ANON_KEY is not set: the app will use the local stack's demo key.");
  const site = readConfig(env).publicSiteUrl;
  if (app === 'public-site' && !/^https?:\/\//.test(site))
    lines.push(
      `VITE_PUBLIC_SITE_URL is ${isSet(env, 'VITE_PUBLIC_SITE_URL') ? `"${site}", not an absolute address` : 'not set'}: canonical, share and sitemap links will name ${LOCAL_SITE_ORIGIN}.`,
    );
  return lines;
}

/** A Vite plugin (typed structurally: shared does not depend on Vite) that prints addressWarnings on build. */
export function warnAboutAddresses(env: Env, app: 'public-site' | 'admin-console') {
  return {
    name: 'union-address-warnings',
    apply: 'build' as const,
    configResolved(config: { logger: { warn(message: string): void } }) {
      const lines = addressWarnings(env, app);
      if (lines.length === 0) return;
      const rule = '!'.repeat(78);
      config.logger.warn(
        [
          rule,
          `!! ${app} is built for the LOCAL STACK, not for a host:`,
          ...lines.map((l) => `!!   ${l}`),
          '!! Set these for a deployment (docs/operations.md, "First release").',
          rule,
        ].join('\n'),
      );
    },
  };
}
