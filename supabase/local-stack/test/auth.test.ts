// Contract tests of the local auth service (GoTrue stand-in), driven through supabase-js 2.109
// via the gateway; raw fetch only for bad input. See CONTRACT.md section "Auth".
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuthApiError, AuthWeakPasswordError, createClient, type SupabaseClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import pg from 'pg';
import bcrypt from 'bcryptjs';
import crypto from 'node:crypto';
import { env } from './env.js';
import { demoAccounts, JWT_SECRET } from '../src/keys.js';
import { startAuth } from '../src/auth/index.js';
import net from 'node:net';
import http from 'node:http';

const URL_ = env.url;
const ANON = env.anonKey;
const SERVICE = env.serviceRoleKey;
const DB_URL = env.dbUrl;
const MAIL_URL = env.mailUrl;
const AUTH = `${URL_}/auth/v1`;

const GOOD = 'Sunrise2024x';
const run = crypto.randomBytes(4).toString('hex');
let n = 0;
const email = (tag: string) => `auth-${tag}-${run}-${++n}@example.test`;

function client(key = ANON): SupabaseClient {
  return createClient(URL_, key, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: WebSocket as never },
  });
}
const admin = client(SERVICE);

async function newUser(tag: string, password = GOOD, meta: Record<string, unknown> = {}) {
  const e = email(tag);
  const { data, error } = await admin.auth.admin.createUser({
    email: e,
    password,
    email_confirm: true,
    user_metadata: meta,
  });
  if (error) throw error;
  return { id: data.user.id, email: e, password };
}

async function signedIn(tag: string) {
  const u = await newUser(tag);
  const c = client();
  const { data, error } = await c.auth.signInWithPassword({ email: u.email, password: u.password });
  if (error) throw error;
  return { ...u, c, session: data.session };
}

function claims(jwt: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString('utf8'));
}

let db: pg.Client;
beforeAll(async () => {
  db = new pg.Client({ connectionString: DB_URL });
  await db.connect();
});
afterAll(async () => {
  await db.end();
});

describe('sign-in with password', () => {
  it('returns a session with GoTrue claims and writes auth rows', async () => {
    const u = await newUser('signin', GOOD, { full_name: 'Test Person' });
    const c = client();
    const { data, error } = await c.auth.signInWithPassword({ email: u.email.toUpperCase(), password: GOOD });
    expect(error).toBeNull();
    const s = data.session!;
    expect(s.token_type).toBe('bearer');
    expect(s.expires_in).toBe(3600);
    expect(s.refresh_token).toMatch(/^\S{8,}$/);
    expect(s.user.id).toBe(u.id);
    expect(s.user.email).toBe(u.email);
    expect(s.user.user_metadata).toEqual({ full_name: 'Test Person' });
    expect(s.user.app_metadata).toMatchObject({ provider: 'email', providers: ['email'] });
    expect(s.user.identities?.[0]).toMatchObject({ provider: 'email', id: u.id, user_id: u.id });
    const cl = claims(s.access_token);
    expect(cl).toMatchObject({
      iss: `${URL_}/auth/v1`,
      sub: u.id,
      aud: 'authenticated',
      role: 'authenticated',
      email: u.email,
      phone: '',
      aal: 'aal1',
      is_anonymous: false,
      user_metadata: { full_name: 'Test Person' },
    });
    expect((cl.exp as number) - (cl.iat as number)).toBe(3600);
    expect(s.expires_at).toBe(cl.exp);
    expect((cl.amr as { method: string }[])[0]!.method).toBe('password');
    const row = await db.query('select user_id from auth.sessions where id = $1', [cl.session_id]);
    expect(row.rows[0]?.user_id).toBe(u.id);
    const rt = await db.query('select revoked, session_id from auth.refresh_tokens where token = $1', [
      s.refresh_token,
    ]);
    expect(rt.rows[0]).toEqual({ revoked: false, session_id: cl.session_id });
  });

  it('refuses a wrong password and an unknown address with invalid_credentials', async () => {
    const u = await newUser('wrongpw');
    for (const creds of [
      { email: u.email, password: 'Wrong1234x' },
      { email: `nobody-${run}@example.test`, password: GOOD },
    ]) {
      const { data, error } = await client().auth.signInWithPassword(creds);
      expect(data.session).toBeNull();
      expect(error).toBeInstanceOf(AuthApiError);
      expect(error!.status).toBe(400);
      expect(error!.code).toBe('invalid_credentials');
      expect(error!.message).toBe('Invalid login credentials');
    }
  });

  it('signs in users seeded straight into auth.users with crypt() ($2a$) and bcrypt $2b$ hashes', async () => {
    for (const variant of ['crypt', 'bcryptjs'] as const) {
      const id = crypto.randomUUID();
      const e = email(`seed-${variant}`);
      const hash =
        variant === 'crypt'
          ? (await db.query(`select extensions.crypt($1, extensions.gen_salt('bf')) as h`, [GOOD])).rows[0].h
          : bcrypt.hashSync(GOOD, 10);
      expect(hash.slice(0, 4)).toBe(variant === 'crypt' ? '$2a$' : '$2b$');
      await db.query(
        `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
           raw_app_meta_data, raw_user_meta_data, created_at, updated_at, confirmation_token, email_change, email_change_token_new, recovery_token)
         values ('00000000-0000-0000-0000-000000000000', $1, 'authenticated', 'authenticated', $2, $3, now(),
           '{"provider":"email","providers":["email"]}', '{"name":"Seeded"}', now(), now(), '', '', '', '')`,
        [id, e, hash],
      );
      await db.query(
        `insert into auth.identities (user_id, provider_id, identity_data, provider, created_at, updated_at)
         values ($1::uuid, $1::text, jsonb_build_object('sub', $1::text, 'email', $2::text), 'email', now(), now())`,
        [id, e],
      );
      const { data, error } = await client().auth.signInWithPassword({ email: e, password: GOOD });
      expect(error).toBeNull();
      expect(data.user!.id).toBe(id);
      expect(data.user!.identities?.[0]?.identity_data?.email).toBe(e);
    }
  });

  it('signs in the demo accounts of supabase/seed.sql', async () => {
    for (const a of demoAccounts) {
      const { data, error } = await client().auth.signInWithPassword({ email: a.email, password: a.password });
      expect(error).toBeNull();
      expect(data.user!.email).toBe(a.email);
    }
  });

  it('refuses an unconfirmed address and a banned user', async () => {
    const e = email('unconfirmed');
    const { error: ce } = await admin.auth.admin.createUser({ email: e, password: GOOD, email_confirm: false });
    expect(ce).toBeNull();
    const r1 = await client().auth.signInWithPassword({ email: e, password: GOOD });
    expect(r1.error?.code).toBe('email_not_confirmed');

    const u = await newUser('banned');
    const { error: be } = await admin.auth.admin.updateUserById(u.id, { ban_duration: '24h' });
    expect(be).toBeNull();
    const r2 = await client().auth.signInWithPassword({ email: u.email, password: GOOD });
    expect(r2.error?.code).toBe('user_banned');
  });
});

