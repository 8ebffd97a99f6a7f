// Secure email change and secure password change (issue 28, item 4; CONTRACT.md "Secure changes"),
// through supabase-js against the stack, with config.toml's [auth.email] double_confirm_changes,
// enable_confirmations and secure_password_change on: a stolen access token alone can neither move
// the account to another address nor set a new password.
import crypto from 'node:crypto';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import pg from 'pg';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { env } from './env.js';

const run = crypto.randomBytes(4).toString('hex');
let n = 0;
const address = (tag: string) => `secure-${tag}-${run}-${++n}@example.test`;
const GOOD = 'Sunrise2024x';
const REDIRECT = 'http://127.0.0.1:5174/admin/';

const client = (key = env.anonKey): SupabaseClient =>
  createClient(env.url, key, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: WebSocket as never },
  });
const admin = client(env.serviceRoleKey);
let db: pg.Client;
beforeAll(async () => {
  db = new pg.Client({ connectionString: env.dbUrl });
  await db.connect();
});
afterAll(() => db?.end());

async function signedIn(tag: string) {
  const email = address(tag);
  const { data, error } = await admin.auth.admin.createUser({ email, password: GOOD, email_confirm: true });
  if (error) throw error;
  const c = client();
  const signIn = await c.auth.signInWithPassword({ email, password: GOOD });
  if (signIn.error) throw signIn.error;
  return { id: data.user.id, email, c };
}

interface Mail {
  to: string[];
  subject: string;
  html: string;
}
async function mailTo(to: string, subject: RegExp): Promise<Mail> {
  for (let i = 0; i < 100; i++) {
    const list = (await (await fetch(`${env.mailUrl}/api/messages`)).json()) as Mail[];
    const m = list.find((x) => x.to.includes(to) && subject.test(x.subject));
    if (m) return m;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no mail "${subject}" for ${to}`);
}
const linkIn = (m: Mail) => /href="([^"]+)"/.exec(m.html)![1]!.replace(/&amp;/g, '&');
const follow = async (link: string) => {
  const res = await fetch(link, { redirect: 'manual' });
  return new URLSearchParams(res.headers.get('location')!.split('#')[1] ?? '');
};
const emailOf = async (id: string) =>
  (await db.query<{ email: string }>('select email from auth.users where id = $1', [id])).rows[0]!.email;

describe('secure email change', () => {
  it('changes nothing until both the new and the current address confirmed by mail', async () => {
    const u = await signedIn('email');
    const next = address('email-next');
    const { data, error } = await u.c.auth.updateUser({ email: next }, { emailRedirectTo: REDIRECT });
    expect(error).toBeNull();
    expect(data.user?.email).toBe(u.email);
    expect(data.user?.new_email).toBe(next);
    expect(await emailOf(u.id)).toBe(u.email);

    // The thief's own address confirms: not enough.
    const toNew = await mailTo(next, /Confirm your new email address/);
    const first = await follow(linkIn(toNew));
    expect(first.get('message')).toMatch(/confirm link sent to the other email/);
    expect(first.get('access_token')).toBeNull();
    expect(await emailOf(u.id)).toBe(u.email);

    // The owner's current address confirms too: now it changes, and the link signs in.
    const toCurrent = await mailTo(u.email, /Confirm your new email address/);
    expect(toCurrent.html).toContain(next);
    const second = await follow(linkIn(toCurrent));
    expect(second.get('type')).toBe('email_change');
    expect(second.get('access_token')).toBeTruthy();
    expect(await emailOf(u.id)).toBe(next);
    // A used link does nothing more.
    expect((await follow(linkIn(toNew))).get('error_code')).toBe('otp_expired');
  });
});

describe('secure password change', () => {
  it('lets a recent sign-in (as after a reset link) change the password at once', async () => {
    const u = await signedIn('recent');
    expect((await u.c.auth.updateUser({ password: 'Moonrise2025y' })).error).toBeNull();
    expect((await client().auth.signInWithPassword({ email: u.email, password: 'Moonrise2025y' })).error).toBeNull();
  });

  it('asks a session older than 24 hours for the code /reauthenticate mails, once', async () => {
    const u = await signedIn('old');
    await db.query(`update auth.sessions set created_at = now() - interval '25 hours' where user_id = $1`, [u.id]);
    const refused = await u.c.auth.updateUser({ password: 'Moonrise2025y' });
    expect([refused.error?.status, refused.error?.code]).toEqual([400, 'reauthentication_needed']);
    const wrong = await u.c.auth.updateUser({ password: 'Moonrise2025y', nonce: '000000' });
    expect(wrong.error?.code).toBe('reauthentication_not_valid');

    expect((await u.c.auth.reauthenticate()).error).toBeNull();
    const code = /\b(\d{6})\b/.exec((await mailTo(u.email, /is your verification code/)).subject)![1]!;
    expect((await u.c.auth.updateUser({ password: 'Moonrise2025y', nonce: code })).error).toBeNull();
    expect((await client().auth.signInWithPassword({ email: u.email, password: 'Moonrise2025y' })).error).toBeNull();
    // The code worked once.
    const again = await u.c.auth.updateUser({ password: 'Starlight2026z', nonce: code });
    expect(again.error?.code).toBe('reauthentication_not_valid');
  });
});
