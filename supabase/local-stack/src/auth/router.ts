// The route table's machinery: each route declares its method, path and guard once (routes.ts);
// the guard runs before the handler, as GoTrue's requireAuthentication / requireAdmin middleware
// do, and the handler gets the checked caller.
import type http from 'node:http';
import { readBody } from '../http.js';
import type { AuthContext } from './context.js';
import { ApiError, sendJson } from './errors.js';
import { verifyBearer, type Claims } from './jwt.js';
import { parseJson, UUID_RE, type Json } from './request.js';
import { loadUser } from './store.js';
import type { UserRow } from './users.js';

/** Bodies over 1 MiB are refused, as GoTrue's request size limit does. */
const MAX_BODY = 1024 * 1024;
const ADMIN_ROLES = ['service_role', 'supabase_admin'];

/**
 * Who may call a route:
 * - `none`: anyone (the gateway asks for an API key on most routes);
 * - `user`: a user's access token (GoTrue's requireAuthentication): 401 `no_authorization`
 *   without a bearer, 403 `bad_jwt`, `user_not_found`, `session_not_found`;
 * - `admin`: a JWT whose role is an admin role (service_role): 403 `not_admin` otherwise.
 */
export type Guard = 'none' | 'user' | 'admin';

export interface AuthedUser {
  claims: Claims;
  user: UserRow;
  /** The session_id claim's session (null for a token without one). */
  sessionId: string | null;
}

export interface AuthRequest {
  ctx: AuthContext;
  req: http.IncomingMessage;
  res: http.ServerResponse;
  url: URL;
  params: Record<string, string>;
  /** The body as a JSON object (400 `bad_json` otherwise). */
  body(): Json;
  /** The same, or {} for an empty body. */
  bodyOrEmpty(): Json;
  /** Set for `user` routes. */
  caller: AuthedUser | null;
}

/** The answer (sent as 200 JSON), or nothing when the handler answered itself. */
export type Handler = (r: AuthRequest) => Promise<unknown>;

export interface Route {
  method: 'GET' | 'HEAD' | 'POST' | 'PUT' | 'DELETE';
  /** `/admin/users/:id`: `:name` is one segment. */
  path: string;
  guard: Guard;
  /**
   * Checks of the request's own parameters that answer before the guard (logout's scope; GoTrue
   * checks the token first: kept as this stand-in always answered).
   */
  precheck?: (url: URL) => void;
  handler: Handler;
}

function bearer(req: http.IncomingMessage): string {
  const m = /^Bearer\s+(\S+)\s*$/i.exec(req.headers.authorization ?? '');
  if (!m) throw new ApiError(401, 'no_authorization', 'This endpoint requires a Bearer token');
  return m[1]!;
}

async function requireUser(ctx: AuthContext, req: http.IncomingMessage): Promise<AuthedUser> {
  const claims = await verifyBearer(ctx.key, bearer(req));
  if (!claims.sub) throw new ApiError(403, 'bad_jwt', 'invalid claim: missing sub claim');
  if (!UUID_RE.test(claims.sub)) throw new ApiError(403, 'bad_jwt', 'invalid claim: sub claim must be a UUID');
  const user = await loadUser(ctx.pool, claims.sub);
  if (!user || user.deleted_at) throw new ApiError(403, 'user_not_found', 'User from sub claim in JWT does not exist');
  let sessionId: string | null = null;
  if (claims.session_id && claims.session_id !== '00000000-0000-0000-0000-000000000000') {
    if (!UUID_RE.test(claims.session_id))
      throw new ApiError(403, 'bad_jwt', 'invalid claim: session_id claim must be a UUID');
    const s = await ctx.pool.query<{ id: string }>('select id from auth.sessions where id = $1', [claims.session_id]);
    if (s.rowCount === 0)
      throw new ApiError(403, 'session_not_found', 'Session from session_id claim in JWT does not exist');
    sessionId = s.rows[0]!.id;
  }
  return { claims, user, sessionId };
}

async function requireAdmin(ctx: AuthContext, req: http.IncomingMessage): Promise<void> {
  const claims = await verifyBearer(ctx.key, bearer(req));
  if (!claims.role || !ADMIN_ROLES.includes(claims.role)) throw new ApiError(403, 'not_admin', 'User not allowed');
}

function compile(route: Route) {
  const names: string[] = [];
  const src = route.path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:(\w+)/g, (_m, name: string) => {
    names.push(name);
    return '([^/]+)';
  });
  return { ...route, re: new RegExp(`^${src}$`), names };
}

export function makeRouter(ctx: AuthContext, routes: Route[]) {
  const table = routes.map(compile);
  return async function dispatch(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://local');
    const path = url.pathname.replace(/\/+$/, '') || '/';
    const method = req.method ?? 'GET';
    const needsBody = method === 'POST' || method === 'PUT' || method === 'PATCH' || method === 'DELETE';
    const raw = needsBody
      ? await readBody(
          req,
          MAX_BODY,
          () => new ApiError(413, 'request_entity_too_large', `Request body too large (max ${MAX_BODY} bytes)`),
        )
      : Buffer.alloc(0);

    const onPath = table.flatMap((route) => {
      const m = route.re.exec(path);
      return m ? [{ route, m }] : [];
    });
    if (onPath.length === 0) throw new ApiError(404, 'not_found', `Not found: ${method} ${path}`);
    const hit = onPath.find((x) => x.route.method === method);
    if (!hit) throw new ApiError(405, 'method_not_allowed', `Method ${method} not allowed on ${path}`);
    const { route, m } = hit;

    route.precheck?.(url);
    let caller: AuthedUser | null = null;
    if (route.guard === 'user') caller = await requireUser(ctx, req);
    else if (route.guard === 'admin') await requireAdmin(ctx, req);
    const params: Record<string, string> = {};
    route.names.forEach((name, i) => (params[name] = m[i + 1]!));
    const out = await route.handler({
      ctx,
      req,
      res,
      url,
      params,
      body: () => parseJson(raw),
      bodyOrEmpty: () => (raw.length === 0 ? {} : parseJson(raw)),
      caller,
    });
    if (!res.headersSent) sendJson(res, 200, out ?? {});
  };
}
