// GET /user and PUT /user (GoTrue's api/user.go), for the caller's own account.
import { tx } from './context.js';
import { ApiError } from './errors.js';
import { startEmailChange } from './email-change.js';
import { checkPasswordStrength } from './password.js';
import { checkPasswordChangeAllowed } from './reauthenticate.js';
import { mergeMeta, normalizeEmail, obj, str } from './request.js';
import type { Handler } from './router.js';
import { findUserByEmail, loadUser, passwordMatches, updatePassword, userOut } from './store.js';
import { userMetadata } from './users.js';

export const getUser: Handler = async ({ ctx, caller }) => userOut(ctx.pool, caller!.user);

export const updateUser: Handler = async ({ ctx, req, url, caller, body: readBody }) => {
  const { user, sessionId } = caller!;
  const body = readBody();
  const password = str(body, 'password');
  const nonce = str(body, 'nonce');
  const data = obj(body, 'data');
  const email = str(body, 'email');
  if (password !== undefined)
    checkPasswordStrength(password, ctx.config.passwordMinLength, ctx.config.passwordRequirements);
  const redirectTo = ctx.redirects.pick(url.searchParams.get('redirect_to'), req.headers.referer);
  return tx(ctx, async (db) => {
    const u = (await loadUser(db, user.id, true))!;
    if (password !== undefined) {
      // secure_password_change: a recent sign-in or the code from /reauthenticate.
      await checkPasswordChangeAllowed(ctx, db, u, sessionId, nonce);
      if (await passwordMatches(u, password)) {
        throw new ApiError(422, 'same_password', 'New password should be different from the old password.');
      }
      // The user's other sessions end; this one goes on (GoTrue's UpdatePassword with the session).
      await updatePassword(db, u.id, password, sessionId);
    }
    if (data) {
      await db.query('update auth.users set raw_user_meta_data = $2, updated_at = now() where id = $1', [
        u.id,
        mergeMeta(userMetadata(u), data),
      ]);
    }
    if (email !== undefined && email !== '' && email.toLowerCase() !== (u.email ?? '').toLowerCase()) {
      const e = normalizeEmail(email);
      if (await findUserByEmail(db, e))
        throw new ApiError(422, 'email_exists', 'A user with this email address has already been registered');
      // Nothing changes yet: the new address (and the current one) confirm by mail (email-change.ts).
      await startEmailChange(ctx, db, u, e, redirectTo);
    }
    return userOut(db, (await loadUser(db, u.id))!);
  });
};
