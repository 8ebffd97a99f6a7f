// POST /signup (GoTrue's api/signup.go): refused when [auth] enable_signup = false; otherwise a
// confirmed user (confirmations are off) signed in at once.
import { tx } from './context.js';
import { ApiError, validationFailed } from './errors.js';
import { checkPasswordStrength } from './password.js';
import { normalizeEmail, obj, str } from './request.js';
import type { Handler } from './router.js';
import { newSession } from './sessions.js';
import { createUser, findUserByEmail } from './store.js';

export const signup: Handler = async ({ ctx, req, body: readBody }) => {
  if (!ctx.config.signupEnabled) throw new ApiError(422, 'signup_disabled', 'Signups not allowed for this instance');
  const body = readBody();
  const rawEmail = str(body, 'email');
  const password = str(body, 'password');
  if (!rawEmail) throw validationFailed('To signup, please provide your email');
  const email = normalizeEmail(rawEmail);
  if (!password) throw validationFailed('Signup requires a valid password');
  checkPasswordStrength(password, ctx.config.passwordMinLength, ctx.config.passwordRequirements);
  return tx(ctx, async (db) => {
    if (await findUserByEmail(db, email)) throw new ApiError(422, 'user_already_exists', 'User already registered');
    const u = await createUser(ctx, db, {
      email,
      password,
      emailConfirm: true,
      userMeta: obj(body, 'data') ?? {},
      appMeta: {},
    });
    return newSession(ctx, db, u, 'password', req);
  });
};