describe('refresh tokens', () => {
  it('rotates, gives the active token back to its parent, and revokes the token family on reuse of an older one', async () => {
    const { c, session } = await signedIn('refresh');
    const first = session!.refresh_token;
    const r1 = await c.auth.refreshSession({ refresh_token: first });
    expect(r1.error).toBeNull();
    const second = r1.data.session!.refresh_token;
    expect(second).not.toBe(first);
    expect(claims(r1.data.session!.access_token).session_id).toBe(claims(session!.access_token).session_id);
    const old = await db.query('select revoked from auth.refresh_tokens where token = $1', [first]);
    expect(old.rows[0].revoked).toBe(true);

    // Within the 10 s reuse interval the parent gives back the currently active token.
    const again = await client().auth.refreshSession({ refresh_token: first });
    expect(again.error).toBeNull();
    expect(again.data.session!.refresh_token).toBe(second);

    // Later (simulated by ageing the revoked token) too, as GoTrue does: the client lost the answer.
    await db.query(`update auth.refresh_tokens set updated_at = now() - interval '1 minute' where token = $1`, [first]);
    const late = await client().auth.refreshSession({ refresh_token: first });
    expect(late.data.session?.refresh_token).toBe(second);

    // Once `first` is no longer the active token's parent, its reuse is refused and the token
    // family revoked (GoTrue keeps the session row; its tokens no longer refresh).
    const third = (await client().auth.refreshSession({ refresh_token: second })).data.session!.refresh_token;
    const reuse = await client().auth.refreshSession({ refresh_token: first });
    expect(reuse.error).toBeInstanceOf(AuthApiError);
    expect(reuse.error!.status).toBe(400);
    expect(reuse.error!.code).toBe('refresh_token_already_used');
    const family = await db.query(
      'select bool_and(revoked) as all_revoked from auth.refresh_tokens where session_id = $1',
      [claims(session!.access_token).session_id],
    );
    expect(family.rows[0].all_revoked).toBe(true);
    await db.query(`update auth.refresh_tokens set updated_at = now() - interval '1 minute' where token = $1`, [third]);
    const latest = await client().auth.refreshSession({ refresh_token: third });
    expect(latest.error?.code).toBe('refresh_token_already_used');
  });

  it('answers refresh_token_not_found for an unknown token', async () => {
    const r = await client().auth.refreshSession({ refresh_token: 'doesnotexist' });
    expect(r.error).toBeInstanceOf(AuthApiError);
    expect(r.error!.code).toBe('refresh_token_not_found');
  });
});

describe('user endpoint', () => {
  it('getUser returns the signed-in user; bad bearers are refused as GoTrue does', async () => {
    const { c, id, email: e } = await signedIn('getuser');
    const { data, error } = await c.auth.getUser();
    expect(error).toBeNull();
    expect(data.user).toMatchObject({ id, email: e, aud: 'authenticated', role: 'authenticated' });

    const none = await fetch(`${AUTH}/user`, { headers: { apikey: ANON } });
    expect(none.status).toBe(401);
    expect(none.headers.get('x-supabase-api-version')).toBe('2024-01-01');
    expect(await none.json()).toMatchObject({ code: 'no_authorization', error_code: 'no_authorization' });

    const forged = await fetch(`${AUTH}/user`, { headers: { apikey: ANON, Authorization: 'Bearer not.a.jwt' } });
    expect(forged.status).toBe(403);
    expect((await forged.json()).code).toBe('bad_jwt');

    const anonAsUser = await client().auth.getUser(ANON);
    expect(anonAsUser.error?.status).toBe(403);
    expect(anonAsUser.error?.code).toBe('bad_jwt');
  });

  it('updateUser refuses weak passwords with reasons, and the same password', async () => {
    const { c, password } = await signedIn('weak');
    const short = await c.auth.updateUser({ password: 'aB1' });
    expect(short.error).toBeInstanceOf(AuthWeakPasswordError);
    expect(short.error!.status).toBe(422);
    expect((short.error as AuthWeakPasswordError).reasons).toEqual(['length']);

    const noClasses = await c.auth.updateUser({ password: 'alllowercase' });
    expect(noClasses.error).toBeInstanceOf(AuthWeakPasswordError);
    expect((noClasses.error as AuthWeakPasswordError).reasons).toEqual(['characters']);

    const both = await c.auth.updateUser({ password: 'abc' });
    expect((both.error as AuthWeakPasswordError).reasons).toEqual(['length', 'characters']);

    const same = await c.auth.updateUser({ password });
    expect(same.error?.status).toBe(422);
    expect(same.error?.code).toBe('same_password');
  });

  it('updateUser changes the password and merges data into user_metadata', async () => {
    const { c, email: e, password } = await signedIn('update');
    const meta = await c.auth.updateUser({ data: { locale: 'ar', theme: 'dark' } });
    expect(meta.error).toBeNull();
    const meta2 = await c.auth.updateUser({ data: { theme: 'light' } });
    expect(meta2.data.user!.user_metadata).toEqual({ locale: 'ar', theme: 'light' });

    const { data, error } = await c.auth.updateUser({ password: 'NewSecret99' });
    expect(error).toBeNull();
    expect(data.user!.email).toBe(e);
    expect((await client().auth.signInWithPassword({ email: e, password })).error?.code).toBe('invalid_credentials');
    expect((await client().auth.signInWithPassword({ email: e, password: 'NewSecret99' })).error).toBeNull();
  });
});

