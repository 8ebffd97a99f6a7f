import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { PostgrestClient } from '@supabase/postgrest-js';
import type { Database } from './database.types';
import type { AppConfig } from './config';

export type TypedSupabaseClient = SupabaseClient<Database>;

/** The full client (auth, storage, functions): the console uses it. */
export function createSupabaseClient(
  config: Pick<AppConfig, 'supabaseUrl' | 'supabaseAnonKey'>,
  options: Parameters<typeof createClient>[2] = {},
): TypedSupabaseClient {
  return createClient<Database>(config.supabaseUrl, config.supabaseAnonKey, options);
}

/**
 * Only PostgREST, as the anonymous visitor: public reads and submissions. The public site uses
 * this instead of supabase-js so the auth code never reaches visitors' phones.
 */
export function createRestClient(
  config: Pick<AppConfig, 'supabaseUrl' | 'supabaseAnonKey'>,
  options: { fetch?: typeof fetch } = {},
) {
  return new PostgrestClient<Database>(`${config.supabaseUrl}/rest/v1`, {
    headers: { apikey: config.supabaseAnonKey, Authorization: `Bearer ${config.supabaseAnonKey}` },
    fetch: options.fetch,
  });
}
export type RestClient = ReturnType<typeof createRestClient>;
