// The admin API (GoTrue's api/admin.go): /admin/users and /admin/generate_link, for admin JWTs
// only (the guard in routes.ts).
import { tx, type AuthContext } from './context.js';
import { ApiError, badRequest, sendJson, validationFailed } from './errors.js';
import { checkPasswordStrength } from './password.js';
import { issueRecoveryToken, verifyLink } from './recover.js';
import { bool, mergeMeta, normalizeEmail, obj, parseBanDuration, str, UUID_RE, type Json } from './request.js';
import type { Handler } from './router.js';
import { createUser, findUserByEmail, loadUser, mapDbError, updatePassword, userOut } from './store.js';
import { appMetadata, userJson, userMetadata, type IdentityRow, type UserRow } from './users.js';

const notFound = () => new ApiError(404, 'user_not_found', 'User not found');

async function adminCreate(ctx: AuthContext, body: Json) {
  const rawEmail = str(body, 'email');
  const phone = str(body, 'phone');
  const password = str(body, 'password');
  const id = str(body, 'id');
  const banDuration = str(body, 'ban_duration');
  if (!rawEmail && !phone) throw validationFailed('Cannot create a user without either an email or phone');
  const email = rawEmail ? normalizeEmail(rawEmail) : undefined;
  if (id !== undefined && !UUID_RE.test(id)) throw validationFailed('ID must conform to the uuid v4 format');
  if (password !== undefined)
    checkPasswordStrength(password, ctx.config.passwordMinLength, ctx.config.passwordRequirements);
  const ban = banDuration !== undefined ? parseBanDuration(banDuration) : null;
  return tx(ctx, async (db) => {
    if (email && (await findUserByEmail(db, email)))
      throw new ApiError(422, 'email_exists', 'A user with this email address has already been registered');
    const u = await createUser(ctx, db, {
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

/** GET /admin/users: a page of users, with X-Total-Count and Link as GoTrue sends them. */
async function adminList(ctx: AuthContext, url: URL) {
  const pageRaw = url.searchParams.get('page') || '1';
  const perRaw = url.searchParams.get('per_page') || '50';
  if (!/^\d+$/.test(pageRaw) || !/^\d+$/.test(perRaw))
    throw badRequest('validation_failed', 'Bad Pagination Parameters');
  const page = Math.max(1, parseInt(pageRaw, 10));
  const perPage = Math.min(1000, Math.max(1, parseInt(perRaw, 10)));
  const filter = url.searchParams.get('filter') ?? '';
  const where = `aud = 'authenticated' and deleted_at is null and ($1 = '' or email ilike '%' || $1 || '%')`;
  const count = await ctx.pool.query<{ n: string }>(`select count(*) as n from auth.users where ${where}`, [filter]);
  const total = Number(count.rows[0]!.n);
  const rows = await ctx.pool.query<UserRow>(
    `select * from auth.users where ${where} order by created_at desc, id limit $2 offset $3`,
    [filter, perPage, (page - 1) * perPage],
  );
  const ids = rows.rows.map((u) => u.id);
  const idRows = ids.length
    ? (
        await ctx.pool.query<IdentityRow>(
          'select * from auth.identities where user_id = any($1::uuid[]) order by created_at',
          [ids],
        )
      ).rows
    : [];
  const users = rows.rows.map((u) =>
    userJson(
      u,
      idRows.filter((i) => i.user_id === u.id),
    ),
  );
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
  return { body: { users, aud: 'authenticated' }, headers: { 'X-Total-Count': String(total), Link: parts.join(', ') } };
}

async function adminUpdate(ctx: AuthContext, id: string, body: Json) {
  const rawEmail = str(body, 'email');
  const phone = str(body, 'phone');
  const password = str(body, 'password');
  const role = str(body, 'role');
  const emailConfirm = bool(body, 'email_confirm');
  const userMeta = obj(body, 'user_metadata');
  const appMeta = obj(body, 'app_metadata');
  const banDuration = str(body, 'ban_duration');
  if (password !== undefined)
    checkPasswordStrength(password, ctx.config.passwordMinLength, ctx.config.passwordRequirements);
  const ban = banDuration !== undefined ? parseBanDuration(banDuration) : undefined;
  return tx(ctx, async (db) => {
    const u = await loadUser(db, id, true);
    if (!u || u.deleted_at) throw notFound();
    try {
      await db.query('savepoint upd');
      if (rawEmail !== undefined && rawEmail !== '') {
        const email = normalizeEmail(rawEmail);
        if (email !== (u.email ?? '').toLowerCase()) {
          const other = await findUserByEmail(db, email);
          if (other && other.id !== u.id)
            throw new ApiError(422, 'email_exists', 'A user with this email address has already been registered');
          await db.query('update auth.users set email = $2 where id = $1', [id, email]);
          await db.query(
            `update auth.identities set identity_data = identity_data || jsonb_build_object('email', $2::text), updated_at = now()
              where user_id = $1 and provider = 'email'`,
            [id, email],
          );
        }
      }
      if (phone !== undefined) await db.query('update auth.users set phone = $2 where id = $1', [id, phone || null]);
      // A new password ends all the user's sessions (GoTrue's UpdatePassword without a session).
      if (password !== undefined) await updatePassword(db, id, password, null);
      if (role !== undefined) await db.query('update auth.users set role = $2 where id = $1', [id, role]);
      if (emailConfirm === true)
        await db.query('update auth.users set email_confirmed_at = coalesce(email_confirmed_at, now()) where id = $1', [
          id,
        ]);
      if (userMeta)
        await db.query('update auth.users set raw_user_meta_data = $2 where id = $1', [
          id,
          mergeMeta(userMetadata(u), userMeta),
        ]);
      if (appMeta)
        await db.query('update auth.users set raw_app_meta_data = $2 where id = $1', [
          id,
          mergeMeta(appMetadata(u), appMeta),
        ]);
      if (ban !== undefined) {
        await db.query('update auth.users set banned_until = $2 where id = $1', [
          id,
          ban === null ? null : new Date(Date.now() + ban),
        ]);
        if (ban !== null) await db.query('delete from auth.sessions where user_id = $1', [id]);
      }
      await db.query('update auth.users set updated_at = now() where id = $1', [id]);
      await db.query('release savepoint upd');
    } catch (err) {
      if (err instanceof ApiError) throw err;
      await db.query('rollback to savepoint upd');
      throw mapDbError(ctx, err, 'Database error updating user');
    }
    return userOut(db, (await loadUser(db, id))!);
  });
}

async function adminDelete(ctx: AuthContext, id: string, body: Json) {
  const soft = bool(body, 'should_soft_delete') ?? false;
  await tx(ctx, async (db) => {
    const u = await loadUser(db, id, true);
    if (!u || u.deleted_at) throw notFound();
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
      throw mapDbError(ctx, err, 'Database error deleting user');
    }
  });
  return {};
}

/** The :id of /admin/users/:id: a UUID needs no decoding; anything else is not a user. */
function userId(params: Record<string, string>): string {
  if (!UUID_RE.test(params.id!)) throw notFound();
  return params.id!;
}

export const adminListUsers: Handler = async ({ ctx, url, res }) => {
  const { body, headers } = await adminList(ctx, url);
  sendJson(res, 200, body, headers);
};

export const adminCreateUser: Handler = async ({ ctx, body }) => adminCreate(ctx, body());

export const adminGetUser: Handler = async ({ ctx, params }) => {
  const u = await loadUser(ctx.pool, userId(params));
  if (!u || u.deleted_at) throw notFound();
  return userOut(ctx.pool, u);
};

export const adminUpdateUser: Handler = async ({ ctx, params, body }) => adminUpdate(ctx, userId(params), body());

export const adminDeleteUser: Handler = async ({ ctx, params, bodyOrEmpty }) =>
  adminDelete(ctx, userId(params), bodyOrEmpty());

export const adminGenerateLink: Handler = async ({ ctx, req, url, body: readBody }) => {
  const body = readBody();
  const type = str(body, 'type');
  const raw = str(body, 'email');
  if (type !== 'recovery' && type !== 'magiclink')
    throw validationFailed(`Invalid email action link type requested: ${type ?? ''}`);
  if (!raw) throw validationFailed('Password recovery requires an email');
  const email = normalizeEmail(raw);
  const redirectTo = ctx.redirects.pick(
    str(body, 'redirect_to') ?? url.searchParams.get('redirect_to'),
    req.headers.referer,
  );
  return tx(ctx, async (db) => {
    const u = await findUserByEmail(db, email, true);
    if (!u) throw new ApiError(404, 'user_not_found', 'User with this email not found');
    const { otp, hashed } = await issueRecoveryToken(db, u, false, ctx.otpLength);
    const user = await userOut(db, (await loadUser(db, u.id))!);
    return {
      ...user,
      action_link: verifyLink(ctx, hashed, type, redirectTo),
      email_otp: otp,
      hashed_token: hashed,
      verification_type: type,
      redirect_to: redirectTo,
    };
  });
};
