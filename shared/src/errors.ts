// The database refuses bad input with P0001 errors whose message is a stable key
// (docs/architecture.md). The apps translate `errors.<key>`; anything else is 'generic'.

export const DB_ERROR_KEYS = [
  'student_not_found',
  'registration_closed',
  'registration_deadline_passed',
  'event_full',
  'event_not_upcoming',
  'event_not_past',
  'book_unavailable',
  'duplicate_registration',
  'duplicate_evaluation',
  'not_attended',
  'not_approved',
  'rate_limited',
  'spam_detected',
  'invalid_submission',
  'not_pending',
  'own_account',
  'not_allowed',
  'cancel_token_invalid',
  'cancel_token_used',
  // Someone else saved the row since it was read (docs/data-model.md "Row versions"): HTTP 409.
  'stale_record',
] as const;
export type DbErrorKey = (typeof DB_ERROR_KEYS)[number];
export type ErrorKey = DbErrorKey | 'network' | 'generic';

const isKey = (value: unknown): value is DbErrorKey =>
  typeof value === 'string' && (DB_ERROR_KEYS as readonly string[]).includes(value);

/** Maps a PostgREST / supabase-js / Edge Function error (or its JSON body) to a stable key. */
export function errorKeyOf(error: unknown): ErrorKey {
  if (!error || typeof error !== 'object') return 'generic';
  const e = error as { message?: unknown; error?: unknown; code?: unknown; name?: unknown };
  if (isKey(e.message)) return e.message;
  if (isKey(e.error)) return e.error;
  // Row-level security refusals and permission errors read as "not allowed" to a person.
  if (e.code === '42501') return 'not_allowed';
  if (
    e.name === 'FunctionsFetchError' ||
    (typeof e.message === 'string' && /Failed to fetch|NetworkError|fetch failed/i.test(e.message))
  )
    return 'network';
  return 'generic';
}
