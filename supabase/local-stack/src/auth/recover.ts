// POST /recover (GoTrue's api/recover.go and mail.go sendPasswordRecovery): the recovery mail,
// rendered from config.toml's template (mailer.ts) with the link, the 6-digit code and the user's
// metadata; with a code challenge (flowType 'pkce') the flow state is kept and the link's token
// carries the pkce_ prefix, so the link comes back with ?code=.
import { tx, type AuthContext, type Db } from './context.js';
import { emailSendRateLimited, validationFailed } from './errors.js';
import { createFlowState, pkceParams, PKCE_PREFIX } from './pkce.js';
import { normalizeEmail, randomOtp, str, tokenHash } from './request.js';
import type { Handler } from './router.js';
import { findUserByEmail } from './store.js';
import { userMetadata, type UserRow } from './users.js';

/** Stores a fresh recovery token for the user; returns the code (`digits` long) and the link's token. */
export async function issueRecoveryToken(db: Db, u: UserRow, pkce = false, digits = 6) {
  const otp = randomOtp(digits);
  const hashed = (pkce ? PKCE_PREFIX : '') + tokenHash((u.email ?? '').toLowerCase(), otp);
  await db.query(
    `update auth.users set recovery_token = $2, recovery_sent_at = now(), updated_at = now() where id = $1`,
    [u.id, hashed],
  );
  await db.query(
    `insert into auth.one_time_tokens (user_id, token_type, token_hash, relates_to, created_at, updated_at)
     values ($1, 'recovery_token', $2, $3, now(), now())
     on conflict (user_id, token_type) do update set token_hash = excluded.token_hash, relates_to = excluded.relates_to, updated_at = now()`,
    [u.id, hashed, (u.email ?? '').toLowerCase()],
  );
  return { otp, hashed };
}

export function verifyLink(ctx: AuthContext, hashed: string, type: string, redirectTo: string): string {
  return `${ctx.issuer}/verify?token=${hashed}&type=${type}&redirect_to=${encodeURIComponent(redirectTo)}`;
}

/** What GoTrue's mails of a one-time token give their templates (Data is user_metadata). */
export function tokenMailData(
  ctx: AuthContext,
  u: UserRow,
  token: { otp: string; hashed: string },
  type: 'recovery' | 'magiclink',
  redirectTo: string,
) {
  return {
    SiteURL: ctx.config.siteUrl,
    ConfirmationURL: verifyLink(ctx, token.hashed, type, redirectTo),
    Email: u.email!,
    Token: token.otp,
    TokenHash: token.hashed,
    Data: userMetadata(u),
    RedirectTo: redirectTo,
  };
}

/**
 * POST /recover. Known and unknown addresses get the same answer in the same time (issue 28): the
 * mail frequency limit is kept per address asked for, whether an account has it or not (GoTrue
 * keeps it per user, so a quick second request answered 429 for real accounts only); an unknown
 * address gets the same database round trips; and the mail is sent after the answer, so SMTP's
 * time (or failure) tells nothing. A mail that cannot be sent is logged and its token withdrawn.
 */
export const recover: Handler = async ({ ctx, req, url, body: readBody }) => {
  const body = readBody();
  const raw = str(body, 'email');
  if (!raw) throw validationFailed('Password recovery requires an email');
  const email = normalizeEmail(raw);
  const pkce = pkceParams(body);
  const redirectTo = ctx.redirects.pick(
    url.searchParams.get('redirect_to') ?? str(body, 'redirect_to'),
    req.headers.referer,
  );
  const wait = ctx.recoveryRequests.take(email);
  if (wait > 0) throw emailSendRateLimited(ctx.emailMaxFrequency);
  const job = await tx(ctx, async (db) => {
    const u = await findUserByEmail(db, email, true);
    if (!u) {
      // The writes a real account gets (a flow state with PKCE, the user's token, the one-time
      // token), on the same tables and touching nothing: the same work, the same time.
      if (pkce) await db.query('insert into auth.flow_state select * from auth.flow_state where false');
      await db.query('update auth.users set updated_at = updated_at where false');
      await db.query('insert into auth.one_time_tokens select * from auth.one_time_tokens where false');
      return null;
    }
    if (pkce) await createFlowState(db, u.id, 'recovery', pkce);
    const { otp, hashed } = await issueRecoveryToken(db, u, pkce !== null, ctx.otpLength);
    return { u, otp, hashed };
  });
  if (job) void sendRecoveryMail(ctx, job.u, job.otp, job.hashed, redirectTo);
  return {};
};

async function sendRecoveryMail(ctx: AuthContext, u: UserRow, otp: string, hashed: string, redirectTo: string) {
  try {
    await ctx.mailer.sendRecovery(u.email!, tokenMailData(ctx, u, { otp, hashed }, 'recovery', redirectTo));
  } catch (err) {
    ctx.log(`recovery mail failed: ${(err as Error).message}`);
    // No mail, no token: nobody could have received it.
    await tx(ctx, async (db) => {
      await db.query(
        `update auth.users set recovery_token = '', recovery_sent_at = null where id = $1 and recovery_token = $2`,
        [u.id, hashed],
      );
      await db.query(
        `delete from auth.one_time_tokens where user_id = $1 and token_type = 'recovery_token' and token_hash = $2`,
        [u.id, hashed],
      );
    }).catch((e: unknown) => ctx.log(`recovery token not withdrawn: ${(e as Error).message}`));
  }
}
