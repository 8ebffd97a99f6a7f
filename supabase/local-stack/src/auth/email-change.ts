// Secure email change (GoTrue's sendEmailChange in api/mail.go and emailChangeVerify in
// api/verify.go): PUT /user with a new address changes nothing yet. A link goes to the new
// address and, with [auth.email] double_confirm_changes, another to the current one; the address
// changes once the new one confirmed (and the current one too, when double confirm is on and
// confirmations are enabled, as GoTrue needs both then). So a stolen access token alone cannot
// move the account to the thief's address. (PKCE links for email change are not offered here.)
import { type AuthContext, type Db } from './context.js';
import { ApiError, refuseIfSentRecently } from './errors.js';
import { verifyLink } from './recover.js';
import { randomOtp, tokenHash } from './request.js';
import { loadUser } from './store.js';
import { userMetadata, type UserRow } from './users.js';

const NEW = 'email_change_token_new';
const CURRENT = 'email_change_token_current';

export const SINGLE_CONFIRMATION = 'Confirmation link accepted. Please proceed to confirm link sent to the other email';

/** Stores the pending change and mails its links (the mails fail the request, as on GoTrue). */
export async function startEmailChange(ctx: AuthContext, db: Db, u: UserRow, newEmail: string, redirectTo: string) {
  refuseIfSentRecently(u.email_change_sent_at, ctx.emailMaxFrequency);
  const otpNew = randomOtp(ctx.otpLength);
  const tokenNew = tokenHash(newEmail, otpNew);
  const current = ctx.config.doubleConfirmChanges !== false && u.email ? u.email.toLowerCase() : '';
  const otpCurrent = current ? randomOtp(ctx.otpLength) : '';
  const tokenCurrent = current ? tokenHash(current, otpCurrent) : '';
  await db.query(
    `update auth.users set email_change = $2, email_change_token_new = $3, email_change_token_current = $4,
            email_change_confirm_status = 0, email_change_sent_at = now(), updated_at = now() where id = $1`,
    [u.id, newEmail, tokenNew, tokenCurrent],
  );
  await db.query(`delete from auth.one_time_tokens where user_id = $1 and token_type in ('${NEW}', '${CURRENT}')`, [
    u.id,
  ]);
  const tokens: [string, string, string, string][] = [[NEW, newEmail, tokenNew, otpNew]];
  if (current) tokens.push([CURRENT, current, tokenCurrent, otpCurrent]);
  for (const [type, address, hash] of tokens) {
    await db.query(
      `insert into auth.one_time_tokens (user_id, token_type, token_hash, relates_to, created_at, updated_at)
       values ($1, $2, $3, $4, now(), now())`,
      [u.id, type, hash, address],
    );
  }
  try {
    for (const [, address, hash, otp] of tokens) {
      await ctx.mailer.sendEmailChange(address, {
        SiteURL: ctx.config.siteUrl,
        ConfirmationURL: verifyLink(ctx, hash, 'email_change', redirectTo),
        Email: u.email ?? '',
        NewEmail: newEmail,
        Token: otp,
        TokenHash: hash,
        SendingTo: address,
        Data: userMetadata(u),
        RedirectTo: redirectTo,
      });
    }
  } catch (err) {
    ctx.log(`email change mail failed: ${(err as Error).message}`);
    throw new ApiError(500, 'unexpected_failure', 'Error sending email change email');
  }
}

/**
 * Consumes an email change token. Returns the user with the new address once the change is
 * complete, 'single' when one of two confirmations is in (the other address must confirm too),
 * or null for an unknown or expired token.
 */
export async function consumeEmailChange(ctx: AuthContext, db: Db, hashed: string): Promise<UserRow | 'single' | null> {
  if (!hashed) return null;
  const r = await db.query<UserRow>(
    `select * from auth.users
      where (email_change_token_new = $1 or email_change_token_current = $1) and deleted_at is null
        and email_change_sent_at > now() - make_interval(secs => $2) for update`,
    [hashed, ctx.otpExpiry],
  );
  const u = r.rows[0];
  if (!u || !u.email_change) return null;
  const which = u.email_change_token_new === hashed ? NEW : CURRENT;
  const bothNeeded =
    ctx.config.enableConfirmations === true &&
    ctx.config.doubleConfirmChanges !== false &&
    !!u.email &&
    (u.email_change_confirm_status ?? 0) === 0;
  if (bothNeeded) {
    await db.query(
      `update auth.users set email_change_confirm_status = 1, ${which} = '', updated_at = now() where id = $1`,
      [u.id],
    );
    await db.query('delete from auth.one_time_tokens where user_id = $1 and token_type = $2', [u.id, which]);
    return 'single';
  }
  await db.query(
    `update auth.users set email = email_change, email_change = '', email_change_token_new = '',
            email_change_token_current = '', email_change_confirm_status = 0,
            email_confirmed_at = coalesce(email_confirmed_at, now()), updated_at = now() where id = $1`,
    [u.id],
  );
  await db.query(
    `update auth.identities set identity_data = identity_data || jsonb_build_object('email', $2::text, 'email_verified', true),
            updated_at = now() where user_id = $1 and provider = 'email'`,
    [u.id, u.email_change],
  );
  await db.query(`delete from auth.one_time_tokens where user_id = $1 and token_type in ('${NEW}', '${CURRENT}')`, [
    u.id,
  ]);
  return (await loadUser(db, u.id))!;
}