describe('email changes', () => {
  it('updateUser({email}) refuses a taken address and applies nothing before the mails are confirmed', async () => {
    const { c, id, email: current } = await signedIn('change');
    const other = await newUser('taken');
    const taken = await c.auth.updateUser({ email: other.email });
    expect(taken.error?.status).toBe(422);
    expect(taken.error?.code).toBe('email_exists');
    const next = email('changed');
    const { data, error } = await c.auth.updateUser({ email: next });
    expect(error).toBeNull();
    // Secure email change (auth-secure-changes.test.ts has the confirmations): still the old address.
    expect(data.user!.email).toBe(current);
    expect(data.user!.new_email).toBe(next);
    expect(data.user!.identities![0]!.identity_data!.email).toBe(current);
    expect((await client().auth.signInWithPassword({ email: next, password: GOOD })).error?.code).toBe(
      'invalid_credentials',
    );
    const again = await client().auth.signInWithPassword({ email: current, password: GOOD });
    expect(again.data.user?.id).toBe(id);
  });
});

describe('sign-out scopes', () => {
  async function sessions(e: string, password: string, count: number) {
    const out: SupabaseClient[] = [];
    for (let i = 0; i < count; i++) {
      const c = client();
      const { error } = await c.auth.signInWithPassword({ email: e, password });
      if (error) throw error;
      out.push(c);
    }
    return out;
  }
  const alive = async (c: SupabaseClient, token: string) => (await c.auth.getUser(token)).error === null;

  it('others, local and global end the right sessions', async () => {
    const u = await newUser('signout');
    const [a, b, cc] = await sessions(u.email, u.password, 3);
    const tok = async (c: SupabaseClient) => (await c.auth.getSession()).data.session!.access_token;
    const [ta, tb, tc] = [await tok(a!), await tok(b!), await tok(cc!)];

    expect((await a!.auth.signOut({ scope: 'others' })).error).toBeNull();
    expect(await alive(a!, ta)).toBe(true);
    expect(await alive(b!, tb)).toBe(false);
    expect(await alive(cc!, tc)).toBe(false);
    expect((await a!.auth.getSession()).data.session).not.toBeNull();

    expect((await a!.auth.signOut({ scope: 'local' })).error).toBeNull();
    expect(await alive(client(), ta)).toBe(false);
    expect((await a!.auth.getSession()).data.session).toBeNull();

    const [d, e] = await sessions(u.email, u.password, 2);
    const [td, te] = [await tok(d!), await tok(e!)];
    expect((await d!.auth.signOut()).error).toBeNull();
    expect(await alive(client(), td)).toBe(false);
    expect(await alive(client(), te)).toBe(false);
    const left = await db.query('select count(*)::int as n from auth.sessions where user_id = $1', [u.id]);
    expect(left.rows[0].n).toBe(0);
  });

  it('answers 204 on the wire', async () => {
    const { session } = await signedIn('signout204');
    const r = await fetch(`${AUTH}/logout?scope=local`, {
      method: 'POST',
      headers: { apikey: ANON, Authorization: `Bearer ${session!.access_token}` },
    });
    expect(r.status).toBe(204);
    const bad = await fetch(`${AUTH}/logout?scope=everything`, {
      method: 'POST',
      headers: { apikey: ANON, Authorization: `Bearer ${session!.access_token}` },
    });
    expect(bad.status).toBe(400);
    expect((await bad.json()).code).toBe('validation_failed');
  });
});

