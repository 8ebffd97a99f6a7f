// POST /logout?scope=global|local|others (GoTrue's api/logout.go): 204, the sessions deleted
// (their refresh tokens cascade).
import { tx } from './context.js';
import { API_VERSION, validationFailed } from './errors.js';
import type { Handler } from './router.js';

const SCOPES = ['', 'global', 'local', 'others'];

/** An unknown scope is refused before the token is looked at (the route's precheck). */
export function checkLogoutScope(url: URL): void {
  const scope = url.searchParams.get('scope') ?? '';
  if (!SCOPES.includes(scope)) throw validationFailed(`Unsupported logout scope "${scope}"`);
}

export const logout: Handler = async ({ ctx, url, caller, res }) => {
  const scope = url.searchParams.get('scope') ?? '';
  const { user, sessionId } = caller!;
  await tx(ctx, async (db) => {
    if (sessionId === null || scope === '' || scope === 'global') {
      await db.query('delete from auth.sessions where user_id = $1', [user.id]);
    } else if (scope === 'local') {
      await db.query('delete from auth.sessions where id = $1', [sessionId]);
    } else {
      await db.query('delete from auth.sessions where user_id = $1 and id <> $2', [user.id, sessionId]);
    }
  });
  res.writeHead(204, { 'X-Supabase-Api-Version': API_VERSION });
  res.end();
};
