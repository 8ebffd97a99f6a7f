import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { PostgrestClient, type PostgrestSingleResponse } from '@supabase/postgrest-js';
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

/** A visitor's submission, as the public forms build it. */
export type SubmissionInsert = Database['public']['Tables']['submissions']['Insert'];

/**
 * Sends a visitor's submission to the database function `submit` (docs/permissions.md): visitors
 * cannot insert into `submissions` directly, because the function records every attempt, refused
 * ones too, and answers a refusal with its HTTP status (429 with Retry-After for `rate_limited`).
 */
export function submit(rest: RestClient, row: SubmissionInsert): PromiseLike<PostgrestSingleResponse<SubmitAnswer>> {
  // `submit(jsonb)` receives the request body as its one argument; the generated Args type
  // ({ "": Json }) cannot say that, so the row's own type is checked here instead. Its answer is
  // `jsonb` too (a refusal is PostgREST's error body, returned so that the attempt is committed):
  // an accepted registration's answer is written through the type public.submit_answer, which
  // types it here (20261125100000_typed_function_results.sql).
  return rest.rpc('submit', row as never) as PromiseLike<PostgrestSingleResponse<SubmitAnswer>>;
}

/** What `submit` answers once accepted: an event registration says whether it waits; other forms, null. */
export type SubmitAnswer = Database['public']['CompositeTypes']['submit_answer'] | null;
