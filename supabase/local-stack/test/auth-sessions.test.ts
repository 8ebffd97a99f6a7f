// GoTrue behaviours an app notices beyond single requests: what a password change does to the
// user's other sessions, how a retried or replayed refresh token is treated, PKCE recovery, and
// weak_password on sign-in. Driven through supabase-js via the gateway (CONTRACT.md sections
// "Sessions and refresh tokens", "Password recovery", "Password policy").
import crypto from 'node:crypto';
import bcrypt from 'bcryptjs';
import pg from 'pg';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { env } from './env.js';

const GOOD = 'Sunrise2024x';
const run = crypto.randomBytes(4).toString('hex');
let n = 0;
const email = (tag: string) => `sess-${tag}-${run}-${++n}@example.test`;

function client(key = env.anonKey, flowType: 'implicit' | 'pkce' = 'implicit'): SupabaseClient {
  return createClient(env.url, key, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false, flowType },
    realtime: { transport: WebSocket as never },
  });
}
const admin = client(env.serviceRoleKey);

async function newUser(tag: string) {
  const e = email(tag);
  const { data, error } = await admin.auth.admin.createUser({ email: e, password: GOOD, email_confirm: true });
  if (error) throw error;
  return { id: data.user.id, email: e };
}

async function signIn(e: string, password = GOOD) {
  const c = client();
  const { data, error } = await c.auth.signInWithPassword({ email: e, password });
  if (error) throw error;
  return { c, session: data.session! };
}

const sessionId = (jwt: string) =>
  (JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString('utf8')) as { session_id: string }).session_id;

let db: pg.Client;
beforeAll(async () => {
  db = new pg.Client({ connectionString: env.dbUrl });
  await db.connect();
});
afterAll(async () => {
  await db.end();
});

describe('a password change ends the other sessions', () => {
  it('updateUser({password}) keeps the current session and ends the others', async () => {
    const u = await newUser('pw-self');
    const here = await signIn(u.email);
    const there = await signIn(u.email);
    const { error } = await here.c.auth.updateUser({ password: 'Changed2024y' });
    expect(error).toBeNull();

    // The session that changed the password goes on: its refresh token still works.
    const mine = await here.c.auth.refreshSession();
    expect(mine.error).toBeNull();
    // The other one is gone: its refresh token and its access token are refused.
    const other = await client().auth.refreshSession({ refresh_token: there.session.refresh_token });
    expect(other.error?.code).toBe('refresh_token_not_found');
    const { rows } = await db.query('select id from auth.sessions where user_id = $1', [u.id]);
    expect(rows.map((r) => r.id)).toEqual([sessionId(here.session.access_token)]);
  });

  it("the admin update of a user's password ends all of that user's sessions", async () => {
    const u = await newUser('pw-admin');
    const one = await signIn(u.email);
    const two = await signIn(u.email);
    const bystander = await newUser('pw-bystander');
    const theirs = await signIn(bystander.email);
    const { error } = await admin.auth.admin.updateUserById(u.id, { password: 'ByAdmin2024z' });
    expect(error).toBeNull();
    for (const s of [one, two]) {
      const r = await client().auth.refreshSession({ refresh_token: s.session.refresh_token });
      expect(r.error?.code).toBe('refresh_token_not_found');
    }
    expect((await db.query('select 1 from auth.sessions where user_id = $1', [u.id])).rowCount).toBe(0);
    // Another user's sessions are untouched, and a metadata-only admin update ends nothing.
    expect((await theirs.c.auth.refreshSession()).error).toBeNull();
    const again = await signIn(u.email, 'ByAdmin2024z');
    expect((await admin.auth.admin.updateUserById(u.id, { user_metadata: { x: 1 } })).error).toBeNull();
    expect((await again.c.auth.refreshSession()).error).toBeNull();
  });
});

