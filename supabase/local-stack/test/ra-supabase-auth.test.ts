// ra-supabase-core's authProvider (what the admin console uses) against the local auth service.
// Under Node there is no browser: the provider only reads `window.location` (pathname, search,
// hash), so the test gives it exactly that, as a URL object it moves like a browser would.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuthApiError, createClient, type SupabaseClient } from '@supabase/supabase-js';
import { supabaseAuthProvider } from 'ra-supabase-core';
import WebSocket from 'ws';
import pg from 'pg';
import crypto from 'node:crypto';
import { env } from './env.js';

const URL_ = env.url;
const ANON = env.anonKey;
const SERVICE = env.serviceRoleKey;
const MAIL_URL = env.mailUrl;
const DB_URL = env.dbUrl;

const CONSOLE = 'http://127.0.0.1:5174/admin';
const PASSWORD = 'Console2024x';
const run = crypto.randomBytes(4).toString('hex');

const client = (key: string): SupabaseClient =>
  createClient(URL_, key, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: WebSocket as never },
  });

const fakeWindow = { location: new URL(`${CONSOLE}/`) };
const visit = (url: string) => {
  fakeWindow.location = new URL(url);
};

let email: string;
let userId: string;
let db: pg.Client;

beforeAll(async () => {
  (globalThis as { window?: unknown }).window = fakeWindow;
  email = `ra-${run}@example.test`;
  const { data, error } = await client(SERVICE).auth.admin.createUser({
    email,
    password: PASSWORD,
    email_confirm: true,
    user_metadata: { full_name: 'Console User' },
  });
  if (error) throw error;
  userId = data.user.id;
  db = new pg.Client({ connectionString: DB_URL });
  await db.connect();
});
afterAll(async () => {
  delete (globalThis as { window?: unknown }).window;
  await db.end();
});

function provider(c: SupabaseClient) {
  return supabaseAuthProvider(c, {
    redirectTo: '/admin',
    getIdentity: async (user) => ({ id: user.id, fullName: String(user.user_metadata.full_name ?? user.email) }),
    getPermissions: async (user) => (user.email === email ? 'editor' : null),
  });
}

describe('ra-supabase authProvider', () => {
  it('login, checkAuth, getIdentity, getPermissions, logout', async () => {
    visit(`${CONSOLE}/`);
    const c = client(ANON);
    const auth = provider(c);
    await expect(auth.checkAuth({})).rejects.toBeUndefined();

    await auth.login({ email, password: PASSWORD });
    await expect(auth.checkAuth({})).resolves.toBeUndefined();
    await expect(auth.getIdentity!()).resolves.toEqual({ id: userId, fullName: 'Console User' });
    await expect(auth.getPermissions!({})).resolves.toBe('editor');
    await expect(auth.checkError({ status: 401 })).rejects.toBeUndefined();
    await expect(auth.checkError({ status: 500 })).resolves.toBeUndefined();

    const sessionId = JSON.parse(
      Buffer.from((await c.auth.getSession()).data.session!.access_token.split('.')[1]!, 'base64url').toString(),
    ).session_id;
    await auth.logout({});
    await expect(auth.checkAuth({})).rejects.toBeUndefined();
    const rows = await db.query('select count(*)::int as n from auth.sessions where id = $1', [sessionId]);
    expect(rows.rows[0].n).toBe(0);
  });

  it('login with a wrong password rejects with the auth error', async () => {
    const auth = provider(client(ANON));
    const err = await auth.login({ email, password: 'Wrong2024x' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AuthApiError);
    expect((err as AuthApiError).code).toBe('invalid_credentials');
    await expect(auth.checkAuth({})).rejects.toBeUndefined();
  });

  it('resetPassword → mail link → set-password redirect → setPassword → login', async () => {
    const auth = provider(client(ANON));
    await auth.resetPassword({ email, redirectTo: `${CONSOLE}/auth-callback` });

    let link: string | undefined;
    for (let i = 0; i < 50 && !link; i++) {
      const msgs = (await (await fetch(`${MAIL_URL}/api/messages`)).json()) as { to: string[]; html: string }[];
      const m = msgs.find((x) => x.to.includes(email));
      link = m && /href="([^"]+)"/.exec(m.html)?.[1]?.replace(/&amp;/g, '&');
      if (!link) await new Promise((r) => setTimeout(r, 100));
    }
    expect(link).toBeTruthy();

    const res = await fetch(link!, { redirect: 'manual' });
    expect(res.status).toBe(303);
    visit(res.headers.get('location')!);
    expect(fakeWindow.location.pathname).toBe('/admin/auth-callback');

    // checkAuth sends the user to the set-password page with the tokens
    const thrown = (await auth.checkAuth({}).then(
      () => null,
      (e: unknown) => e,
    )) as { redirectTo: () => { pathname: string; search: string } } | null;
    expect(thrown).not.toBeNull();
    const target = thrown!.redirectTo();
    expect(target.pathname).toBe('/admin/set-password');
    const params = new URLSearchParams(target.search);
    expect(params.get('type')).toBe('recovery');
    const callback = (await auth.handleCallback!()) as { redirectTo: () => { pathname: string } };
    expect(callback.redirectTo().pathname).toBe('/admin/set-password');

    visit(`${CONSOLE}/set-password?${target.search}`);
    await auth.setPassword({
      access_token: params.get('access_token')!,
      refresh_token: params.get('refresh_token')!,
      password: 'Renewed2024x',
    });

    visit(`${CONSOLE}/`);
    const fresh = provider(client(ANON));
    await expect(fresh.login({ email, password: PASSWORD })).rejects.toBeInstanceOf(AuthApiError);
    await fresh.login({ email, password: 'Renewed2024x' });
    await expect(fresh.checkAuth({})).resolves.toBeUndefined();
  });
});
