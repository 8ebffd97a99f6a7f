/**
 * A GoTrue-compatible auth service (the subset supabase-js and ra-supabase use), mounted by
 * the gateway at /auth/v1. It writes real rows in auth.users / auth.identities /
 * auth.sessions / auth.refresh_tokens and signs HS256 JWTs with GoTrue's claims.
 * See /work/shared/reference/supabase-api-contract.md sections 0, A, B, C.
 */
import http from 'node:http';
import crypto from 'node:crypto';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import bcrypt from 'bcryptjs';
import type { AuthConfig, ServiceHandle } from '../types.js';
import { ApiError, API_VERSION, badRequest, sendError, sendJson, validationFailed } from './errors.js';
import { secretKey, signAccessToken, verifyBearer, type Claims } from './jwt.js';
import { checkPasswordStrength } from './password.js';
import { makeRedirectValidator } from './redirect.js';
import { appMetadata, userJson, userMetadata, type IdentityRow, type UserRow } from './users.js';
import { createMailer } from './mailer.js';
import { Throttle } from './throttle.js';

export interface AuthOptions extends AuthConfig {
  /** Seconds a rotated refresh token stays usable (config.toml refresh_token_reuse_interval). Default 10. */
  refreshTokenReuseInterval?: number;
  /** Seconds an email link / code stays valid (GoTrue MAILER_OTP_EXP). Default 3600. */
  otpExpiry?: number;
  /** Minimum seconds between two mails to one user (config.toml [auth.email] max_frequency). Default 1. */
  emailMaxFrequency?: number;
  log?: (line: string) => void;
}

type Json = Record<string, unknown>;
type Db = pg.PoolClient;

const MAX_BODY = 1024 * 1024;
const ADMIN_ROLES = ['service_role', 'supabase_admin'];
const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const EMAIL_RE = /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;

const INVALID_CREDENTIALS = () => badRequest('invalid_credentials', 'Invalid login credentials');
/** GoTrue's window for [auth.rate_limit] sign_in_sign_ups and token_verifications. */
const RATE_WINDOW_MS = 5 * 60 * 1000;
/** Failed password sign-ins per account per window (GoTrue has no such limit; it stops guessing). */
const FAILED_SIGN_INS_PER_ACCOUNT = 10;
const hasControlChars = (s: string) => [...s].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f);
const rateLimited = (seconds: number) =>
  new ApiError(429, 'over_request_rate_limit', 'Request rate limit reached', {}, { 'Retry-After': String(seconds) });
const OTP_EXPIRED_MSG = 'Email link is invalid or has expired';

// ---------------------------------------------------------------------------------------------
// Small helpers

function randomAlphanumeric(n: number): string {
  const chars = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  const bytes = crypto.randomBytes(n * 2);
  let out = '';
  for (let i = 0; out.length < n && i < bytes.length; i++) {
    const b = bytes[i]!;
    if (b < 248) out += chars[b % 62];
  }
  while (out.length < n) out += chars[crypto.randomInt(62)];
  return out;
}

function randomOtp(): string {
  return String(crypto.randomInt(0, 1_000_000)).padStart(6, '0');
}

/** GoTrue's GenerateTokenHash: sha224 hex of email+otp. */
function tokenHash(email: string, otp: string): string {
  return crypto.createHash('sha224').update(email + otp).digest('hex');
}

function isRecord(v: unknown): v is Json {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function field(body: Json, name: string, type: 'string' | 'boolean' | 'object'): unknown {
  const v = body[name];
  if (v === undefined || v === null) return undefined;
  const ok = type === 'object' ? isRecord(v) : typeof v === type;
  if (!ok) throw badRequest('bad_json', `Could not parse request body as JSON: json: cannot unmarshal ${Array.isArray(v) ? 'array' : typeof v} into Go struct field .${name} of type ${type}`);
  return v;
}
const str = (b: Json, n: string) => field(b, n, 'string') as string | undefined;
const bool = (b: Json, n: string) => field(b, n, 'boolean') as boolean | undefined;
const obj = (b: Json, n: string) => field(b, n, 'object') as Json | undefined;

function normalizeEmail(email: string): string {
  const e = email.trim().toLowerCase();
  if (e.length > 255 || !EMAIL_RE.test(e)) throw validationFailed('Unable to validate email address: invalid format');
  return e;
}

/** Merges metadata like GoTrue's UpdateUserMetaData: null deletes a key. */
function mergeMeta(base: Json, patch: Json): Json {
  const out: Json = { ...base };
  for (const [k, v] of Object.entries(patch)) {
    if (v === null) delete out[k];
    else out[k] = v;
  }
  return out;
}

/** Go duration ("24h", "1h30m", "none") → milliseconds; null for "none". */
function parseBanDuration(s: string): number | null {
  if (s === 'none') return null;
  const re = /(\d+(?:\.\d+)?)(ns|us|µs|ms|s|m|h)/gy;
  const unit: Record<string, number> = { ns: 1e-6, us: 1e-3, 'µs': 1e-3, ms: 1, s: 1000, m: 60000, h: 3600000 };
  let total = 0;
  let m: RegExpExecArray | null;
  let consumed = 0;
  while ((m = re.exec(s)) !== null) {
    total += parseFloat(m[1]!) * unit[m[2]!]!;
    consumed = re.lastIndex;
  }
  if (s.length === 0 || consumed !== s.length) throw badRequest('validation_failed', 'invalid format for ban duration: time: invalid duration "' + s + '"');
  return total;
}

async function readBody(req: http.IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  let tooLarge = false;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY) tooLarge = true;
    else chunks.push(chunk as Buffer);
  }
  if (tooLarge) throw new ApiError(413, 'request_entity_too_large', `Request body too large (max ${MAX_BODY} bytes)`);
  return Buffer.concat(chunks);
}