describe('admin API', () => {
  it('creates, reads, lists, updates and deletes users with the service role', async () => {
    const e = email('admin');
    const created = await admin.auth.admin.createUser({
      email: e,
      password: GOOD,
      email_confirm: true,
      user_metadata: { full_name: 'A' },
      app_metadata: { staff: true },
    });
    expect(created.error).toBeNull();
    const u = created.data.user!;
    expect(u.email).toBe(e);
    expect(u.email_confirmed_at).toBeTruthy();
    expect(u.app_metadata).toMatchObject({ provider: 'email', providers: ['email'], staff: true });
    expect(u.identities).toHaveLength(1);
    expect(u.identities![0]!.identity_data).toMatchObject({ sub: u.id, email: e, email_verified: true });

    const dup = await admin.auth.admin.createUser({ email: e.toUpperCase(), password: GOOD, email_confirm: true });
    expect(dup.error?.status).toBe(422);
    expect(dup.error?.code).toBe('email_exists');

    const weak = await admin.auth.admin.createUser({
      email: email('admin-weak'),
      password: 'short',
      email_confirm: true,
    });
    expect(weak.error).toBeInstanceOf(AuthWeakPasswordError);
    const none = await db.query('select count(*)::int as n from auth.users where email like $1', [
      `auth-admin-weak-${run}%`,
    ]);
    expect(none.rows[0].n).toBe(0);

    const got = await admin.auth.admin.getUserById(u.id);
    expect(got.data.user?.id).toBe(u.id);

    const upd = await admin.auth.admin.updateUserById(u.id, {
      user_metadata: { role_hint: 'editor' },
      password: 'Changed2025x',
    });
    expect(upd.error).toBeNull();
    expect(upd.data.user!.user_metadata).toEqual({ full_name: 'A', role_hint: 'editor' });
    expect((await client().auth.signInWithPassword({ email: e, password: 'Changed2025x' })).error).toBeNull();

    const del = await admin.auth.admin.deleteUser(u.id);
    expect(del.error).toBeNull();
    const gone = await admin.auth.admin.getUserById(u.id);
    expect(gone.error?.status).toBe(404);
    expect(gone.error?.code).toBe('user_not_found');
    const rows = await db.query('select count(*)::int as n from auth.identities where user_id = $1', [u.id]);
    expect(rows.rows[0].n).toBe(0);
  });

  it('lists with pagination headers', async () => {
    await newUser('list-a');
    await newUser('list-b');
    const total = (
      await db.query(`select count(*)::int as n from auth.users where deleted_at is null and aud = 'authenticated'`)
    ).rows[0].n;
    const page1 = await admin.auth.admin.listUsers({ page: 1, perPage: 1 });
    expect(page1.error).toBeNull();
    if (!('total' in page1.data)) throw new Error('listUsers returned no pagination');
    expect(page1.data.users).toHaveLength(1);
    expect(page1.data.total).toBe(total);
    expect(page1.data.nextPage).toBe(2);
    // supabase-js reads one digit of the page number from the Link header
    expect(page1.data.lastPage).toBe(Number(String(total)[0]));
    const page2 = await admin.auth.admin.listUsers({ page: 2, perPage: 1 });
    expect(page2.data.users[0]!.id).not.toBe(page1.data.users[0]!.id);

    const raw = await fetch(`${AUTH}/admin/users?page=1&per_page=1`, {
      headers: { apikey: SERVICE, Authorization: `Bearer ${SERVICE}` },
    });
    expect(raw.headers.get('x-total-count')).toBe(String(total));
    expect(raw.headers.get('link')).toContain(`</admin/users?page=2&per_page=1>; rel="next"`);
    expect(raw.headers.get('link')).toContain(`</admin/users?page=${total}&per_page=1>; rel="last"`);
  });

  it('refuses the anon key and signed-in users with not_admin', async () => {
    const anonAdmin = client(ANON).auth.admin;
    const r = await anonAdmin.listUsers();
    expect(r.error?.status).toBe(403);
    expect(r.error?.code).toBe('not_admin');
    const c = await anonAdmin.createUser({ email: email('nope'), password: GOOD });
    expect(c.error?.code).toBe('not_admin');

    // A signed-in user's token (the API key stays the anon key: the gateway accepts only the project's keys).
    const { session } = await signedIn('notadmin');
    const asUser = createClient(URL_, ANON, {
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
      realtime: { transport: WebSocket as never },
      global: { headers: { Authorization: `Bearer ${session!.access_token}` } },
    }).auth.admin;
    expect((await asUser.listUsers()).error?.code).toBe('not_admin');
  });

  it('generate_link gives a recovery token that verifyOtp accepts once', async () => {
    const u = await newUser('genlink');
    const { data: d, error } = await admin.auth.admin.generateLink({
      type: 'recovery',
      email: u.email,
      options: { redirectTo: 'http://127.0.0.1:5174/admin/' },
    });
    expect(error).toBeNull();
    const data = d as { user: NonNullable<typeof d.user>; properties: NonNullable<typeof d.properties> };
    expect(data.user.id).toBe(u.id);
    expect(data.properties.verification_type).toBe('recovery');
    expect(data.properties.redirect_to).toBe('http://127.0.0.1:5174/admin/');
    expect(data.properties.action_link).toBe(
      `${URL_}/auth/v1/verify?token=${data.properties.hashed_token}&type=recovery&redirect_to=${encodeURIComponent('http://127.0.0.1:5174/admin/')}`,
    );
    expect(data.properties.email_otp).toMatch(/^\d{6}$/);

    const c = client();
    const v = await c.auth.verifyOtp({ token_hash: data.properties.hashed_token, type: 'recovery' });
    expect(v.error).toBeNull();
    expect(v.data.session!.user.id).toBe(u.id);
    expect((claims(v.data.session!.access_token).amr as { method: string }[])[0]!.method).toBe('otp');

    const again = await client().auth.verifyOtp({ token_hash: data.properties.hashed_token, type: 'recovery' });
    expect(again.error?.status).toBe(403);
    expect(again.error?.code).toBe('otp_expired');

    // the 6-digit code works too (email + token)
    const link2 = await admin.auth.admin.generateLink({ type: 'recovery', email: u.email });
    const byCode = await client().auth.verifyOtp({
      email: u.email,
      token: link2.data.properties!.email_otp,
      type: 'recovery',
    });
    expect(byCode.error).toBeNull();
    expect(byCode.data.user!.id).toBe(u.id);
  });
});

describe('sign-up', () => {
  it('is refused as GoTrue refuses when signups are disabled', async () => {
    const e = email('signup');
    const { data, error } = await client().auth.signUp({ email: e, password: GOOD });
    expect(data.user).toBeNull();
    expect(error).toBeInstanceOf(AuthApiError);
    expect(error!.status).toBe(422);
    expect(error!.code).toBe('signup_disabled');
    expect(error!.message).toBe('Signups not allowed for this instance');
    const rows = await db.query('select count(*)::int as n from auth.users where email = $1', [e]);
    expect(rows.rows[0].n).toBe(0);
    // config.toml [auth.email] enable_confirmations = true (secure email change needs it): no autoconfirm.
    const settings = await (await fetch(`${AUTH}/settings`, { headers: { apikey: ANON } })).json();
    expect(settings).toMatchObject({ disable_signup: true, mailer_autoconfirm: false, external: { email: true } });
  });
});

