import { createRestClient } from '@union/shared/supabase';
import { config } from './config';

/**
 * A request that hangs ends as an error after this long: a visitor gets the error box and its
 * retry instead of an endless spinner, and a build against an unresponsive API still finishes.
 */
const REQUEST_TIMEOUT_MS = 20_000;

const fetchWithTimeout: typeof fetch = (input, init) =>
  fetch(input, { ...init, signal: init?.signal ?? AbortSignal.timeout(REQUEST_TIMEOUT_MS) });

// PostgREST only, as the anonymous visitor: the auth code of supabase-js never ships to visitors.
export const rest = createRestClient(config, { fetch: fetchWithTimeout });
