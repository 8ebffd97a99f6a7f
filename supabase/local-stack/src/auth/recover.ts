// POST /recover (GoTrue's api/recover.go and mail.go sendPasswordRecovery): the recovery mail,
// rendered from config.toml's template (mailer.ts) with the link, the 6-digit code and the user's
// metadata; with a code challenge (flowType 'pkce') the flow state is kept and the link's token
// carries the pkce_ prefix, so the link comes back with ?code=.
import { tx, type AuthContext, type Db } from './context.js';
import { ApiError, validationFailed } from './errors.js';
import { createFlowState, pkceParams, PKCE_PREFIX } from './pkce.js';
import { normalizeEmail, randomOtp, str, tokenHash } from './request.js';
import type { Handler } from './router.js';
import { findUserByEmail } from './store.js';
import { userMetadata, type UserRow } from './users.js';

/** Stores a fresh recovery token for the user; returns the code and the link's token. */
export async function issueRecoveryToken(db: Db, u: UserRow, pkce = false) {
  const otp = randomOtp();
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
  await tx(ctx, async (db) => {
    const u = await findUserByEmail(db, email, true);
    if (!u) return; // no enumeration: unknown addresses get the same answer
    if (u.recovery_sent_at && u.recovery_sent_at.getTime() + ctx.emailMaxFrequency * 1000 > Date.now()) {
      throw new ApiError(
        429,
        'over_email_send_rate_limit',
        `For security purposes, you can only request this after ${ctx.emailMaxFrequency} seconds.`,
      );
    }
    if (pkce) await createFlowState(db, u.id, 'recovery', pkce);
    const { otp, hashed } = await issueRecoveryToken(db, u, pkce !== null);
    try {
      // The data GoTrue's RecoveryMail gives the templates (Data is user_metadata).
      await ctx.mailer.sendRecovery(u.email!, {
        SiteURL: ctx.config.siteUrl,
        ConfirmationURL: verifyLink(ctx, hashed, 'recovery', redirectTo),
        Email: u.email!,
        Token: otp,
        TokenHash: hashed,
        Data: userMetadata(u),
        RedirectTo: redirectTo,
      });
    } catch (err) {
      ctx.log(`recovery mail failed: ${(err as Error).message}`);
      throw new ApiError(500, 'unexpected_failure', 'Error sending recovery email');
    }
  });
  return {};
};