describe('password recovery by email', () => {
  type Mail = { id: string; from: string; to: string[]; subject: string; date: string; text: string; html: string };
  async function mailFor(to: string): Promise<Mail> {
    for (let i = 0; i < 50; i++) {
      const list = (await (await fetch(`${MAIL_URL}/api/messages`)).json()) as Mail[];
      const m = list.find((x) => x.to.includes(to));
      if (m) return m;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`no mail for ${to}`);
  }
  const linkIn = (m: Mail) => {
    const href = /href="([^"]+)"/.exec(m.html)?.[1];
    if (!href) throw new Error('no link in mail');
    return href.replace(/&amp;/g, '&');
  };
  // supabase/templates/recovery.html: one table cell per language, with its lang and dir.
  const languagesIn = (m: Mail) =>
    [...m.html.matchAll(/<td lang="(ar|en|tr)" dir="(rtl|ltr)"/g)].map((x) => `${x[1]}:${x[2]}`);
  const TRILINGUAL_SUBJECT = 'إعادة تعيين كلمة المرور · Reset your password · Şifrenizi sıfırlayın';

  it('is in the language the account saved in user_metadata, branded, sent as GoTrue sends it', async () => {
    const u = await newUser('recover-tr', GOOD, { language: 'tr' });
    expect(
      (await client().auth.resetPasswordForEmail(u.email, { redirectTo: 'http://127.0.0.1:5174/admin/' })).error,
    ).toBeNull();
    const mail = await mailFor(u.email);
    expect(mail.subject).toBe('Şifrenizi sıfırlayın · Filistinli Öğrenciler Birliği');
    expect(languagesIn(mail)).toEqual(['tr:ltr']);
    expect(mail.html).toContain('<html lang="tr" dir="ltr">');
    expect(mail.html).toContain('Filistinli Öğrenciler Birliği');
    expect(mail.html).toContain('#007a3d');
    expect(mail.html).not.toContain('اتحاد الطلاب الفلسطينيين');
    expect(mail.html).not.toMatch(/<!--|\{\{/);
    expect(mail.from).toContain('admin@union.test');

    // What the console does when the staff member switches to English (PUT /user with data).
    const c = client();
    expect((await c.auth.signInWithPassword({ email: u.email, password: u.password })).error).toBeNull();
    expect((await c.auth.updateUser({ data: { language: 'en' } })).error).toBeNull();
    await c.auth.signOut();
    // Past [auth.email] max_frequency (1 s), kept per address in memory (recover.ts).
    await new Promise((r) => setTimeout(r, 1100));
    await fetch(`${MAIL_URL}/api/messages/${mail.id}`, { method: 'DELETE' });
    expect(
      (await client().auth.resetPasswordForEmail(u.email, { redirectTo: 'http://127.0.0.1:5174/admin/' })).error,
    ).toBeNull();
    const english = await mailFor(u.email);
    expect(english.id).not.toBe(mail.id);
    expect(english.subject).toBe('Reset your password · Palestinian Students Union');
    expect(languagesIn(english)).toEqual(['en:ltr']);

    // Its link still signs in for the reset.
    const res = await fetch(linkIn(english), { redirect: 'manual' });
    expect(res.status).toBe(303);
    expect(new URLSearchParams(res.headers.get('location')!.split('#')[1]).get('type')).toBe('recovery');
  });

  it('mail → link → hash → setSession → updateUser → sign in with the new password', async () => {
    const u = await newUser('recover');
    const redirectTo = 'http://127.0.0.1:5174/admin/';
    const sent = await client().auth.resetPasswordForEmail(u.email, { redirectTo });
    expect(sent.error).toBeNull();
    expect(sent.data).toEqual({});

    // config.toml's template: no language saved for this account, so all three, Arabic first.
    const mail = await mailFor(u.email);
    expect(mail.subject).toBe(TRILINGUAL_SUBJECT);
    expect(languagesIn(mail)).toEqual(['ar:rtl', 'en:ltr', 'tr:ltr']);
    expect(mail.html).toContain('<html lang="ar" dir="rtl">');
    const link = linkIn(mail);
    expect(link.startsWith(`${URL_}/auth/v1/verify?token=`)).toBe(true);
    expect(new URL(link).searchParams.get('type')).toBe('recovery');
    expect(new URL(link).searchParams.get('redirect_to')).toBe(redirectTo);
    // The address is also written out, for a client that does not show the button.
    expect(mail.html.replace(/&amp;/g, '&')).toContain(`>${link}</span>`);

    const res = await fetch(link, { redirect: 'manual' });
    expect(res.status).toBe(303);
    const location = res.headers.get('location')!;
    expect(location.startsWith(`${redirectTo}#`)).toBe(true);
    const hash = new URLSearchParams(location.slice(location.indexOf('#') + 1));
    expect(hash.get('type')).toBe('recovery');
    expect(hash.get('token_type')).toBe('bearer');
    expect(hash.get('expires_in')).toBe('3600');
    expect(Number(hash.get('expires_at'))).toBeGreaterThan(Date.now() / 1000);

    const c = client();
    const set = await c.auth.setSession({
      access_token: hash.get('access_token')!,
      refresh_token: hash.get('refresh_token')!,
    });
    expect(set.error).toBeNull();
    expect(set.data.user!.id).toBe(u.id);
    const upd = await c.auth.updateUser({ password: 'Recovered42x' });
    expect(upd.error).toBeNull();

    expect((await client().auth.signInWithPassword({ email: u.email, password: u.password })).error?.code).toBe(
      'invalid_credentials',
    );
    const again = await client().auth.signInWithPassword({ email: u.email, password: 'Recovered42x' });
    expect(again.error).toBeNull();

    // The link is single use: a second click lands on the error hash.
    const reuse = await fetch(link, { redirect: 'manual' });
    expect(reuse.status).toBe(303);
    const errHash = new URLSearchParams(reuse.headers.get('location')!.split('#')[1]);
    expect(errHash.get('error')).toBe('access_denied');
    expect(errHash.get('error_code')).toBe('otp_expired');
    expect(errHash.get('error_description')).toBeTruthy();
  });

  it('answers {} for unknown addresses without sending, and falls back to site_url for a foreign redirect', async () => {
    const stranger = `stranger-${run}@example.test`;
    const r = await client().auth.resetPasswordForEmail(stranger, { redirectTo: 'http://127.0.0.1:5174/admin/' });
    expect(r.error).toBeNull();
    const list = (await (await fetch(`${MAIL_URL}/api/messages`)).json()) as Mail[];
    expect(list.some((m) => m.to.includes(stranger))).toBe(false);

    const u = await newUser('evil-redirect');
    const r2 = await client().auth.resetPasswordForEmail(u.email, { redirectTo: 'https://evil.example.com/steal' });
    expect(r2.error).toBeNull();
    const link = new URL(linkIn(await mailFor(u.email)));
    const target = link.searchParams.get('redirect_to')!;
    expect(target).not.toContain('evil');
    expect(new URL(target).hostname).toBe('127.0.0.1');
  });

  it('limits recovery mails per address like [auth.email] max_frequency, for unknown addresses alike', async () => {
    const u = await newUser('ratelimit');
    const stranger = `ratelimit-stranger-${run}@example.test`;
    // A second request within max_frequency: 429 whether the address has an account or not, so
    // the answer does not reveal which addresses are staff.
    for (const address of [u.email, stranger]) {
      const first = await client().auth.resetPasswordForEmail(address);
      expect(first.error, address).toBeNull();
      const second = await client().auth.resetPasswordForEmail(address);
      expect([second.error?.status, second.error?.code], address).toEqual([429, 'over_email_send_rate_limit']);
    }
    await new Promise((r) => setTimeout(r, 1100));
    expect((await client().auth.resetPasswordForEmail(u.email)).error).toBeNull();
  });

  it('an expired or forged link redirects with otp_expired', async () => {
    const res = await fetch(
      `${AUTH}/verify?token=forged&type=recovery&redirect_to=${encodeURIComponent('http://127.0.0.1:5174/admin/')}`,
      { redirect: 'manual' },
    );
    expect(res.status).toBe(303);
    const loc = res.headers.get('location')!;
    expect(loc.startsWith('http://127.0.0.1:5174/admin/#')).toBe(true);
    expect(new URLSearchParams(loc.split('#')[1]).get('error_code')).toBe('otp_expired');

    const u = await newUser('expired');
    const { data } = await admin.auth.admin.generateLink({ type: 'recovery', email: u.email });
    await db.query(`update auth.users set recovery_sent_at = now() - interval '2 hours' where id = $1`, [u.id]);
    const v = await client().auth.verifyOtp({ token_hash: data.properties!.hashed_token, type: 'recovery' });
    expect(v.error?.code).toBe('otp_expired');
  });
});

