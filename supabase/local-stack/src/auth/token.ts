// POST /token: the password, refresh_token and pkce grants (GoTrue's api/token.go,
// token_refresh.go and tokens/service.go RefreshTokenGrant).
import type http from 'node:http';
import { tx, type AuthContext } from './context.js';
import { ApiError, badRequest, validationFailed } from './errors.js';
import { checkPasswordStrength } from './password.js';
import { exchangeAuthCode } from './pkce.js';
import { hasControlChars, str, UUID_RE, type Json } from './request.js';
import type { Handler } from './router.js';
import { callerAddress, insertRefreshToken, newSession, sessionResponse } from './sessions.js';
import { findUserByEmail, isBanned, loadUser, passwordMatches } from './store.js';
import type { UserRow } from './users.js';

/** bcrypt of a random password at the stack's cost (10): compared when there is no real hash. */
const DUMMY_USER = { encrypted_password: '$2b$10$QdxuyWBthuEXEZCyDBIh8ua2/x2UxcVe0HNllbpQka3xAQM/kM.Zq' } as UserRow;

const INVALID_CREDENTIALS = () => badRequest('invalid_credentials', 'Invalid login credentials');
export const rateLimited = (seconds: number) =>
  new ApiError(429, 'over_request_rate_limit', 'Request rate limit reached', {}, { 'Retry-After': String(seconds) });

async function passwordGrant(ctx: AuthContext, req: http.IncomingMessage, body: Json) {
  const email = str(body, 'email');
  const phone = str(body, 'phone');
  const password = str(body, 'password') ?? '';
  if (!email && !phone) throw validationFailed('missing email or phone');
  if (!email) throw INVALID_CREDENTIALS(); // phone sign-in is not offered by this stack
  // No address has control characters (a NUL cannot even reach the database).
  if (email.length > 255 || hasControlChars(email))
    throw validationFailed('Unable to validate email address: invalid format');
  // Counted before the password is checked, so parallel guesses cannot slip past the limits;
  // a successful sign-in is given back (only failures count).
  const address = callerAddress(req);
  const account = email.trim().toLowerCase();
  const waitAddress = ctx.signInsPerAddress.take(address);
  if (waitAddress > 0) throw rateLimited(waitAddress);
  const waitAccount = ctx.signInsPerAccount.take(account);
  if (waitAccount > 0) {
    ctx.signInsPerAddress.release(address);
    throw rateLimited(waitAccount);
  }
  let session;
  try {
    session = await tx(ctx, async (db) => {
      const u = await findUserByEmail(db, email);
      // An unknown address or an account without a password is compared against a dummy hash:
      // the same bcrypt work as a real account, so the answer's time does not tell them apart.
      const matches = await passwordMatches(u?.encrypted_password ? u : DUMMY_USER, password);
      if (!u || !u.encrypted_password || password === '' || !matches) throw INVALID_CREDENTIALS();
      if (isBanned(u)) throw badRequest('user_banned', 'User is banned');
      if (!u.confirmed_at) throw badRequest('email_not_confirmed', 'Email not confirmed');
      return newSession(ctx, db, u, 'password', req);
    });
  } catch (err) {
    // Only a wrong password counts: a server failure (the database restarting) or a refusal
    // after the right password (banned, not confirmed) is given back, or a short outage would
    // lock staff out for the whole window.
    if (!(err instanceof ApiError && err.code === 'invalid_credentials')) {
      ctx.signInsPerAddress.release(address);
      ctx.signInsPerAccount.release(account);
    }
    throw err;
  }
  ctx.signInsPerAddress.release(address);
  ctx.signInsPerAccount.release(account);
  // A password set before the current policy still signs in; GoTrue says so in weak_password
  // (supabase-js: data.weakPassword) so the app can ask for a new one.
  try {
    checkPasswordStrength(password, ctx.config.passwordMinLength, ctx.config.passwordRequirements);
  } catch (err) {
    if (err instanceof ApiError && err.code === 'weak_password')
      return { ...session, weak_password: err.extra.weak_password };
  }
  return session;
}

interface TokenRow {
  id: string;
  token: string;
  user_id: string;
  revoked: boolean;
  updated_at: Date;
  session_id: string | null;
  not_after: Date | null;
}

/**
 * Rotation with GoTrue's reuse rules (RefreshTokenGrant, refresh tokens v1): a revoked token
 * that is the parent of the session's active token gets the active token back, whenever it
 * comes (the client lost the answer); another revoked token still gets a new one within
 * refresh_token_reuse_interval of its revocation (concurrent refreshes); after that it is
 * treated as stolen: every token of the session is revoked (the session row stays, as upstream)
 * and the answer is 400 refresh_token_already_used.
 */
async function refreshGrant(ctx: AuthContext, body: Json) {
  const refreshToken = str(body, 'refresh_token');
  if (!refreshToken) throw validationFailed('refresh_token required');
  const outcome = await tx(ctx, async (db) => {
    const r = await db.query<TokenRow>(
      `select t.id, t.token, t.user_id, t.revoked, t.updated_at, t.session_id, s.not_after
         from auth.refresh_tokens t join auth.sessions s on s.id = t.session_id
        where t.token = $1 for update of t, s`,
      [refreshToken],
    );
    const tok = r.rows[0];
    if (!tok || !tok.session_id)
      throw badRequest('refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');
    const sessionId = tok.session_id;
    const u = UUID_RE.test(tok.user_id) ? await loadUser(db, tok.user_id) : null;
    if (!u || u.deleted_at)
      throw badRequest('refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');
    if (isBanned(u)) throw badRequest('user_banned', 'User is banned');
    if (tok.not_after && tok.not_after.getTime() < Date.now())
      throw badRequest('session_expired', 'Invalid Refresh Token: Session Expired');

    let issued: string | null = null;
    if (tok.revoked) {
      const active = await db.query<{ token: string; parent: string | null }>(
        'select token, parent from auth.refresh_tokens where session_id = $1 and not revoked order by id desc limit 1',
        [sessionId],
      );
      if (active.rows[0] && active.rows[0].parent === tok.token) {
        issued = active.rows[0].token;
      } else if (tok.updated_at.getTime() + ctx.reuseInterval * 1000 < Date.now()) {
        await db.query(
          'update auth.refresh_tokens set revoked = true, updated_at = now() where session_id = $1 and not revoked',
          [sessionId],
        );
        return { error: badRequest('refresh_token_already_used', 'Invalid Refresh Token: Already Used') };
      }
    }
    if (issued === null) {
      await db.query(
        'update auth.refresh_tokens set revoked = true, updated_at = now() where id = $1 and not revoked',
        [tok.id],
      );
      issued = await insertRefreshToken(db, u.id, sessionId, tok.token);
    }
    await db.query('update auth.sessions set refreshed_at = now(), updated_at = now() where id = $1', [sessionId]);
    return { session: await sessionResponse(ctx, db, u.id, sessionId, issued) };
  });
  if ('error' in outcome) throw outcome.error; // committed: the family stays revoked
  return outcome.session;
}

export const token: Handler = async ({ ctx, req, url, body }) => {
  const grant = url.searchParams.get('grant_type') ?? '';
  if (grant === 'password') return passwordGrant(ctx, req, body());
  if (grant === 'refresh_token') return refreshGrant(ctx, body());
  if (grant === 'pkce') return exchangeAuthCode(ctx, req, body());
  throw badRequest('validation_failed', `unsupported_grant_type`);
};
