// When an error means the staff member's session has ended, so that react-admin signs them out
// (authProvider.checkError). Only a server that looked at the token and refused it says so: an
// HTTP 401. A server failure (5xx: the database restarting, the auth server unreachable behind a
// function's 503) or no answer at all (offline, a dropped connection) says nothing about the
// session; signing out then would throw away the work on the page for a blip.

interface Failure {
  status?: unknown;
  name?: unknown;
  message?: unknown;
}

export function endsSession(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false;
  const { status, name, message } = error as Failure;
  if (typeof status === 'number' && status !== 401) return false;
  // supabase-js's "no answer" errors carry no HTTP status of their own.
  if (name === 'FunctionsFetchError' || name === 'AuthRetryableFetchError' || name === 'StorageUnknownError')
    return false;
  if (typeof message === 'string' && /Failed to fetch|NetworkError|fetch failed|Load failed/i.test(message))
    return false;
  return status === 401;
}