/** Like GoTrue: the body is parsed as JSON whatever the Content-Type says. */
function parseJson(buf: Buffer): Json {
  let v: unknown;
  try {
    v = JSON.parse(buf.toString('utf8'));
  } catch (err) {
    throw badRequest('bad_json', `Could not parse request body as JSON: ${(err as Error).message}`);
  }
  if (v === null) return {};
  if (!isRecord(v)) throw badRequest('bad_json', `Could not parse request body as JSON: json: cannot unmarshal ${Array.isArray(v) ? 'array' : typeof v} into Go value of type object`);
  return v;
}

// ---------------------------------------------------------------------------------------------

export async function startAuth(config: AuthOptions): Promise<ServiceHandle> {
  const pool = new pg.Pool({ connectionString: config.dbUrl, max: 5, idleTimeoutMillis: 10_000 });
  pool.on('error', (err) => log(`pool error: ${err.message}`));
  const key = secretKey(config.jwtSecret);
  const issuer = `${config.apiExternalUrl.replace(/\/$/, '')}/auth/v1`;
  const reuseInterval = config.refreshTokenReuseInterval ?? 10;
  const otpExpiry = config.otpExpiry ?? 3600;
  const redirects = makeRedirectValidator(config.siteUrl, config.additionalRedirectUrls);
  const mailer = createMailer(config.smtp);
  const emailMaxFrequency = config.emailMaxFrequency ?? 1;
  const log = config.log ?? ((line: string) => process.stderr.write(`[auth] ${line}\n`));
  // Per client address: failed password sign-ins (config sign_in_sign_ups) and verifications
  // (token_verifications); per account: failed sign-ins. See throttle.ts and README.md.
  const signInsPerAddress = new Throttle(config.rateLimit?.signInSignUps ?? 30, RATE_WINDOW_MS);
  const signInsPerAccount = new Throttle(FAILED_SIGN_INS_PER_ACCOUNT, RATE_WINDOW_MS);
  const verificationsPerAddress = new Throttle(config.rateLimit?.tokenVerifications ?? 30, RATE_WINDOW_MS);

  async function tx<T>(fn: (db: Db) => Promise<T>): Promise<T> {
    const db = await pool.connect();
    try {
      await db.query('begin');
      const out = await fn(db);
      await db.query('commit');
      return out;
    } catch (err) {
      await db.query('rollback').catch(() => {});
      throw err;
    } finally {
      db.release();
    }
  }

  // ----- data access ---------------------------------------------------------------------------

  async function loadUser(db: Db | pg.Pool, id: string, lock = false): Promise<UserRow | null> {
    const r = await db.query<UserRow>(`select * from auth.users where id = $1${lock ? ' for update' : ''}`, [id]);
    return r.rows[0] ?? null;
  }

  async function findUserByEmail(db: Db | pg.Pool, email: string, lock = false): Promise<UserRow | null> {
    const r = await db.query<UserRow>(
      `select * from auth.users where lower(email) = lower($1) and not is_sso_user and deleted_at is null
       order by created_at limit 1${lock ? ' for update' : ''}`,
      [email],
    );
    return r.rows[0] ?? null;
  }

  async function userOut(db: Db | pg.Pool, u: UserRow) {
    const ids = await db.query<IdentityRow>('select * from auth.identities where user_id = $1 order by created_at', [u.id]);
    return userJson(u, ids.rows);
  }

  function isBanned(u: UserRow): boolean {
    return u.banned_until !== null && u.banned_until.getTime() > Date.now();
  }

  async function accessToken(db: Db, u: UserRow, sessionId: string) {
    const amr = await db.query<{ authentication_method: string; updated_at: Date }>(
      'select authentication_method, updated_at from auth.mfa_amr_claims where session_id = $1 order by updated_at desc',
      [sessionId],
    );
    return signAccessToken(key, {
      issuer,
      userId: u.id,
      email: u.email ?? '',
      phone: u.phone ?? '',
      appMetadata: appMetadata(u),
      userMetadata: userMetadata(u),
      role: u.role ?? 'authenticated',
      sessionId,
      amr: amr.rows.map((a) => ({ method: a.authentication_method, timestamp: Math.floor(a.updated_at.getTime() / 1000) })),
      isAnonymous: u.is_anonymous,
      expiresIn: config.jwtExpiry,
    });
  }

  async function sessionResponse(db: Db, userId: string, sessionId: string, refreshToken: string) {
    const u = (await loadUser(db, userId))!;
    const t = await accessToken(db, u, sessionId);
    return {
      access_token: t.token,
      token_type: 'bearer',
      expires_in: config.jwtExpiry,
      expires_at: t.exp,
      refresh_token: refreshToken,
      user: await userOut(db, u),
    };
  }

  async function insertRefreshToken(db: Db, userId: string, sessionId: string, parent: string | null): Promise<string> {
    const token = randomAlphanumeric(12);
    await db.query(
      `insert into auth.refresh_tokens (instance_id, token, user_id, revoked, parent, session_id, created_at, updated_at)
       values ('00000000-0000-0000-0000-000000000000', $1, $2, false, $3, $4, now(), now())`,
      [token, userId, parent, sessionId],
    );
    return token;
  }

  /** A new session (sessions + amr claim + first refresh token); updates last_sign_in_at. */
  async function newSession(db: Db, u: UserRow, method: string, req: http.IncomingMessage) {
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
    return sessionResponse(db, u.id, sessionId, refresh);
  }

  /**
   * The caller's address for the limits: what the gateway saw (x-real-ip, which it always sets
   * and never takes from a client), else the peer of a direct connection. Never the first
   * x-forwarded-for entry: the client writes that one.
   */
  function callerAddress(req: http.IncomingMessage): string {
    const real = req.headers['x-real-ip'];
    return (typeof real === 'string' && real.trim()) || (req.socket.remoteAddress ?? 'unknown').replace(/^::ffff:/, '');
  }

  function clientIp(req: http.IncomingMessage): string | null {
    const fwd = req.headers['x-forwarded-for'];
    const ip = (Array.isArray(fwd) ? fwd[0] : fwd)?.split(',')[0]?.trim() || req.socket.remoteAddress || null;
    return ip && /^[0-9a-f.:]+$/i.test(ip) ? ip.replace(/^::ffff:/, '') : null;
  }

  // ----- authentication of the caller -----------------------------------------------------------

  function bearer(req: http.IncomingMessage): string {
    const m = /^Bearer\s+(\S+)\s*$/i.exec(req.headers.authorization ?? '');
    if (!m) throw new ApiError(401, 'no_authorization', 'This endpoint requires a Bearer token');
    return m[1]!;
  }

  async function requireUser(req: http.IncomingMessage) {
    const claims = await verifyBearer(key, bearer(req));
    if (!claims.sub) throw new ApiError(403, 'bad_jwt', 'invalid claim: missing sub claim');
    if (!UUID_RE.test(claims.sub)) throw new ApiError(403, 'bad_jwt', 'invalid claim: sub claim must be a UUID');
    const user = await loadUser(pool, claims.sub);
    if (!user || user.deleted_at) throw new ApiError(403, 'user_not_found', 'User from sub claim in JWT does not exist');
    let sessionId: string | null = null;
    if (claims.session_id && claims.session_id !== '00000000-0000-0000-0000-000000000000') {
      if (!UUID_RE.test(claims.session_id)) throw new ApiError(403, 'bad_jwt', 'invalid claim: session_id claim must be a UUID');
      const s = await pool.query<{ id: string; not_after: Date | null }>('select id, not_after from auth.sessions where id = $1', [claims.session_id]);
      if (s.rowCount === 0) throw new ApiError(403, 'session_not_found', 'Session from session_id claim in JWT does not exist');
      sessionId = s.rows[0]!.id;
    }
    return { claims, user, sessionId };
  }

  async function requireAdmin(req: http.IncomingMessage): Promise<Claims> {
    const claims = await verifyBearer(key, bearer(req));
    if (!claims.role || !ADMIN_ROLES.includes(claims.role)) throw new ApiError(403, 'not_admin', 'User not allowed');
    return claims;
  }

  // ----- endpoints ------------------------------------------------------------------------------

  async function passwordGrant(req: http.IncomingMessage, body: Json) {
    const email = str(body, 'email');
    const phone = str(body, 'phone');
    const password = str(body, 'password') ?? '';
    if (!email && !phone) throw validationFailed('missing email or phone');
    if (!email) throw INVALID_CREDENTIALS(); // phone sign-in is not offered by this stack
    // No address has control characters (a NUL cannot even reach the database).
    if (email.length > 255 || hasControlChars(email)) throw validationFailed('Unable to validate email address: invalid format');
    // Counted before the password is checked, so parallel guesses cannot slip past the limits;
    // a successful sign-in is given back (only failures count).
    const address = callerAddress(req);
    const account = email.trim().toLowerCase();
    const waitAddress = signInsPerAddress.take(address);
    if (waitAddress > 0) throw rateLimited(waitAddress);
    const waitAccount = signInsPerAccount.take(account);
    if (waitAccount > 0) {
      signInsPerAddress.release(address);
      throw rateLimited(waitAccount);
    }
    const session = await tx(async (db) => {
      const u = await findUserByEmail(db, email);
      if (!u || !u.encrypted_password || password === '') throw INVALID_CREDENTIALS();
      const hash = u.encrypted_password.replace(/^\$2y\$/, '$2b$');
      let ok = false;
      try {
        ok = /^\$2[aby]\$/.test(hash) && (await bcrypt.compare(password, hash));
      } catch {
        ok = false;
      }
      if (!ok) throw INVALID_CREDENTIALS();
      if (isBanned(u)) throw badRequest('user_banned', 'User is banned');
      if (!u.confirmed_at) throw badRequest('email_not_confirmed', 'Email not confirmed');
      return newSession(db, u, 'password', req);
    });
    signInsPerAddress.release(address);
    signInsPerAccount.release(account);
    return session;
  }

  async function refreshGrant(body: Json) {
    const refreshToken = str(body, 'refresh_token');
    if (!refreshToken) throw validationFailed('refresh_token required');
    const outcome = await tx(async (db) => {
      const r = await db.query<{
        id: string;
        token: string;
        user_id: string;
        revoked: boolean;
        updated_at: Date;
        session_id: string | null;
        not_after: Date | null;
      }>(
        `select t.id, t.token, t.user_id, t.revoked, t.updated_at, t.session_id, s.not_after
           from auth.refresh_tokens t join auth.sessions s on s.id = t.session_id
          where t.token = $1 for update of t, s`,
        [refreshToken],
      );
      const tok = r.rows[0];
      if (!tok || !tok.session_id) throw badRequest('refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');
      const sessionId = tok.session_id;
      const u = UUID_RE.test(tok.user_id) ? await loadUser(db, tok.user_id) : null;
      if (!u || u.deleted_at) throw badRequest('refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');
      if (isBanned(u)) throw badRequest('user_banned', 'User is banned');
      if (tok.not_after && tok.not_after.getTime() < Date.now()) throw badRequest('session_expired', 'Invalid Refresh Token: Session Expired');

      let issued: string | null = null;
      if (tok.revoked) {
        const withinReuse = tok.updated_at.getTime() + reuseInterval * 1000 > Date.now();
        if (!withinReuse) {
          // Reuse of a revoked token: treat as theft, revoke the whole session.
          await db.query('delete from auth.sessions where id = $1', [sessionId]);
          return { error: badRequest('refresh_token_already_used', 'Invalid Refresh Token: Already Used') };
        }
        const active = await db.query<{ token: string; parent: string | null }>(
          'select token, parent from auth.refresh_tokens where session_id = $1 and not revoked order by id desc limit 1',
          [sessionId],
        );
        if (active.rows[0] && active.rows[0].parent === tok.token) issued = active.rows[0].token;
      }
      if (issued === null) {
        await db.query('update auth.refresh_tokens set revoked = true, updated_at = now() where id = $1 and not revoked', [tok.id]);
        issued = await insertRefreshToken(db, u.id, sessionId, tok.token);
      }
      await db.query('update auth.sessions set refreshed_at = now(), updated_at = now() where id = $1', [sessionId]);
      return { session: await sessionResponse(db, u.id, sessionId, issued) };
    });
    if ('error' in outcome) throw outcome.error; // committed: the session stays revoked
    return outcome.session;
  }

  async function updateUser(req: http.IncomingMessage, body: Json) {
    const { user } = await requireUser(req);
    const password = str(body, 'password');
    const data = obj(body, 'data');
    const email = str(body, 'email');
    if (password !== undefined) checkPasswordStrength(password, config.passwordMinLength, config.passwordRequirements);
    return tx(async (db) => {
      const u = (await loadUser(db, user.id, true))!;
      if (password !== undefined) {
        if (u.encrypted_password && /^\$2[aby]\$/.test(u.encrypted_password) && (await bcrypt.compare(password, u.encrypted_password.replace(/^\$2y\$/, '$2b$')))) {
          throw new ApiError(422, 'same_password', 'New password should be different from the old password.');
        }
        const hash = await bcrypt.hash(password, 10);
        await db.query(`update auth.users set encrypted_password = $2, recovery_token = '', updated_at = now() where id = $1`, [u.id, hash]);
      }
      if (data) {
        await db.query('update auth.users set raw_user_meta_data = $2, updated_at = now() where id = $1', [u.id, mergeMeta(userMetadata(u), data)]);
      }
      if (email !== undefined && email !== '' && email.toLowerCase() !== (u.email ?? '').toLowerCase()) {
        const e = normalizeEmail(email);
        if (await findUserByEmail(db, e)) throw new ApiError(422, 'email_exists', 'A user with this email address has already been registered');
        // enable_confirmations = false: the change applies at once (GoTrue with autoconfirm).
        await db.query('update auth.users set email = $2, email_confirmed_at = coalesce(email_confirmed_at, now()), updated_at = now() where id = $1', [u.id, e]);
        await db.query(
          `update auth.identities set identity_data = identity_data || jsonb_build_object('email', $2::text), updated_at = now()
            where user_id = $1 and provider = 'email'`,
          [u.id, e],
        );
      }
      return userOut(db, (await loadUser(db, u.id))!);
    });
  }

  async function logout(req: http.IncomingMessage, url: URL) {
    const scope = url.searchParams.get('scope') ?? '';
    if (!['', 'global', 'local', 'others'].includes(scope)) throw validationFailed(`Unsupported logout scope "${scope}"`);
    const { user, sessionId } = await requireUser(req);
    await tx(async (db) => {
      if (sessionId === null || scope === '' || scope === 'global') {
        await db.query('delete from auth.sessions where user_id = $1', [user.id]);
      } else if (scope === 'local') {
        await db.query('delete from auth.sessions where id = $1', [sessionId]);
      } else {
        await db.query('delete from auth.sessions where user_id = $1 and id <> $2', [user.id, sessionId]);
      }
    });
  }

  /** Stores a fresh recovery token for the user; returns the otp and its hash. */
  async function issueRecoveryToken(db: Db, u: UserRow) {
    const otp = randomOtp();
    const hashed = tokenHash((u.email ?? '').toLowerCase(), otp);
    await db.query(`update auth.users set recovery_token = $2, recovery_sent_at = now(), updated_at = now() where id = $1`, [u.id, hashed]);
    await db.query(
      `insert into auth.one_time_tokens (user_id, token_type, token_hash, relates_to, created_at, updated_at)
       values ($1, 'recovery_token', $2, $3, now(), now())
       on conflict (user_id, token_type) do update set token_hash = excluded.token_hash, relates_to = excluded.relates_to, updated_at = now()`,
      [u.id, hashed, (u.email ?? '').toLowerCase()],
    );
    return { otp, hashed };
  }

  function verifyLink(hashed: string, type: string, redirectTo: string): string {
    return `${issuer}/verify?token=${hashed}&type=${type}&redirect_to=${encodeURIComponent(redirectTo)}`;
  }

  async function recover(req: http.IncomingMessage, url: URL, body: Json) {
    const raw = str(body, 'email');
    if (!raw) throw validationFailed('Password recovery requires an email');
    const email = normalizeEmail(raw);
    const redirectTo = redirects.pick(url.searchParams.get('redirect_to') ?? str(body, 'redirect_to'), req.headers.referer);
    await tx(async (db) => {
      const u = await findUserByEmail(db, email, true);
      if (!u) return; // no enumeration: unknown addresses get the same answer
      if (u.recovery_sent_at && u.recovery_sent_at.getTime() + emailMaxFrequency * 1000 > Date.now()) {
        throw new ApiError(429, 'over_email_send_rate_limit', `For security purposes, you can only request this after ${emailMaxFrequency} seconds.`);
      }
      const { otp, hashed } = await issueRecoveryToken(db, u);
      try {
        await mailer.sendRecovery(u.email!, verifyLink(hashed, 'recovery', redirectTo), otp);
      } catch (err) {
        log(`recovery mail failed: ${(err as Error).message}`);
        throw new ApiError(500, 'unexpected_failure', 'Error sending recovery email');
      }
    });
    return {};
  }

  /** Consumes a recovery token (by hash); returns the user or null when invalid/expired. */
  async function consumeRecovery(db: Db, hashed: string): Promise<UserRow | null> {
    if (!hashed) return null;
    const r = await db.query<UserRow>(
      `select * from auth.users where recovery_token = $1 and deleted_at is null
         and recovery_sent_at > now() - make_interval(secs => $2) for update`,
      [hashed, otpExpiry],
    );
    const u = r.rows[0];
    if (!u) return null;
    await db.query(
      `update auth.users set recovery_token = '', email_confirmed_at = coalesce(email_confirmed_at, now()), updated_at = now() where id = $1`,
      [u.id],
    );
    await db.query(`delete from auth.one_time_tokens where user_id = $1 and token_type = 'recovery_token'`, [u.id]);
    return (await loadUser(db, u.id))!;
  }

  async function verifyGet(req: http.IncomingMessage, url: URL, res: http.ServerResponse) {
    const q = url.searchParams;
    const type = q.get('type') ?? '';
    const redirectTo = redirects.pick(q.get('redirect_to'), req.headers.referer);
    const fail = (code: string, description: string) => {
      const p = new URLSearchParams({ error: 'access_denied', error_code: code, error_description: description });
      redirect(res, `${redirectTo}#${p.toString()}`);
    };
    if (type !== 'recovery' && type !== 'magiclink') return fail('validation_failed', 'Unsupported verification type');
    const session = await tx(async (db) => {
      const u = await consumeRecovery(db, q.get('token') ?? '');
      if (!u || isBanned(u)) return null;
      return newSession(db, u, 'otp', req);
    });
    if (!session) return fail('otp_expired', OTP_EXPIRED_MSG);
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
  }

  async function verifyPost(req: http.IncomingMessage, body: Json) {
    // A six-digit code is guessable: verifications are limited per address (token_verifications).
    const wait = verificationsPerAddress.take(callerAddress(req));
    if (wait > 0) throw rateLimited(wait);
    const type = str(body, 'type');
    const hash = str(body, 'token_hash');
    const token = str(body, 'token');
    const email = str(body, 'email');
    if (!type) throw validationFailed('Verify requires a verification type');
    if (!['recovery', 'magiclink', 'email'].includes(type)) throw validationFailed('Unsupported verification type');
    if (hash && (email || token)) throw validationFailed('Only the token_hash and type should be provided');
    let hashed: string;
    if (hash) hashed = hash;
    else if (token && email) hashed = tokenHash(normalizeEmail(email), token);
    else throw validationFailed('Verify requires either a token or a token hash');
    const session = await tx(async (db) => {
      const u = await consumeRecovery(db, hashed);
      if (!u || isBanned(u)) return null;
      return newSession(db, u, 'otp', req);
    });
    if (!session) throw new ApiError(403, 'otp_expired', OTP_EXPIRED_MSG);
    return session;
  }

  function redirect(res: http.ServerResponse, location: string) {
    res.writeHead(303, { Location: location, 'X-Supabase-Api-Version': API_VERSION, 'Content-Length': 0 });
    res.end();
  }

  /** Inserts a confirmed-or-not email user with its identity. */
  async function createUser(
    db: Db,
    p: { id?: string; email?: string; phone?: string; password?: string; emailConfirm: boolean; phoneConfirm?: boolean; userMeta: Json; appMeta: Json; role?: string; bannedUntil?: Date | null },
  ): Promise<UserRow> {
    const id = p.id ?? crypto.randomUUID();
    const hash = p.password !== undefined ? await bcrypt.hash(p.password, 10) : '';
    const providers = p.email ? ['email'] : p.phone ? ['phone'] : [];
    const app = mergeMeta({ provider: providers[0] ?? 'email', providers }, p.appMeta);
    try {
      await db.query('savepoint create_user');
      await db.query(
        `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at, phone, phone_confirmed_at,
            raw_app_meta_data, raw_user_meta_data, created_at, updated_at, banned_until,
            confirmation_token, recovery_token, email_change_token_new, email_change, is_sso_user, is_anonymous)
         values ('00000000-0000-0000-0000-000000000000', $1, 'authenticated', $2, $3, $4, $5, $6, $7, $8, $9, now(), now(), $10,
            '', '', '', '', false, false)`,
        [id, p.role || 'authenticated', p.email ?? null, hash, p.emailConfirm ? new Date() : null, p.phone ?? null,
          p.phone && p.phoneConfirm ? new Date() : null, app, p.userMeta, p.bannedUntil ?? null],
      );
      if (p.email) {
        await db.query(
          `insert into auth.identities (provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at)
           values ($1::text, $1::uuid, $2, 'email', now(), now(), now())`,
          [id, { sub: id, email: p.email, email_verified: p.emailConfirm, phone_verified: false }],
        );
      }
      await db.query('release savepoint create_user');
    } catch (err) {
      await db.query('rollback to savepoint create_user');
      throw mapDbError(err, 'Database error creating new user');
    }
    return (await loadUser(db, id))!;
  }

  function mapDbError(err: unknown, fallback: string): Error {
    const e = err as { code?: string; constraint?: string; message?: string };
    if (e.code === '23505') {
      if (e.constraint?.includes('email')) return new ApiError(422, 'email_exists', 'A user with this email address has already been registered');
      if (e.constraint?.includes('phone')) return new ApiError(422, 'phone_exists', 'A user with this phone number has already been registered');
      if (e.constraint === 'users_pkey') return new ApiError(422, 'user_already_exists', 'User already registered');
    }
    log(`${fallback}: ${e.message ?? String(err)}`);
    return new ApiError(500, 'unexpected_failure', fallback);
  }

  async function signup(req: http.IncomingMessage, body: Json) {
    if (!config.signupEnabled) throw new ApiError(422, 'signup_disabled', 'Signups not allowed for this instance');
    const rawEmail = str(body, 'email');
    const password = str(body, 'password');
    if (!rawEmail) throw validationFailed('To signup, please provide your email');
    const email = normalizeEmail(rawEmail);
    if (!password) throw validationFailed('Signup requires a valid password');
    checkPasswordStrength(password, config.passwordMinLength, config.passwordRequirements);
    return tx(async (db) => {
      if (await findUserByEmail(db, email)) throw new ApiError(422, 'user_already_exists', 'User already registered');
      const u = await createUser(db, { email, password, emailConfirm: true, userMeta: obj(body, 'data') ?? {}, appMeta: {} });
      return newSession(db, u, 'password', req);
    });
  }

  // ----- admin ------------------------------------------------------------------------------------

  async function adminCreate(body: Json) {
    const rawEmail = str(body, 'email');
    const phone = str(body, 'phone');
    const password = str(body, 'password');
    const id = str(body, 'id');
    const banDuration = str(body, 'ban_duration');
    if (!rawEmail && !phone) throw validationFailed('Cannot create a user without either an email or phone');
    const email = rawEmail ? normalizeEmail(rawEmail) : undefined;
    if (id !== undefined && !UUID_RE.test(id)) throw validationFailed('ID must conform to the uuid v4 format');
    if (password !== undefined) checkPasswordStrength(password, config.passwordMinLength, config.passwordRequirements);
    const ban = banDuration !== undefined ? parseBanDuration(banDuration) : null;
    return tx(async (db) => {
      if (email && (await findUserByEmail(db, email))) throw new ApiError(422, 'email_exists', 'A user with this email address has already been registered');
      const u = await createUser(db, {
        id,
        email,
        phone: phone || undefined,
        password,
        emailConfirm: bool(body, 'email_confirm') ?? false,
        phoneConfirm: bool(body, 'phone_confirm') ?? false,
        userMeta: obj(body, 'user_metadata') ?? obj(body, 'data') ?? {},
        appMeta: obj(body, 'app_metadata') ?? {},
        role: str(body, 'role'),
        bannedUntil: ban === null ? null : new Date(Date.now() + ban),
      });
      return userOut(db, u);
    });
  }

  async function adminList(url: URL, res: http.ServerResponse) {
    const pageRaw = url.searchParams.get('page') || '1';
    const perRaw = url.searchParams.get('per_page') || '50';
    if (!/^\d+$/.test(pageRaw) || !/^\d+$/.test(perRaw)) throw badRequest('validation_failed', 'Bad Pagination Parameters');
    const page = Math.max(1, parseInt(pageRaw, 10));
    const perPage = Math.min(1000, Math.max(1, parseInt(perRaw, 10)));
    const filter = url.searchParams.get('filter') ?? '';
    const where = `aud = 'authenticated' and deleted_at is null and ($1 = '' or email ilike '%' || $1 || '%')`;
    const count = await pool.query<{ n: string }>(`select count(*) as n from auth.users where ${where}`, [filter]);
    const total = Number(count.rows[0]!.n);
    const rows = await pool.query<UserRow>(
      `select * from auth.users where ${where} order by created_at desc, id limit $2 offset $3`,
      [filter, perPage, (page - 1) * perPage],
    );
    const ids = rows.rows.map((u) => u.id);
    const idRows = ids.length
      ? (await pool.query<IdentityRow>('select * from auth.identities where user_id = any($1::uuid[]) order by created_at', [ids])).rows
      : [];
    const users = rows.rows.map((u) => userJson(u, idRows.filter((i) => i.user_id === u.id)));
    const lastPage = Math.ceil(total / perPage);
    const link = (p: number) => {
      const q = new URLSearchParams(url.searchParams);
      q.delete('page');
      q.delete('per_page');
      const rest = q.toString();
      return `</admin/users?page=${p}&per_page=${perPage}${rest ? '&' + rest : ''}>`;
    };
    const parts: string[] = [];
    if (page < lastPage) parts.push(`${link(page + 1)}; rel="next"`);
    parts.push(`${link(lastPage)}; rel="last"`);
    sendJson(res, 200, { users, aud: 'authenticated' }, { 'X-Total-Count': String(total), Link: parts.join(', ') });
  }

  async function adminUpdate(id: string, body: Json) {
    const rawEmail = str(body, 'email');
    const phone = str(body, 'phone');
    const password = str(body, 'password');
    const role = str(body, 'role');
    const emailConfirm = bool(body, 'email_confirm');
    const userMeta = obj(body, 'user_metadata');
    const appMeta = obj(body, 'app_metadata');
    const banDuration = str(body, 'ban_duration');
    if (password !== undefined) checkPasswordStrength(password, config.passwordMinLength, config.passwordRequirements);
    const ban = banDuration !== undefined ? parseBanDuration(banDuration) : undefined;
    return tx(async (db) => {
      const u = await loadUser(db, id, true);
      if (!u || u.deleted_at) throw new ApiError(404, 'user_not_found', 'User not found');
      try {
        await db.query('savepoint upd');
        if (rawEmail !== undefined && rawEmail !== '') {
          const email = normalizeEmail(rawEmail);
          if (email !== (u.email ?? '').toLowerCase()) {
            const other = await findUserByEmail(db, email);
            if (other && other.id !== u.id) throw new ApiError(422, 'email_exists', 'A user with this email address has already been registered');
            await db.query('update auth.users set email = $2 where id = $1', [id, email]);
            await db.query(
              `update auth.identities set identity_data = identity_data || jsonb_build_object('email', $2::text), updated_at = now()
                where user_id = $1 and provider = 'email'`,
              [id, email],
            );
          }
        }
        if (phone !== undefined) await db.query('update auth.users set phone = $2 where id = $1', [id, phone || null]);
        if (password !== undefined) await db.query('update auth.users set encrypted_password = $2 where id = $1', [id, await bcrypt.hash(password, 10)]);
        if (role !== undefined) await db.query('update auth.users set role = $2 where id = $1', [id, role]);
        if (emailConfirm === true) await db.query('update auth.users set email_confirmed_at = coalesce(email_confirmed_at, now()) where id = $1', [id]);
        if (userMeta) await db.query('update auth.users set raw_user_meta_data = $2 where id = $1', [id, mergeMeta(userMetadata(u), userMeta)]);
        if (appMeta) await db.query('update auth.users set raw_app_meta_data = $2 where id = $1', [id, mergeMeta(appMetadata(u), appMeta)]);
        if (ban !== undefined) {
          await db.query('update auth.users set banned_until = $2 where id = $1', [id, ban === null ? null : new Date(Date.now() + ban)]);
          if (ban !== null) await db.query('delete from auth.sessions where user_id = $1', [id]);
        }
        await db.query('update auth.users set updated_at = now() where id = $1', [id]);
        await db.query('release savepoint upd');
      } catch (err) {
        if (err instanceof ApiError) throw err;
        await db.query('rollback to savepoint upd');
        throw mapDbError(err, 'Database error updating user');
      }
      return userOut(db, (await loadUser(db, id))!);
    });
  }

  async function adminDelete(id: string, body: Json) {
    const soft = bool(body, 'should_soft_delete') ?? false;
    await tx(async (db) => {
      const u = await loadUser(db, id, true);
      if (!u || u.deleted_at) throw new ApiError(404, 'user_not_found', 'User not found');
      try {
        if (soft) {
          await db.query('delete from auth.sessions where user_id = $1', [id]);
          await db.query('delete from auth.identities where user_id = $1', [id]);
          await db.query(
            `update auth.users set deleted_at = now(), email = null, phone = null, encrypted_password = '',
               raw_user_meta_data = '{}'::jsonb, raw_app_meta_data = '{}'::jsonb, updated_at = now() where id = $1`,
            [id],
          );
        } else {
          await db.query('delete from auth.users where id = $1', [id]);
        }
      } catch (err) {
        throw mapDbError(err, 'Database error deleting user');
      }
    });
    return {};
  }

  async function adminGenerateLink(req: http.IncomingMessage, url: URL, body: Json) {
    const type = str(body, 'type');
    const raw = str(body, 'email');
    if (type !== 'recovery' && type !== 'magiclink') throw validationFailed(`Invalid email action link type requested: ${type ?? ''}`);
    if (!raw) throw validationFailed('Password recovery requires an email');
    const email = normalizeEmail(raw);
    const redirectTo = redirects.pick(str(body, 'redirect_to') ?? url.searchParams.get('redirect_to'), req.headers.referer);
    return tx(async (db) => {
      const u = await findUserByEmail(db, email, true);
      if (!u) throw new ApiError(404, 'user_not_found', 'User with this email not found');
      const { otp, hashed } = await issueRecoveryToken(db, u);
      const user = await userOut(db, (await loadUser(db, u.id))!);
      return {
        ...user,
        action_link: verifyLink(hashed, type, redirectTo),
        email_otp: otp,
        hashed_token: hashed,
        verification_type: type,
        redirect_to: redirectTo,
      };
    });
  }

  function settings() {
    return {
      external: {
        anonymous_users: false, apple: false, azure: false, bitbucket: false, discord: false, facebook: false, figma: false,
        fly: false, github: false, gitlab: false, google: false, keycloak: false, kakao: false, linkedin: false,
        linkedin_oidc: false, notion: false, spotify: false, slack: false, slack_oidc: false, workos: false, twitch: false,
        twitter: false, zoom: false, email: true, phone: false,
      },
      disable_signup: !config.signupEnabled,
      mailer_autoconfirm: true,
      phone_autoconfirm: false,
      sms_provider: '',
      saml_enabled: false,
    };
  }

  // ----- router -----------------------------------------------------------------------------------

  async function route(req: http.IncomingMessage, res: http.ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://local');
    const path = url.pathname.replace(/\/+$/, '') || '/';
    const method = req.method ?? 'GET';
    const needsBody = method === 'POST' || method === 'PUT' || method === 'PATCH' || method === 'DELETE';
    const raw = needsBody ? await readBody(req) : Buffer.alloc(0);
    const body = () => parseJson(raw);
    const bodyOrEmpty = () => (raw.length === 0 ? {} : parseJson(raw));
    const notAllowed = () => {
      throw new ApiError(405, 'method_not_allowed', `Method ${method} not allowed on ${path}`);
    };

    if (path === '/health') {
      if (method !== 'GET' && method !== 'HEAD') notAllowed();
      return sendJson(res, 200, { version: 'local', name: 'GoTrue', description: 'GoTrue is a user registration and authentication API' });
    }
    if (path === '/.well-known/jwks.json') {
      if (method !== 'GET') notAllowed();
      return sendJson(res, 200, { keys: [] }); // HS256 only: no public keys to publish
    }
    if (path === '/settings') {
      if (method !== 'GET') notAllowed();
      return sendJson(res, 200, settings());
    }
    if (path === '/token') {
      if (method !== 'POST') notAllowed();
      const grant = url.searchParams.get('grant_type') ?? '';
      if (grant === 'password') return sendJson(res, 200, await passwordGrant(req, body()));
      if (grant === 'refresh_token') return sendJson(res, 200, await refreshGrant(body()));
      throw badRequest('validation_failed', `unsupported_grant_type`);
    }
    if (path === '/user') {
      if (method === 'GET') {
        const { user } = await requireUser(req);
        return sendJson(res, 200, await userOut(pool, user));
      }
      if (method === 'PUT') {
        const b = body();
        return sendJson(res, 200, await updateUser(req, b));
      }
      notAllowed();
    }
    if (path === '/logout') {
      if (method !== 'POST') notAllowed();
      await logout(req, url);
      res.writeHead(204, { 'X-Supabase-Api-Version': API_VERSION });
      return res.end();
    }
    if (path === '/recover') {
      if (method !== 'POST') notAllowed();
      return sendJson(res, 200, await recover(req, url, body()));
    }
    if (path === '/verify') {
      if (method === 'GET') return verifyGet(req, url, res);
      if (method === 'POST') return sendJson(res, 200, await verifyPost(req, body()));
      notAllowed();
    }
    if (path === '/signup') {
      if (method !== 'POST') notAllowed();
      if (!config.signupEnabled) throw new ApiError(422, 'signup_disabled', 'Signups not allowed for this instance');
      return sendJson(res, 200, await signup(req, body()));
    }
    if (path === '/admin/users') {
      await requireAdmin(req);
      if (method === 'GET') return adminList(url, res);
      if (method === 'POST') return sendJson(res, 200, await adminCreate(body()));
      notAllowed();
    }
    const m = /^\/admin\/users\/([^/]+)$/.exec(path);
    if (m) {
      await requireAdmin(req);
      const id = m[1]!; // a UUID needs no decoding; anything else is not a user
      if (!UUID_RE.test(id)) throw new ApiError(404, 'user_not_found', 'User not found');
      if (method === 'GET') {
        const u = await loadUser(pool, id);
        if (!u || u.deleted_at) throw new ApiError(404, 'user_not_found', 'User not found');
        return sendJson(res, 200, await userOut(pool, u));
      }
      if (method === 'PUT') return sendJson(res, 200, await adminUpdate(id, body()));
      if (method === 'DELETE') return sendJson(res, 200, await adminDelete(id, bodyOrEmpty()));
      notAllowed();
    }
    if (path === '/admin/generate_link') {
      await requireAdmin(req);
      if (method !== 'POST') notAllowed();
      return sendJson(res, 200, await adminGenerateLink(req, url, body()));
    }
    throw new ApiError(404, 'not_found', `Not found: ${method} ${path}`);
  }

  const server = http.createServer((req, res) => {
    route(req, res).catch((err: unknown) => {
      if (err instanceof ApiError) return sendError(res, err);
      // Postgres refused a value (class 22: a NUL in text, a number out of range, …): bad input.
      const code = (err as { code?: unknown })?.code;
      if (typeof code === 'string' && code.startsWith('22')) return sendError(res, validationFailed('Invalid input'));
      log(`unexpected error on ${req.method} ${req.url}: ${(err as Error)?.stack ?? String(err)}`);
      if (!res.headersSent) sendError(res, new ApiError(500, 'unexpected_failure', 'Unexpected failure, please check server logs for more information'));
      else res.destroy();
    });
  });
  server.on('clientError', (_err, socket) => socket.destroy());

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.port, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    async close() {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      mailer.close();
      await pool.end();
    },
  };
}