describe('refresh-token reuse (GoTrue: security_refresh_token_reuse_interval)', () => {
  const age = (token: string) =>
    db.query(`update auth.refresh_tokens set updated_at = now() - interval '1 minute' where token = $1`, [token]);

  it('gives the active token back to a client retrying with its parent, also after the interval', async () => {
    const u = await newUser('reuse-parent');
    const { session } = await signIn(u.email);
    const first = session.refresh_token;
    const r1 = await client().auth.refreshSession({ refresh_token: first });
    expect(r1.error).toBeNull();
    const second = r1.data.session!.refresh_token;
    // A client that lost the answer retries later with `first`, the parent of the active token.
    await age(first);
    const retry = await client().auth.refreshSession({ refresh_token: first });
    expect(retry.error).toBeNull();
    expect(retry.data.session!.refresh_token).toBe(second);
    expect(sessionId(retry.data.session!.access_token)).toBe(sessionId(session.access_token));
  });

  it('refuses an older revoked token with refresh_token_already_used, revokes the family and keeps the session row', async () => {
    const u = await newUser('reuse-old');
    const { session } = await signIn(u.email);
    const sid = sessionId(session.access_token);
    const first = session.refresh_token;
    const second = (await client().auth.refreshSession({ refresh_token: first })).data.session!.refresh_token;
    const third = (await client().auth.refreshSession({ refresh_token: second })).data.session!.refresh_token;
    await age(first);
    const replay = await client().auth.refreshSession({ refresh_token: first });
    expect(replay.error?.status).toBe(400);
    expect(replay.error?.code).toBe('refresh_token_already_used');

    const tokens = await db.query<{ token: string; revoked: boolean }>(
      'select token, revoked from auth.refresh_tokens where session_id = $1',
      [sid],
    );
    expect(tokens.rows.map((t) => t.token).sort()).toEqual([first, second, third].sort());
    expect(tokens.rows.every((t) => t.revoked)).toBe(true);
    expect((await db.query('select 1 from auth.sessions where id = $1', [sid])).rowCount).toBe(1);

    // Once the revoked family is past the interval, none of its tokens refreshes any more.
    await db.query(`update auth.refresh_tokens set updated_at = now() - interval '1 minute' where session_id = $1`, [
      sid,
    ]);
    const latest = await client().auth.refreshSession({ refresh_token: third });
    expect(latest.error?.code).toBe('refresh_token_already_used');
  });
});