describe('JWTs and PostgREST', () => {
  const fn = `auth_test_whoami_${run}`;
  beforeAll(async () => {
    await db.query(`create function public.${fn}() returns jsonb language sql stable as $$
      select jsonb_build_object('uid', auth.uid(), 'role', current_user, 'email', auth.jwt() ->> 'email') $$`);
    await db.query(`grant execute on function public.${fn}() to anon, authenticated`);
    await db.query(`notify pgrst, 'reload schema'`);
  });
  afterAll(async () => {
    await db.query(`drop function if exists public.${fn}()`);
    await db.query(`notify pgrst, 'reload schema'`);
  });

  it('a token from the auth service makes auth.uid() see the user', async () => {
    const { c, id, email: e } = await signedIn('rls');
    let result: unknown = null;
    for (let i = 0; i < 50 && result === null; i++) {
      const { data, error } = await c.rpc(fn);
      if (!error) result = data;
      else await new Promise((r) => setTimeout(r, 100));
    }
    expect(result).toEqual({ uid: id, role: 'authenticated', email: e });
    const { data: anonData } = await client().rpc(fn);
    expect(anonData).toEqual({ uid: null, role: 'anon', email: null });
  });
});

describe('bad input', () => {
  const post = (path: string, body: BodyInit, type = 'application/json') =>
    fetch(`${AUTH}${path}`, {
      method: 'POST',
      headers: { apikey: ANON, Authorization: `Bearer ${ANON}`, 'Content-Type': type },
      body,
    });

  it('answers malformed bodies, wrong types and unknown routes in GoTrue error shape and keeps serving', async () => {
    const cases: [Response, number, string][] = [
      [await post('/token?grant_type=password', '{"email": '), 400, 'bad_json'],
      [
        await post('/token?grant_type=password', 'email=a%40b.c&password=x', 'application/x-www-form-urlencoded'),
        400,
        'bad_json',
      ],
      [await post('/token?grant_type=password', '[1,2]'), 400, 'bad_json'],
      [await post('/token?grant_type=password', JSON.stringify({ email: 5, password: true })), 400, 'bad_json'],
      [await post('/recover', JSON.stringify({ email: 'not-an-email' })), 400, 'validation_failed'],
      [await post('/token?grant_type=password', 'x'.repeat(2 * 1024 * 1024)), 413, 'request_entity_too_large'],
      [await fetch(`${AUTH}/nowhere`, { headers: { apikey: ANON } }), 404, 'not_found'],
      [
        await fetch(`${AUTH}/admin/users/%E0%A4%A`, {
          headers: { apikey: SERVICE, Authorization: `Bearer ${SERVICE}` },
        }),
        404,
        'user_not_found',
      ],
      [await fetch(`${AUTH}/token?grant_type=password`, { headers: { apikey: ANON } }), 405, 'method_not_allowed'],
    ];
    for (const [res, status, code] of cases) {
      expect(res.status).toBe(status);
      expect(res.headers.get('x-supabase-api-version')).toBe('2024-01-01');
      const body = await res.json();
      expect(body).toMatchObject({ code, error_code: code });
      expect(typeof body.msg).toBe('string');
      expect(body.message).toBe(body.msg);
    }
    const jwks = await fetch(`${AUTH}/.well-known/jwks.json`);
    expect(await jwks.json()).toEqual({ keys: [] });
    const health = await fetch(`${AUTH}/health`, { headers: { apikey: ANON } });
    expect(health.status).toBe(200);
    expect((await health.json()).name).toBe('GoTrue');
  });

  it('writes nothing when an admin create fails half-way', async () => {
    const e = email('atomic');
    const res = await fetch(`${AUTH}/admin/users`, {
      method: 'POST',
      headers: { apikey: SERVICE, Authorization: `Bearer ${SERVICE}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: e, password: GOOD, email_confirm: true, id: 'not-a-uuid' }),
    });
    expect(res.status).toBe(400);
    const dupId = (await newUser('atomic-existing')).id;
    const res2 = await fetch(`${AUTH}/admin/users`, {
      method: 'POST',
      headers: { apikey: SERVICE, Authorization: `Bearer ${SERVICE}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: e, password: GOOD, email_confirm: true, id: dupId }),
    });
    expect(res2.status).toBe(422);
    const rows = await db.query('select count(*)::int as n from auth.users where email = $1', [e]);
    expect(rows.rows[0].n).toBe(0);
  });
});

