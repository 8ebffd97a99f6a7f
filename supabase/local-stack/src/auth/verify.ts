// GET /verify (the email link) and POST /verify (verifyOtp), GoTrue's api/verify.go, for
// recovery and magic links, sign-in codes (otp.ts) and email changes (email-change.ts).
import type http from 'node:http';
import { tx, type AuthContext, type Db } from './context.js';
import { consumeEmailChange, SINGLE_CONFIRMATION } from './email-change.js';
import { API_VERSION, ApiError, validationFailed } from './errors.js';
import { issueAuthCode, PKCE_PREFIX } from './pkce.js';
import { normalizeEmail, str, tokenHash } from './request.js';
import type { Handler } from './router.js';
import { callerAddress, newSession, type Session } from './sessions.js';
import { findUserByEmail, isBanned, loadUser } from './store.js';
import { rateLimited } from './token.js';
import type { UserRow } from './users.js';

// GoTrue's two wordings of otp_expired: a link or token hash, and an email with its code.
const OTP_EXPIRED_MSG = 'Email link is invalid or has expired';
const CODE_EXPIRED_MSG = 'Token has expired or is invalid';
const banned = () => new ApiError(403, 'user_banned', 'User is banned');

/**
 * Consumes a recovery token (the link's token, or the hash of email + code, then only the token
 * of `userId`, the address's user); returns the user, or null when it is unknown or older than
 * the OTP expiry. A PKCE token is stored with its prefix and matches the bare hash too, as
 * GoTrue's isOtpValid allows. A banned user's token is refused and kept, as GoTrue checks the
 * ban before the token is used.
 */
async function consumeRecovery(
  db: Db,
  hashed: string,
  otpExpiry: number,
  userId: string | null = null,
): Promise<UserRow | null> {
  if (!hashed) return null;
  const r = await db.query<UserRow & { fresh: boolean }>(
    `select *, coalesce(recovery_sent_at > now() - make_interval(secs => $2), false) as fresh from auth.users
      where (recovery_token = $1 or recovery_token = '${PKCE_PREFIX}' || $1) and deleted_at is null
        and ($3::uuid is null or id = $3) for update`,
    [hashed, otpExpiry, userId],
  );
  const u = r.rows[0];
  if (!u) return null;
  if (isBanned(u)) throw banned();
  if (!u.fresh) return null;
  await db.query(
    `update auth.users set recovery_token = '', email_confirmed_at = coalesce(email_confirmed_at, now()), updated_at = now() where id = $1`,
    [u.id],
  );
  await db.query(`delete from auth.one_time_tokens where user_id = $1 and token_type = 'recovery_token'`, [u.id]);
  return (await loadUser(db, u.id))!;
}

/**
 * The token of `type`: recovery and magic links, and sign-in codes (`email`), share the recovery
 * token (GoTrue's `email` also tries a sign-up confirmation token, which nothing here issues);
 * email changes have their own.
 */
function consumeToken(ctx: AuthContext, db: Db, type: string, hashed: string, userId: string | null = null) {
  return type === 'email_change'
    ? consumeEmailChange(ctx, db, hashed)
    : consumeRecovery(db, hashed, ctx.otpExpiry, userId);
}

function redirect(res: http.ServerResponse, location: string) {
  res.writeHead(303, { Location: location, 'X-Supabase-Api-Version': API_VERSION, 'Content-Length': 0 });
  res.end();
}

