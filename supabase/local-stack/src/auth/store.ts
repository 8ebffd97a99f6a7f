// Users in auth.users / auth.identities: lookups, creation, password changes, and PostgreSQL
// errors turned into GoTrue's.
import crypto from 'node:crypto';
import type pg from 'pg';
import bcrypt from 'bcryptjs';
import type { AuthContext, Db } from './context.js';
import { ApiError } from './errors.js';
import { mergeMeta, type Json } from './request.js';
import { userJson, type IdentityRow, type UserRow } from './users.js';

export async function loadUser(db: Db | pg.Pool, id: string, lock = false): Promise<UserRow | null> {
  const r = await db.query<UserRow>(`select * from auth.users where id = $1${lock ? ' for update' : ''}`, [id]);
  return r.rows[0] ?? null;
}

export async function findUserByEmail(db: Db | pg.Pool, email: string, lock = false): Promise<UserRow | null> {
  const r = await db.query<UserRow>(
    `select * from auth.users where lower(email) = lower($1) and not is_sso_user and deleted_at is null
     order by created_at limit 1${lock ? ' for update' : ''}`,
    [email],
  );
  return r.rows[0] ?? null;
}

/** The User JSON with its identities. */
export async function userOut(db: Db | pg.Pool, u: UserRow) {
  const ids = await db.query<IdentityRow>('select * from auth.identities where user_id = $1 order by created_at', [
    u.id,
  ]);
  return userJson(u, ids.rows);
}

export function isBanned(u: UserRow): boolean {
  return u.banned_until !== null && u.banned_until.getTime() > Date.now();
}

/** bcrypt $2a$/$2b$/$2y$ (crypt() in seeds writes $2a$); anything else never matches. */
export async function passwordMatches(u: UserRow, password: string): Promise<boolean> {
  const hash = (u.encrypted_password ?? '').replace(/^\$2y\$/, '$2b$');
  try {
    return /^\$2[aby]\$/.test(hash) && (await bcrypt.compare(password, hash));
  } catch {
    return false;
  }
}

export const hashPassword = (password: string) => bcrypt.hash(password, 10);

/**
 * GoTrue's User.UpdatePassword: the new hash, every pending email/phone token cleared (a new
 * password means the old one's actions are no longer trusted), and the user's sessions ended:
 * all but `keepSession` (the caller's own, for PUT /user), or all of them (the admin API).
 */
export async function updatePassword(
  db: Db,
  userId: string,
  password: string,
  keepSession: string | null,
): Promise<void> {
  await db.query(
    `update auth.users set encrypted_password = $2, confirmation_token = '', confirmation_sent_at = null,
       recovery_token = '', recovery_sent_at = null, email_change_token_current = '', email_change_token_new = '',
       email_change_sent_at = null, phone_change_token = '', phone_change_sent_at = null,
       reauthentication_token = '', reauthentication_sent_at = null, updated_at = now()
     where id = $1`,
    [userId, await hashPassword(password)],
  );
  await db.query('delete from auth.one_time_tokens where user_id = $1', [userId]);
  if (keepSession) await db.query('delete from auth.sessions where user_id = $1 and id <> $2', [userId, keepSession]);
  else await db.query('delete from auth.sessions where user_id = $1', [userId]);
}

export function mapDbError(ctx: AuthContext, err: unknown, fallback: string): Error {
  const e = err as { code?: string; constraint?: string; message?: string };
  if (e.code === '23505') {
    if (e.constraint?.includes('email'))
      return new ApiError(422, 'email_exists', 'A user with this email address has already been registered');
    if (e.constraint?.includes('phone'))
      return new ApiError(422, 'phone_exists', 'A user with this phone number has already been registered');
    if (e.constraint === 'users_pkey') return new ApiError(422, 'user_already_exists', 'User already registered');
  }
  ctx.log(`${fallback}: ${e.message ?? String(err)}`);
  return new ApiError(500, 'unexpected_failure', fallback);
}

export interface NewUser {
  id?: string;
  email?: string;
  phone?: string;
  password?: string;
  emailConfirm: boolean;
  phoneConfirm?: boolean;
  userMeta: Json;
  appMeta: Json;
  role?: string;
  bannedUntil?: Date | null;
}

/** Inserts a confirmed-or-not email user with its identity. */
export async function createUser(ctx: AuthContext, db: Db, p: NewUser): Promise<UserRow> {
  const id = p.id ?? crypto.randomUUID();
  const hash = p.password !== undefined ? await hashPassword(p.password) : '';
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
      [
        id,
        p.role || 'authenticated',
        p.email ?? null,
        hash,
        p.emailConfirm ? new Date() : null,
        p.phone ?? null,
        p.phone && p.phoneConfirm ? new Date() : null,
        app,
        p.userMeta,
        p.bannedUntil ?? null,
      ],
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
    throw mapDbError(ctx, err, 'Database error creating new user');
  }
  return (await loadUser(db, id))!;
}
