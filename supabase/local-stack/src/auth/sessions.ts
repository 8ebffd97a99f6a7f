// Sessions and tokens as GoTrue issues them: a row in auth.sessions, the amr claim, a refresh
// token (auth.refresh_tokens, rotated by token.ts), and the HS256 access token.
import crypto from 'node:crypto';
import type http from 'node:http';
import type { AuthContext, Db } from './context.js';
import { signAccessToken } from './jwt.js';
import { randomAlphanumeric } from './request.js';
import { loadUser, userOut } from './store.js';
import { appMetadata, userMetadata, type UserRow } from './users.js';

export async function accessToken(ctx: AuthContext, db: Db, u: UserRow, sessionId: string) {
  const amr = await db.query<{ authentication_method: string; updated_at: Date }>(
    'select authentication_method, updated_at from auth.mfa_amr_claims where session_id = $1 order by updated_at desc',
    [sessionId],
  );
  return signAccessToken(ctx.key, {
    issuer: ctx.issuer,
    userId: u.id,
    email: u.email ?? '',
    phone: u.phone ?? '',
    appMetadata: appMetadata(u),
    userMetadata: userMetadata(u),
    role: u.role ?? 'authenticated',
    sessionId,
    amr: amr.rows.map((a) => ({
      method: a.authentication_method,
      timestamp: Math.floor(a.updated_at.getTime() / 1000),
    })),
    isAnonymous: u.is_anonymous,
    expiresIn: ctx.config.jwtExpiry,
  });
}

/** GoTrue's AccessTokenResponse. */
export async function sessionResponse(
  ctx: AuthContext,
  db: Db,
  userId: string,
  sessionId: string,
  refreshToken: string,
) {
  const u = (await loadUser(db, userId))!;
  const t = await accessToken(ctx, db, u, sessionId);
  return {
    access_token: t.token,
    token_type: 'bearer',
    expires_in: ctx.config.jwtExpiry,
    expires_at: t.exp,
    refresh_token: refreshToken,
    user: await userOut(db, u),
  };
}

export type Session = Awaited<ReturnType<typeof sessionResponse>>;

export async function insertRefreshToken(
  db: Db,
  userId: string,
  sessionId: string,
  parent: string | null,
): Promise<string> {
  const token = randomAlphanumeric(12);
  await db.query(
    `insert into auth.refresh_tokens (instance_id, token, user_id, revoked, parent, session_id, created_at, updated_at)
     values ('00000000-0000-0000-0000-000000000000', $1, $2, false, $3, $4, now(), now())`,
    [token, userId, parent, sessionId],
  );
  return token;
}

/** A new session (sessions + amr claim + first refresh token); updates last_sign_in_at. */
export async function newSession(
  ctx: AuthContext,
  db: Db,
  u: UserRow,
  method: string,
  req: http.IncomingMessage,
): Promise<Session> {
  const sessionId = crypto.randomUUID();
  await db.query(
    `insert into auth.sessions (id, user_id, created_at, updated_at, aal, user_agent, ip)
     values ($1, $2, now(), now(), 'aal1', $3, $4)`,
    [sessionId, u.id, req.headers['user-agent'] ?? null, clientIp(req)],
  );
  await db.query(
    `insert into auth.mfa_amr_claims (session_id, authentication_method, created_at, updated_at) values ($1, $2, now(), now())`,
    [sessionId, method],
  );
  const refresh = await insertRefreshToken(db, u.id, sessionId, null);
  await db.query('update auth.users set last_sign_in_at = now(), updated_at = now() where id = $1', [u.id]);
  return sessionResponse(ctx, db, u.id, sessionId, refresh);
}

/**
 * The caller's address for the limits: what the gateway saw (x-real-ip, which it always sets
 * and never takes from a client), else the peer of a direct connection. Never the first
 * x-forwarded-for entry: the client writes that one.
 */
export function callerAddress(req: http.IncomingMessage): string {
  const real = req.headers['x-real-ip'];
  return (typeof real === 'string' && real.trim()) || (req.socket.remoteAddress ?? 'unknown').replace(/^::ffff:/, '');
}

/** The address recorded on a session (auth.sessions.ip). */
function clientIp(req: http.IncomingMessage): string | null {
  const fwd = req.headers['x-forwarded-for'];
  const ip = (Array.isArray(fwd) ? fwd[0] : fwd)?.split(',')[0]?.trim() || req.socket.remoteAddress || null;
  return ip && /^[0-9a-f.:]+$/i.test(ip) ? ip.replace(/^::ffff:/, '') : null;
}