/** POST to the auth service through the gateway from a client address of its own (127/8). */
function postFrom(
  address: string,
  path: string,
  body: unknown,
): Promise<{ status: number; body: Record<string, unknown>; retryAfter?: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      `${AUTH}${path}`,
      {
        method: 'POST',
        localAddress: address,
        headers: { apikey: ANON, 'content-type': 'application/json' },
      },
      (res) => {
        let text = '';
        res.on('data', (c) => (text += c));
        res.on('end', () =>
          resolve({
            status: res.statusCode!,
            body: JSON.parse(text),
            retryAfter: res.headers['retry-after'] as string | undefined,
          }),
        );
      },
    );
    req.on('error', reject);
    req.end(JSON.stringify(body));
  });
}
let addressCounter = 0;
const freshAddress = () => `127.77.${Math.floor(++addressCounter / 250)}.${(addressCounter % 250) + 1}`;
const signInFrom = (address: string, email: string, password: string) =>
  postFrom(address, '/token?grant_type=password', { email, password });

describe('sign-in throttling (config.toml [auth.rate_limit])', () => {
  it('refuses an account after 10 failed passwords in 5 minutes, from any address, the right password too', async () => {
    const u = await newUser('throttle');
    // All at once: counted before the password is checked, so none slips past the limit.
    const tries = await Promise.all(
      Array.from({ length: 16 }, () => signInFrom(freshAddress(), u.email, 'Wrong-pass1')),
    );
    expect(tries.filter((t) => t.status === 400 && t.body.error_code === 'invalid_credentials')).toHaveLength(10);
    const refused = tries.filter((t) => t.status === 429);
    expect(refused).toHaveLength(6);
    for (const r of refused) {
      expect(r.body.error_code).toBe('over_request_rate_limit');
      expect(Number(r.retryAfter)).toBeGreaterThan(0);
      expect(Number(r.retryAfter)).toBeLessThanOrEqual(300);
    }
    expect((await signInFrom(freshAddress(), u.email.toUpperCase(), u.password)).status).toBe(429);
    // Another account is not affected.
    const other = await newUser('throttle-other');
    expect((await signInFrom(freshAddress(), other.email, other.password)).status).toBe(200);
  });

  it('refuses an address after 30 failed sign-ins in 5 minutes, whatever the accounts', async () => {
    const address = freshAddress();
    for (let i = 0; i < 30; i++) {
      expect((await signInFrom(address, `nobody-${run}-${i}@example.test`, 'Wrong-pass1')).body.error_code).toBe(
        'invalid_credentials',
      );
    }
    const u = await newUser('throttle-address');
    const refused = await signInFrom(address, u.email, u.password);
    expect(refused.status).toBe(429);
    expect(refused.body.error_code).toBe('over_request_rate_limit');
    expect((await signInFrom(freshAddress(), u.email, u.password)).status).toBe(200);
  });

  it('does not hold successful sign-ins against the address', async () => {
    const address = freshAddress();
    const u = await newUser('throttle-ok');
    for (let i = 0; i < 35; i++) expect((await signInFrom(address, u.email, u.password)).status).toBe(200);
  });

  it('limits verifications by code per address (token_verifications)', async () => {
    const address = freshAddress();
    for (let i = 0; i < 30; i++) {
      const r = await postFrom(address, '/verify', {
        type: 'recovery',
        email: `nobody-${run}@example.test`,
        token: String(100000 + i),
      });
      expect(r.body.error_code).toBe('otp_expired');
    }
    const r = await postFrom(address, '/verify', {
      type: 'recovery',
      email: `nobody-${run}@example.test`,
      token: '999999',
    });
    expect([r.status, r.body.error_code]).toEqual([429, 'over_request_rate_limit']);
  });

  it('answers a NUL or a line break in the email with 400 validation_failed, not a server error', async () => {
    for (const e of ['a\u0000b@example.test', 'editor@union.test\n']) {
      const r = await signInFrom(freshAddress(), e, 'x');
      expect([r.status, r.body.error_code]).toEqual([400, 'validation_failed']);
    }
  });
});