export const verifyGet: Handler = async ({ ctx, req, res, url }) => {
  const q = url.searchParams;
  const type = q.get('type') ?? '';
  const token = q.get('token') ?? '';
  const pkce = token.startsWith(PKCE_PREFIX);
  const redirectTo = ctx.redirects.pick(q.get('redirect_to'), req.headers.referer);
  // Errors go in the fragment; the PKCE flow also puts them in the query (prepErrorRedirectURL).
  const fail = (code: string, description: string) => {
    const p = new URLSearchParams({ error: 'access_denied', error_code: code, error_description: description });
    if (!pkce) return redirect(res, `${redirectTo}#${p.toString()}`);
    const u = new URL(redirectTo);
    for (const [k, v] of p) u.searchParams.set(k, v);
    u.hash = p.toString();
    redirect(res, u.toString());
  };
  if (type !== 'recovery' && type !== 'magiclink' && type !== 'email_change')
    return fail('validation_failed', 'Unsupported verification type');
  type Outcome = { code: string } | { session: Session } | { error: ApiError } | { single: true } | null;
  const outcome: Outcome = await tx<Outcome>(ctx, async (db) => {
    const u = await consumeToken(ctx, db, type, token);
    if (u === 'single') return { single: true };
    if (!u) return null;
    if (isBanned(u)) throw banned();
    // PKCE: no session here; the app exchanges the code with its verifier.
    if (pkce) return { code: await issueAuthCode(db, u.id, type) };
    return { session: await newSession(ctx, db, u, 'otp', req) };
  }).catch((err: unknown): Outcome => {
    if (err instanceof ApiError && (err.code === 'flow_state_not_found' || err.code === 'user_banned'))
      return { error: err };
    throw err;
  });
  if (!outcome) return fail('otp_expired', OTP_EXPIRED_MSG);
  if ('error' in outcome) return fail(outcome.error.code, outcome.error.message);
  // One of two email change confirmations: the app is told to wait for the other one.
  if ('single' in outcome)
    return redirect(res, `${redirectTo}#${new URLSearchParams({ message: SINGLE_CONFIRMATION }).toString()}`);
  if ('code' in outcome) {
    const u = new URL(redirectTo);
    u.searchParams.set('code', outcome.code);
    return redirect(res, u.toString());
  }
  const session = outcome.session;
  const p = new URLSearchParams({
    access_token: session.access_token,
    expires_at: String(session.expires_at),
    expires_in: String(session.expires_in),
    refresh_token: session.refresh_token,
    sb: '',
    token_type: 'bearer',
    type,
  });
  redirect(res, `${redirectTo}#${p.toString()}`);
};

export const verifyPost: Handler = async ({ ctx, req, body: readBody }) => {
  const body = readBody();
  // A six-digit code is guessable: verifications are limited per address (token_verifications).
  const wait = ctx.verificationsPerAddress.take(callerAddress(req));
  if (wait > 0) throw rateLimited(wait);
  const type = str(body, 'type');
  const hash = str(body, 'token_hash');
  const token = str(body, 'token');
  const email = str(body, 'email');
  const phone = str(body, 'phone');
  // GoTrue's VerifyParams.Validate, in its order.
  if (!type) throw validationFailed('Verify requires a verification type');
  if (!token === !hash) throw validationFailed('Verify requires either a token or a token hash');
  let hashed: string;
  let address: string | null = null;
  if (token) {
    if (!email || phone) throw validationFailed('Only an email address or phone number should be provided on verify');
    try {
      address = normalizeEmail(email);
    } catch {
      throw new ApiError(422, 'validation_failed', 'Invalid email format');
    }
    hashed = tokenHash(address, token);
  } else {
    if (email || phone || str(body, 'redirect_to'))
      throw validationFailed('Only the token_hash and type should be provided');
    hashed = hash!;
  }
  if (!['recovery', 'magiclink', 'email', 'email_change'].includes(type))
    throw validationFailed('Unsupported verification type');
  const session = await tx(ctx, async (db) => {
    // By email and code (GoTrue's verifyUserAndToken): the address's user first, its ban, then its token.
    let userId: string | null = null;
    if (address !== null && type !== 'email_change') {
      const owner = await findUserByEmail(db, address);
      if (!owner) return null;
      if (isBanned(owner)) throw banned();
      userId = owner.id;
    }
    const u = await consumeToken(ctx, db, type, hashed, userId);
    if (u === 'single') return u;
    if (!u) return null;
    if (isBanned(u)) throw banned();
    return newSession(ctx, db, u, 'otp', req);
  });
  if (!session) throw new ApiError(403, 'otp_expired', address !== null ? CODE_EXPIRED_MSG : OTP_EXPIRED_MSG);
  // GoTrue answers a first of two email change confirmations with this body, and no session.
  if (session === 'single') return { msg: SINGLE_CONFIRMATION, code: '200' };
  return session;
};
