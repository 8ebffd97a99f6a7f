import type { MessageKey } from '../i18n/keys';

/** The translation key for a failed sign-in (supabase-js AuthApiError and friends). */
export function signInErrorKey(error: unknown): MessageKey {
  const e = (error ?? {}) as { code?: unknown; message?: unknown; status?: unknown; name?: unknown };
  if (e.code === 'invalid_credentials' || e.message === 'Invalid login credentials') return 'auth.invalidCredentials';
  if (e.name === 'AuthRetryableFetchError' || (typeof e.message === 'string' && /fetch/i.test(e.message)))
    return 'errors.network';
  if (e.code === 'over_request_rate_limit' || e.status === 429) return 'errors.rate_limited';
  return 'auth.genericError';
}
