import type { PostgrestSingleResponse } from '@supabase/postgrest-js';
import type { Database } from './database.types';
import type { RestClient } from './supabase';

// Its own module, with types only from supabase.ts: a public form imports this without
// PostgREST's client code, which arrives with lib/restClient.ts when the form is sent.

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
