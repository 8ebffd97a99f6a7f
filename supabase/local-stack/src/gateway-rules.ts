// What the gateway (gateway.ts and its fast path, fastpath.ts) asks of a request and how it
// refuses, as Supabase's own gateway does (Kong's key-auth in the CLI's and the self-hosted
// kong.yml; the messages of hosted Supabase).
// Kong's key-auth guards these prefixes; under them, these routes are open (email links, OAuth).
const KEY_AUTH_PREFIXES = ['/rest/v1', '/auth/v1'];
const OPEN_ROUTES = ['/auth/v1/verify', '/auth/v1/callback', '/auth/v1/authorize', '/auth/v1/.well-known/jwks.json'];
const under = (url: string, prefix: string) =>
  url === prefix || url.startsWith(prefix + '/') || url.startsWith(prefix + '?');

/** True when Kong's key-auth would ask this request for an API key. */
export function needsApiKey(url: string): boolean {
  return KEY_AUTH_PREFIXES.some((p) => under(url, p)) && !OPEN_ROUTES.some((p) => under(url, p));
}

/** The answers of hosted Supabase's gateway without a key and with an unknown one. */
export const NO_API_KEY = {
  message: 'No API key found in request',
  hint: 'No `apikey` request header or url param was found.',
};
export const INVALID_API_KEY = {
  message: 'Invalid API key',
  hint: 'Double check your Supabase `anon` or `service_role` API key.',
};
export const UNAVAILABLE = {
  message: 'The service is restarting. Try again in a moment.',
  hint: 'Service Unavailable',
};

// CORS as Kong's cors plugin in the CLI's kong.yml: any origin, the headers supabase-js sends,
// and the answer headers clients read.
export const ALLOW_HEADERS = [
  'authorization',
  'x-client-info',
  'apikey',
  'content-type',
  'x-upsert',
  'x-supabase-api-version',
  'prefer',
  'range',
  'accept-profile',
  'content-profile',
  'accept',
  'cache-control',
  'x-region',
].join(', ');
export const EXPOSE_HEADERS =
  'Content-Range, X-Total-Count, Link, X-Supabase-Api-Version, Content-Location, Location, Range-Unit, Content-Length, ETag, Retry-After';
export const ALLOW_METHODS = 'GET, HEAD, PUT, PATCH, POST, DELETE, OPTIONS';

/**
 * PostgREST's answer when the database connection broke under a request (a backend ended by a
 * crash of Postgres: libpq reports the error without any field): 400 with an empty code and
 * message. A client would take it for bad input and not retry; it is an outage, so the gateway
 * answers UNAVAILABLE (503, Retry-After) instead.
 */
export function isBrokenConnectionAnswer(status: number, body: Buffer): boolean {
  if (status !== 400 || body.length > 256) return false;
  try {
    const e = JSON.parse(body.toString('utf8')) as { code?: unknown; message?: unknown };
    return e.code === '' && e.message === '';
  } catch {
    return false;
  }
}
