import { describe, expect, it } from 'vitest';
import { HttpError } from 'react-admin';
import { FunctionsFetchError, FunctionsHttpError } from '@supabase/supabase-js';
import { endsSession } from './session';
import { errorMessageKey, functionErrorBody } from './errors';

/** A failed admin-users call as supabase-js reports it: the Response in `context`. */
const functionFailure = (status: number, body: unknown) =>
  new FunctionsHttpError(
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
  );

describe('endsSession (authProvider.checkError signs out only when it is true)', () => {
  it('is true for a 401: the server refused the token', () => {
    expect(endsSession(new HttpError('errors.not_signed_in', 401))).toBe(true);
    expect(endsSession({ status: 401, code: 'PGRST303', message: 'JWT expired' })).toBe(true);
  });

  it('is false for server failures and for no answer at all', () => {
    for (const status of [500, 502, 503, 504]) expect(endsSession(new HttpError('x', status))).toBe(false);
    expect(endsSession(new TypeError('Failed to fetch'))).toBe(false);
    expect(endsSession(new FunctionsFetchError(new TypeError('fetch failed')))).toBe(false);
    expect(endsSession({ name: 'AuthRetryableFetchError', status: 0, message: 'fetch failed' })).toBe(false);
  });

  it('is false for refusals that leave the session as it is (403, bad input)', () => {
    expect(endsSession(new HttpError('errors.not_allowed', 403))).toBe(false);
    expect(endsSession(new HttpError('errors.invalid_input', 400))).toBe(false);
    expect(endsSession(undefined)).toBe(false);
  });
});

describe('admin-users failures keep their HTTP status for checkError', () => {
  it('a 503 auth_unavailable stays a 503 and reads as "cannot reach the server"', async () => {
    const body = await functionErrorBody(functionFailure(503, { error: 'auth_unavailable', message: 'later' }));
    expect(body).toMatchObject({ status: 503, error: 'auth_unavailable' });
    expect(endsSession(body)).toBe(false);
    expect(errorMessageKey(body)).toBe('errors.network');
  });

  it('a 401 not_signed_in stays a 401: the session has really ended', async () => {
    const body = await functionErrorBody(functionFailure(401, { error: 'not_signed_in', message: 'Sign in first' }));
    expect(body).toMatchObject({ status: 401 });
    expect(endsSession(body)).toBe(true);
  });
});
