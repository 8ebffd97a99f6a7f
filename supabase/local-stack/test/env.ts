// What the stack tests connect to: SUPABASE_URL, SUPABASE_ANON_KEY, SUPABASE_SERVICE_ROLE_KEY,
// SUPABASE_DB_URL, MAIL_URL from the environment (set by global-setup.ts when it started a
// stack, or by the caller to test against a running stack / `supabase start`).
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { inject } from 'vitest';
import WebSocket from 'ws';

type Key = 'SUPABASE_URL' | 'SUPABASE_ANON_KEY' | 'SUPABASE_SERVICE_ROLE_KEY' | 'SUPABASE_DB_URL' | 'MAIL_URL';

function read(name: Key): string {
  let v = process.env[name];
  if (!v) {
    try {
      v = inject(name);
    } catch {
      /* not inside vitest */
    }
  }
  if (!v)
    throw new Error(`${name} is not set: run the tests through vitest (the global setup starts a stack) or export it`);
  return v;
}

export const env = {
  get url() {
    return read('SUPABASE_URL');
  },
  get anonKey() {
    return read('SUPABASE_ANON_KEY');
  },
  get serviceRoleKey() {
    return read('SUPABASE_SERVICE_ROLE_KEY');
  },
  get dbUrl() {
    return read('SUPABASE_DB_URL');
  },
  get mailUrl() {
    return read('MAIL_URL');
  },
};

// Node 20 has no global WebSocket: supabase-js needs a transport for its realtime client.
const options = {
  auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
};

/** A client with the public (anon) key, as a visitor's browser has. */
export function anonClient(): SupabaseClient {
  return createClient(env.url, env.anonKey, options);
}

/** A client with the service_role key (bypasses RLS). */
export function serviceClient(): SupabaseClient {
  return createClient(env.url, env.serviceRoleKey, options);
}

/** A client signed in with email + password (throws when sign-in fails). */
export async function signedInClient(email: string, password: string): Promise<SupabaseClient> {
  const client = anonClient();
  const { error } = await client.auth.signInWithPassword({ email, password });
  if (error) throw new Error(`sign-in as ${email} failed: ${error.message}`);
  return client;
}
