// The route table's machinery: each route declares its method, path, Storage operation name and
// access guard once (routes/index.ts); the handlers get the caller already checked. Paths are
// matched as sent, without URL normalisation, so a literal '..' reaches the key checks and is
// refused with a clear error instead of silently naming another object.
import http from 'node:http';
import { sendJson } from '../http.js';
import type { Tokens } from './auth.js';
import type { Caller, Database, RequestScope } from './db.js';
import { errors } from './errors.js';
import type { FileStore } from './files.js';

export interface Ctx {
  db: Database;
  files: FileStore;
  tokens: Tokens;
  /** Global upload limit in bytes (config.toml [storage] file_size_limit). */
  fileSizeLimit: number;
}

/**
 * Who may call a route, checked before its handler runs:
 * - `jwt`: a valid bearer JWT (anon, authenticated, service_role…); the handler's queries run as
 *   that role, so RLS decides the rest;
 * - `none`: no token needed (public objects, signed URLs: the handler checks the bucket or the
 *   signed token; health).
 */
export type Guard = 'jwt' | 'none';

export interface RouteRequest {
  ctx: Ctx;
  req: http.IncomingMessage;
  res: http.ServerResponse;
  /** Only the query string is meaningful (the path is matched raw). */
  url: URL;
  /** `:name` segments, raw (bucket names are decoded by the handlers' key rules). */
  params: Record<string, string>;
  /** The `*` tail, raw. */
  wildcard: string;
  /** The route's operation name, as upstream Storage sets `storage.operation`. */
  operation: string;
  /** Set for `jwt` routes. */
  caller: Caller | null;
}

export type Handler = (r: RouteRequest) => Promise<void>;

export interface Route {
  method: 'GET' | 'HEAD' | 'POST' | 'PUT' | 'DELETE';
  /** `/object/:bucket/*`: `:name` is one segment, a final `*` the rest (possibly empty). */
  path: string;
  operation: string;
  guard: Guard;
  handler: Handler;
}

interface Compiled extends Route {
  re: RegExp;
  names: string[];
}

function compile(route: Route): Compiled {
  const names: string[] = [];
  let src = '';
  const segments = route.path.split('/').slice(1);
  for (const seg of segments) {
    if (seg === '*') src += '/(.*)';
    else if (seg.startsWith(':')) {
      names.push(seg.slice(1));
      src += '/([^/]+)';
    } else src += '/' + seg.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  }
  // A route without a tail also answers with a trailing slash, as Storage's router does.
  const tail = segments.at(-1) === '*' ? '' : '/?';
  return { ...route, re: new RegExp(`^${src}${tail}$`), names };
}

/** The scope a handler's queries run in: the caller, the request, and the route's operation. */
export function scopeOf(r: RouteRequest, caller: Caller = r.caller!): RequestScope {
  return {
    caller,
    headers: r.req.headers,
    method: r.req.method ?? 'GET',
    path: r.req.url ?? '/',
    operation: r.operation,
  };
}

export function makeRouter(routes: Route[]) {
  const table = routes.map(compile);
  return async function dispatch(ctx: Ctx, req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const raw = req.url ?? '/';
    const qi = raw.indexOf('?');
    const url = new URL(`http://storage.local/${qi === -1 ? '' : raw.slice(qi)}`);
    const method = req.method ?? 'GET';
    // Also reachable with the gateway's prefix, so a client can talk to the service directly.
    const path = (qi === -1 ? raw : raw.slice(0, qi)).replace(/^\/storage\/v1(?=\/)/, '');
    for (const route of table) {
      if (route.method !== method) continue;
      const m = route.re.exec(path);
      if (!m) continue;
      const params: Record<string, string> = {};
      route.names.forEach((name, i) => (params[name] = m[i + 1]!));
      const wildcard = route.path.endsWith('/*') ? m[route.names.length + 1]! : '';
      const caller = route.guard === 'jwt' ? await ctx.tokens.caller(req) : null;
      return route.handler({ ctx, req, res, url, params, wildcard, operation: route.operation, caller });
    }
    throw errors.notFound(method, path);
  };
}

/** A JSON (or, for a string, plain-text) answer as Storage sends it. */
export function send(res: http.ServerResponse, status: number, body: unknown): void {
  if (typeof body !== 'string')
    return sendJson(res, status, body, { 'content-type': 'application/json; charset=utf-8' });
  res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8', 'content-length': Buffer.byteLength(body) });
  res.end(body);
}
