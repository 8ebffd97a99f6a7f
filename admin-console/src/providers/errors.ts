import { HttpError } from 'react-admin';
import { errorKeyOf } from '@union/shared/errors';
import type { MessageKey } from '../i18n/keys';

// Keys the console translates under `errors.` beyond the database's refusal keys.
const EXTRA_KEYS = ['invalid_input', 'weak_password', 'email_exists', 'not_signed_in', 'not_found'] as const;
// Refusal keys only the console meets: of the functions only superadmins call from it (person_data,
// erase_person, restore_deleted), and of its uploads to Storage.
export const CONSOLE_REFUSAL_KEYS = [
  'person_required',
  'staff_account',
  'not_restorable',
  'restore_expired',
  'record_exists',
  // An object name without an image's extension (20261201100000_refused_inputs.sql): Storage
  // answers with the key as its message.
  'invalid_image_name',
] as const;

/**
 * The translation key (`errors.<key>`) for an error from PostgREST, supabase-js or the
 * admin-users function, or null when it is none of the known ones (then the caller shows a
 * generic or the error's own message).
 */
export function errorMessageKey(error: unknown): MessageKey | null {
  const key = errorKeyOf(error);
  if (key !== 'generic') return `errors.${key}`;
  if (!error || typeof error !== 'object') return null;
  const e = error as { code?: unknown; error?: unknown; status?: unknown; body?: unknown };
  if (e.body && typeof e.body === 'object') {
    const inner = errorMessageKey(e.body);
    if (inner) return inner;
  }
  const extra = EXTRA_KEYS.find((k) => k === e.error);
  if (extra) return `errors.${extra}`;
  // The admin-users function's 503s: the auth server or the database cannot answer right now.
  if (e.error === 'auth_unavailable' || e.error === 'server_unavailable') return 'errors.network';
  const message = (error as { message?: unknown }).message;
  const refusal = CONSOLE_REFUSAL_KEYS.find((k) => k === message);
  if (refusal) return `errors.${refusal}`;
  if (e.code === '23505') return 'errors.duplicate';
  // A news item published with a language missing (20261126100000_news.sql, news_complete).
  if (e.code === '23514' && typeof message === 'string' && message.includes('news_complete'))
    return 'errors.news_incomplete';
  // A date outside 2000–2100: the check constraints `<table>_<column>_in_range` (20261201100000_refused_inputs.sql).
  if (e.code === '23514' && typeof message === 'string' && /_in_range"/.test(message))
    return 'errors.date_out_of_range';
  // An override of a key the public site does not have (20261201102000_translation_keys.sql).
  if (e.code === '23503' && typeof message === 'string' && message.includes('translations_key_fkey'))
    return 'errors.unknown_translation_key';
  if (e.code === '23514' || e.code === '22P02' || e.code === '23502') return 'errors.invalid_input';
  if (e.code === 'PGRST116') return 'errors.not_found';
  if (e.code === 'PGRST301' || e.code === 'PGRST302') return 'errors.not_signed_in';
  return null;
}

/** Re-throws a data-provider error with a translatable message, keeping status and body. */
export function translateError(error: unknown): never {
  const key = errorMessageKey(error);
  if (!key) throw error;
  const e = error as { status?: number; body?: unknown };
  throw new HttpError(key, e?.status ?? 400, e?.body ?? error);
}

/**
 * Reads the JSON body `{error, message}` of a failed Edge Function call (supabase-js
 * FunctionsHttpError), with the answer's HTTP status beside it: checkError decides on the status
 * whether the session has ended (401) or the server failed (5xx), so it must not be lost.
 */
export async function functionErrorBody(error: unknown): Promise<unknown> {
  const context = (error as { context?: { status?: number; json?: () => Promise<unknown> } })?.context;
  if (context && typeof context.json === 'function') {
    try {
      const body = await context.json();
      if (body && typeof body === 'object' && typeof context.status === 'number')
        return { ...(body as object), status: context.status };
      return body;
    } catch {
      return error;
    }
  }
  return error;
}
