/**
 * A GoTrue-compatible auth service (the subset supabase-js and ra-supabase use), mounted by
 * the gateway at /auth/v1. It writes real rows in auth.users / auth.identities /
 * auth.sessions / auth.refresh_tokens / auth.flow_state and signs HS256 JWTs with GoTrue's
 * claims. The HTTP behaviour it follows is CONTRACT.md section "Auth"; the endpoints and their
 * guards are in routes.ts.
 */
import http from 'node:http';
import { closeServer, listen } from '../http.js';
import { isDatabaseUnavailable } from '../pg-errors.js';
import type { ServiceHandle } from '../types.js';
import { createContext, type AuthContext, type AuthOptions } from './context.js';
import { ApiError, sendError, validationFailed } from './errors.js';
import { makeRouter } from './router.js';
import { routes } from './routes.js';

export type { AuthOptions } from './context.js';

/**
 * The service's request listener on a context: every route, and every error answered in GoTrue's
 * shape. Apart from startAuth so that a unit test can drive the handlers over HTTP with a context
 * of its own (a recorded database, a counted mailer).
 */
export function authListener(ctx: AuthContext): http.RequestListener {
  const dispatch = makeRouter(ctx, routes);
  return (req, res) => {
    dispatch(req, res).catch((err: unknown) => {
      if (err instanceof ApiError) return sendError(res, err);
      // Postgres refused a value (class 22: a NUL in text, a number out of range, …): bad input.
      const code = (err as { code?: unknown })?.code;
      if (typeof code === 'string' && code.startsWith('22')) return sendError(res, validationFailed('Invalid input'));
      // A database outage (restarting, full) is one line per request, not a stack trace each.
      if (isDatabaseUnavailable(err))
        ctx.log(`database unavailable on ${req.method} ${req.url}: ${(err as Error).message}`);
      else ctx.log(`unexpected error on ${req.method} ${req.url}: ${(err as Error)?.stack ?? String(err)}`);
      if (!res.headersSent)
        sendError(
          res,
          new ApiError(500, 'unexpected_failure', 'Unexpected failure, please check server logs for more information'),
        );
      else res.destroy();
    });
  };
}

export async function startAuth(config: AuthOptions): Promise<ServiceHandle> {
  const ctx = createContext(config);
  const server = http.createServer(authListener(ctx));
  server.on('clientError', (_err, socket) => socket.destroy());
  // Longer than the gateway keeps an idle socket to us (as storage does): with Node's default of
  // 5 s, the gateway now and then reused a socket this server was closing, and a request failed
  // with a reset connection (seen as a 502 in an end-to-end run).
  server.keepAliveTimeout = 65_000;

  const port = await listen(server, config.port);
  return {
    url: `http://127.0.0.1:${port}`,
    async close() {
      await closeServer(server);
      ctx.mailer.close();
      await ctx.pool.end();
    },
  };
}