describe('atomic writes', () => {
  /** A second auth service on the same database whose SMTP server is down. */
  async function startWithoutMail(emailTemplates?: Record<string, { subject?: string; content?: string }>) {
    const deadPort = await new Promise<number>((resolve) => {
      const srv = net.createServer().listen(0, '127.0.0.1', () => {
        const p = (srv.address() as net.AddressInfo).port;
        srv.close(() => resolve(p));
      });
    });
    const lines: string[] = [];
    const svc = await startAuth({
      port: 0,
      dbUrl: DB_URL,
      jwtSecret: JWT_SECRET,
      apiExternalUrl: URL_,
      siteUrl: 'http://127.0.0.1:5173',
      additionalRedirectUrls: [],
      jwtExpiry: 3600,
      signupEnabled: false,
      passwordMinLength: 8,
      passwordRequirements: 'lower_upper_letters_digits',
      smtp: { host: '127.0.0.1', port: deadPort, senderEmail: 'a@union.test', senderName: 'Union' },
      emailTemplates,
      log: (l) => lines.push(l),
    });
    return { svc, lines };
  }

  /**
   * Asks svc for a recovery mail that cannot go out: the answer is the one every address gets
   * ({} at once: the mail is sent after it, so its fate cannot tell accounts apart), and once the
   * sending has failed no token is left behind.
   */
  async function expectFailedRecovery(svc: { url: string }, u: { id: string; email: string }, lines: string[]) {
    const res = await fetch(`${svc.url}/recover`, {
      method: 'POST',
      headers: { apikey: ANON, Authorization: `Bearer ${ANON}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: u.email }),
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({});
    await expect.poll(() => lines.some((l) => l.includes('recovery mail failed')), { timeout: 20_000 }).toBe(true);
    await expect
      .poll(async () => (await db.query('select recovery_token from auth.users where id = $1', [u.id])).rows[0])
      .toEqual({ recovery_token: '' });
    const row = await db.query('select recovery_token, recovery_sent_at from auth.users where id = $1', [u.id]);
    expect(row.rows[0]).toEqual({ recovery_token: '', recovery_sent_at: null });
    const ott = await db.query('select count(*)::int as n from auth.one_time_tokens where user_id = $1', [u.id]);
    expect(ott.rows[0].n).toBe(0);
  }

  it('a recovery whose mail template fails to render is refused like an unsent mail, as on GoTrue', async () => {
    // Go's eq refuses to compare a number with a string: the template, not SMTP, fails.
    const { svc, lines } = await startWithoutMail({
      recovery: { subject: '{{ if eq .Data.language "tr" }}Merhaba{{ else }}Hello{{ end }}' },
    });
    try {
      await expectFailedRecovery(svc, await newUser('badtemplate', GOOD, { language: 5 }), lines);
      expect(lines.some((l) => l.includes('recovery mail failed') && l.includes('incompatible types'))).toBe(true);
    } finally {
      await svc.close();
    }
  });

  it('a mail template the Go subset cannot read stops the service at start', async () => {
    await expect(startWithoutMail({ recovery: { content: '<p>{{ upper .Email }}</p>' } })).rejects.toThrow(
      /auth\.email\.template\.recovery\.content: function "upper" not defined/,
    );
  });

  it('answers a known address before its mail is sent: the same {} even when the mail server is down', async () => {
    const { svc, lines } = await startWithoutMail();
    try {
      const u = await newUser('same-answer');
      const ask = (email: string) =>
        fetch(`${svc.url}/recover`, {
          method: 'POST',
          headers: { apikey: ANON, Authorization: `Bearer ${ANON}`, 'Content-Type': 'application/json' },
          body: JSON.stringify({ email }),
        }).then(async (r) => [r.status, await r.text()]);
      expect(await ask(u.email)).toEqual(await ask(`same-answer-stranger-${run}@example.test`));
      await expect.poll(() => lines.some((l) => l.includes('recovery mail failed')), { timeout: 20_000 }).toBe(true);
    } finally {
      await svc.close();
    }
  });

  it('a recovery whose mail cannot be sent leaves no token behind (and the service keeps serving)', async () => {
    const { svc, lines } = await startWithoutMail();
    try {
      await expectFailedRecovery(svc, await newUser('nomail'), lines);
      expect(lines.some((l) => l.includes('recovery mail failed'))).toBe(true);
      expect((await fetch(`${svc.url}/health`)).status).toBe(200);
    } finally {
      await svc.close();
    }
  });
});

describe('auth schema grants', () => {
  it('lets the API roles use auth.uid() but read none of the auth tables', async () => {
    for (const role of ['anon', 'authenticated']) {
      for (const table of ['users', 'identities', 'sessions', 'refresh_tokens', 'one_time_tokens']) {
        await db.query('begin');
        try {
          await db.query(`set local role ${role}`);
          const err = await db.query(`select 1 from auth.${table} limit 1`).then(
            () => null,
            (e: { code?: string }) => e,
          );
          expect(err?.code, `${role} on auth.${table}`).toBe('42501');
        } finally {
          await db.query('rollback');
        }
      }
      await db.query('begin');
      try {
        await db.query(`set local role ${role}`);
        const r = await db.query(`select auth.uid() as uid`);
        expect(r.rows[0].uid).toBeNull();
      } finally {
        await db.query('rollback');
      }
    }
  });
});
