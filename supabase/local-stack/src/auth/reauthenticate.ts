// POST /reauthenticate and the nonce check of PUT /user (GoTrue's api/reauthenticate.go and the
// password branch of api/user.go), for [auth.email] secure_password_change: a password change
// needs a session signed in within the last 24 hours, or the code this endpoint mails to the
// account's address. A stolen access token alone then cannot change the password.
import { tx, type AuthContext, type Db } from './context.js';
import { ApiError, badRequest, refuseIfSentRecently, validationFailed } from './errors.js';
import { randomOtp, tokenHash } from './request.js';
import type { Handler } from './router.js';
import { loadUser } from './store.js';
import { userMetadata, type UserRow } from './users.js';

/** GoTrue asks for reauthentication when the session is older than this. */
const RECENT_SIGN_IN_MS = 24 * 60 * 60 * 1000;

export const reauthenticate: Handler = async ({ ctx, caller }) => {
  const { user } = caller!;
  if (!user.email) throw validationFailed('Reauthentication requires the user to have an email or a phone number');
  if (!user.email_confirmed_at) throw new ApiError(422, 'email_not_confirmed', 'Please verify your email first.');
  refuseIfSentRecently(user.reauthentication_sent_at, ctx.emailMaxFrequency);
  const otp = randomOtp(ctx.otpLength);
  await tx(ctx, async (db) => {
    await db.query(
      `update auth.users set reauthentication_token = $2, reauthentication_sent_at = now(), updated_at = now() where id = $1`,
      [user.id, tokenHash(user.email!.toLowerCase(), otp)],
    );
    try {
      await ctx.mailer.sendReauthentication(user.email!, {
        SiteURL: ctx.config.siteUrl,
        Email: user.email!,
        Token: otp,
        Data: userMetadata(user),
      });
    } catch (err) {
      ctx.log(`reauthentication mail failed: ${(err as Error).message}`);
      throw new ApiError(500, 'unexpected_failure', 'Error sending reauthentication email');
    }
  });
  return {};
};

/**
 * Throws unless the password of `u` may change in this request: the setting is off, the session
 * is recent, or `nonce` is the code /reauthenticate mailed (used once, within otp_expiry).
 */
export async function checkPasswordChangeAllowed(
  ctx: AuthContext,
  db: Db,
  u: UserRow,
  sessionId: string | null,
  nonce: string | undefined,
): Promise<void> {
  if (!ctx.config.securePasswordChange) return;
  const session = sessionId
    ? (await db.query<{ created_at: Date }>('select created_at from auth.sessions where id = $1', [sessionId])).rows[0]
    : undefined;
  if (session && session.created_at.getTime() + RECENT_SIGN_IN_MS > Date.now()) return;
  if (!nonce) throw badRequest('reauthentication_needed', 'Password update requires reauthentication');
  const fresh = (await loadUser(db, u.id, true))!;
  const sent = fresh.reauthentication_sent_at;
  const valid =
    !!fresh.email &&
    !!fresh.reauthentication_token &&
    !!sent &&
    sent.getTime() + ctx.otpExpiry * 1000 > Date.now() &&
    fresh.reauthentication_token === tokenHash(fresh.email.toLowerCase(), nonce);
  if (!valid) throw new ApiError(422, 'reauthentication_not_valid', 'Nonce has expired or is invalid');
  await db.query(`update auth.users set reauthentication_token = '', reauthentication_sent_at = null where id = $1`, [
    u.id,
  ]);
}
