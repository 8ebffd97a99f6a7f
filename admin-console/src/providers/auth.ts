import { AuthClient } from '@supabase/auth-js';
import { readConfig } from '@union/shared/config';
import { sessionStorageKey } from './sessionKey';

export const config = readConfig(import.meta.env);

/**
 * The console's one auth client (the session in localStorage, refreshed in the background).
 * Made from supabase-js's auth part alone: the sign-in page needs nothing else of it, and the
 * data client (supabase.ts, loaded with the console) takes its token from this one. The
 * options are those supabase-js gives its own auth client.
 */
export const auth = new AuthClient({
  url: `${config.supabaseUrl}/auth/v1`,
  headers: { apikey: config.supabaseAnonKey, Authorization: `Bearer ${config.supabaseAnonKey}` },
  storageKey: sessionStorageKey(config.supabaseUrl),
});