describe('PKCE recovery', () => {
  type Mail = { to: string[]; html: string };
  async function linkFor(to: string): Promise<string> {
    for (let i = 0; i < 50; i++) {
      const list = (await (await fetch(`${env.mailUrl}/api/messages`)).json()) as Mail[];
      const m = list.find((x) => x.to.includes(to));
      if (m) return /href="([^"]+)"/.exec(m.html)![1]!.replace(/&amp;/g, '&');
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`no mail for ${to}`);
  }

  it("resetPasswordForEmail with flowType 'pkce' → link → ?code= → exchangeCodeForSession → updateUser", async () => {
    const u = await newUser('pkce');
    const c = client(env.anonKey, 'pkce');
    const events: string[] = [];
    c.auth.onAuthStateChange((event) => events.push(event));
    const redirectTo = 'http://127.0.0.1:5174/admin/set-password';
    expect((await c.auth.resetPasswordForEmail(u.email, { redirectTo })).error).toBeNull();
    const flow = await db.query(
      'select authentication_method, code_challenge_method from auth.flow_state where user_id = $1',
      [u.id],
    );
    expect(flow.rows).toEqual([{ authentication_method: 'recovery', code_challenge_method: 's256' }]);

    const res = await fetch(await linkFor(u.email), { redirect: 'manual' });
    expect(res.status).toBe(303);
    const location = new URL(res.headers.get('location')!);
    expect(`${location.origin}${location.pathname}`).toBe(redirectTo);
    expect(location.hash).toBe('');
    const code = location.searchParams.get('code')!;
    expect(code).toMatch(/^[0-9a-f-]{36}$/);

    // A wrong verifier is refused (another client has none of its own: raw request).
    const wrong = await fetch(`${env.url}/auth/v1/token?grant_type=pkce`, {
      method: 'POST',
      headers: { apikey: env.anonKey, 'content-type': 'application/json' },
      body: JSON.stringify({ auth_code: code, code_verifier: 'x'.repeat(50) }),
    });
    expect(wrong.status).toBe(400);
    expect((await wrong.json()).code).toBe('bad_code_verifier');

    const { data, error } = await c.auth.exchangeCodeForSession(code);
    expect(error).toBeNull();
    expect(data.user!.id).toBe(u.id);
    expect(events).toContain('PASSWORD_RECOVERY');
    expect((await c.auth.updateUser({ password: 'PkceReset2024' })).error).toBeNull();
    expect((await client().auth.signInWithPassword({ email: u.email, password: 'PkceReset2024' })).error).toBeNull();

    // The code works once: the flow state is gone.
    expect((await db.query('select 1 from auth.flow_state where user_id = $1', [u.id])).rowCount).toBe(0);
    const twice = await fetch(`${env.url}/auth/v1/token?grant_type=pkce`, {
      method: 'POST',
      headers: { apikey: env.anonKey, 'content-type': 'application/json' },
      body: JSON.stringify({ auth_code: code, code_verifier: 'x'.repeat(50) }),
    });
    expect(twice.status).toBe(404);
    expect((await twice.json()).code).toBe('flow_state_not_found');
  });
  it("answers an unknown address with flowType 'pkce' as it answers an account, and writes nothing", async () => {
    const u = await newUser('pkce-alike');
    const stranger = email('pkce-stranger');
    const count = async () =>
      (await db.query<{ n: number }>('select count(*)::int as n from auth.flow_state')).rows[0]!.n +
      (await db.query<{ n: number }>('select count(*)::int as n from auth.one_time_tokens')).rows[0]!.n;
    const ask = async (address: string) => {
      const res = await fetch(`${env.url}/auth/v1/recover`, {
        method: 'POST',
        headers: { apikey: env.anonKey, 'content-type': 'application/json' },
        body: JSON.stringify({ email: address, code_challenge: 'c'.repeat(43), code_challenge_method: 's256' }),
      });
      return [res.status, await res.text()];
    };
    const before = await count();
    // The unknown address's same work (recover.ts) runs on the real tables without an error.
    expect(await ask(stranger)).toEqual([200, '{}']);
    expect(await count()).toBe(before);
    expect(await ask(u.email)).toEqual([200, '{}']);
  });
});

describe('weak_password on sign-in', () => {
  it('returns the session plus weak_password when the stored password no longer meets the policy', async () => {
    const id = crypto.randomUUID();
    const e = email('weak');
    // Set before the current policy (lower, upper letters and digits): lowercase only.
    await db.query(
      `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
         raw_app_meta_data, raw_user_meta_data, created_at, updated_at, confirmation_token, email_change, email_change_token_new, recovery_token)
       values ('00000000-0000-0000-0000-000000000000', $1, 'authenticated', 'authenticated', $2, $3, now(),
         '{"provider":"email","providers":["email"]}', '{}', now(), now(), '', '', '', '')`,
      [id, e, bcrypt.hashSync('longbutlowercase', 10)],
    );
    const { data, error } = await client().auth.signInWithPassword({ email: e, password: 'longbutlowercase' });
    expect(error).toBeNull();
    expect(data.session?.access_token).toBeTruthy();
    expect(data.weakPassword).toEqual({
      reasons: ['characters'],
      message: expect.stringContaining('Password should contain at least one character of each'),
    });

    const strong = await newUser('strong');
    const ok = await client().auth.signInWithPassword({ email: strong.email, password: GOOD });
    expect(ok.error).toBeNull();
    expect(ok.data.weakPassword).toBeUndefined();
  });
});
