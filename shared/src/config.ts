// App configuration from Vite's env (`import.meta.env`), with the local stack's defaults, so
// `npm start` needs no .env while a deployment sets VITE_* at build time.

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
