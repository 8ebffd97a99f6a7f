// POST /otp (GoTrue's api/otp.go, magic_link.go and mail.go sendMagicLink): signInWithOtp by
// email. A confirmed account gets a mail with a link and a code; both are the recovery token
// (a magic link is a recovery with another template), so verify.ts signs them in like a reset
// link. CONTRACT.md, "Sign-in by email code".
import { tx, type AuthContext, type Db } from './context.js';
import { ApiError, badRequest, validationFailed } from './errors.js';
import { createFlowState, pkceParams } from './pkce.js';
import { issueRecoveryToken, tokenMailData } from './recover.js';
import { bool, normalizeEmail, obj, str } from './request.js';
import type { Handler } from './router.js';
import { callerAddress } from './sessions.js';
import { findUserByEmail } from './store.js';
import { rateLimited } from './token.js';
import type { UserRow } from './users.js';

const otpDisabled = () => new ApiError(422, 'otp_disabled', 'Signups not allowed for otp');

/**
 * GoTrue's validatePhone: spaces and the leading + dropped, then 2 to 15 digits. Its error is
 * never seen here: with create_user false any failure is otp_disabled, as in GoTrue.
 */
function phoneNumber(phone: string): string | null {
  const p = phone.replace(/[\s+]/g, '');
  return /^[1-9]\d{1,14}$/.test(p) ? p : null;
}

/** GoTrue's shouldCreateUser: with create_user false the address (or phone) must belong to a user. */
async function mustExist(ctx: AuthContext, email: string, phone: string): Promise<void> {
  if (email) {
    let address: string;
    try {
      address = normalizeEmail(email);
    } catch {
      throw otpDisabled();
    }
    if (!(await findUserByEmail(ctx.pool, address))) throw otpDisabled();
  } else if (phone) {
    const p = phoneNumber(phone);
    const r = p
      ? await ctx.pool.query('select 1 from auth.users where phone = $1 and deleted_at is null limit 1', [p])
      : { rowCount: 0 };
    if (!r.rowCount) throw otpDisabled();
  }
}

/** GoTrue's generateFrequencyLimitErrorMessage: the whole seconds left, rounded down. */
function refuseWithinFrequency(sentAt: Date | null, seconds: number): void {
  if (!sentAt) return;
  const left = sentAt.getTime() + seconds * 1000 - Date.now();
  if (left > 0)
    throw new ApiError(
      429,
      'over_email_send_rate_limit',
      `For security purposes, you can only request this after ${Math.floor(left / 1000)} seconds.`,
    );
}

/** GoTrue's sendMagicLink: the frequency limit, the hourly mail limit, the mail, then the token. */
async function sendMagicLink(ctx: AuthContext, db: Db, u: UserRow, pkce: boolean, redirectTo: string) {
  // The recovery timer, as GoTrue reuses it: a reset mail and a sign-in mail share max_frequency.
  refuseWithinFrequency(u.recovery_sent_at, ctx.emailMaxFrequency);
  const token = await issueRecoveryToken(db, u, pkce, ctx.otpLength);
  // GoTrue counts mails against RATE_LIMIT_EMAIL_SENT only when confirmations are on (no autoconfirm).
  if (ctx.config.enableConfirmations === true && !ctx.emailsSent.allow())
    throw new ApiError(429, 'over_email_send_rate_limit', 'email rate limit exceeded');
  try {
    await ctx.mailer.sendMagicLink(u.email!, tokenMailData(ctx, u, token, 'magiclink', redirectTo));
  } catch (err) {
    // The transaction rolls back: no mail, no token.
    ctx.log(`magic link mail failed: ${(err as Error).message}`);
    throw new ApiError(500, 'unexpected_failure', 'Error sending magic link email');
  }
}

export const otp: Handler = async ({ ctx, req, url, body: readBody }) => {
  // GoTrue's Otp limiter: every request from an address counts (RATE_LIMIT_OTP).
  const wait = ctx.otpPerAddress.take(callerAddress(req));
  if (wait > 0) throw rateLimited(wait);
  const body = readBody();
  const email = str(body, 'email') ?? '';
  const phone = str(body, 'phone') ?? '';
  const channel = str(body, 'channel') ?? '';
  // GoTrue's default: create_user is true unless the client says false.
  const createUser = bool(body, 'create_user') ?? true;
  obj(body, 'data'); // only read by a sign-up, which is not reproduced; its type is checked as Go's decoder does
  if (email && phone) throw validationFailed('Only an email address or phone number should be provided');
  if (email && channel) throw validationFailed('Channel should only be specified with Phone OTP');
  const pkce = pkceParams(body);
  if (!createUser) await mustExist(ctx, email, phone);
  if (!email) {
    if (phone) throw badRequest('phone_provider_disabled', 'Unsupported phone provider');
    throw validationFailed('One of email or phone must be set');
  }

  const address = normalizeEmail(email);
  const redirectTo = ctx.redirects.pick(url.searchParams.get('redirect_to'), req.headers.referer);
  await tx(ctx, async (db) => {
    const u = await findUserByEmail(db, address, true);
    // No account, or one that never confirmed its address: GoTrue signs it up first.
    if (!u || !u.email_confirmed_at) {
      if (!ctx.config.signupEnabled)
        throw new ApiError(422, 'signup_disabled', 'Signups not allowed for this instance');
      throw new ApiError(
        501,
        'not_implemented',
        'Sign-up by email code (create_user) is not reproduced by the local auth service',
      );
    }
    if (pkce) await createFlowState(db, u.id, 'magiclink', pkce);
    await sendMagicLink(ctx, db, u, pkce !== null, redirectTo);
  });
  // A reset asked for right after this mail waits max_frequency too, as GoTrue's shared timer makes it.
  ctx.recoveryRequests.take(address);
  return {};
};
