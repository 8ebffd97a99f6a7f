// Sign-in by email code (issue 52, item 3; CONTRACT.md "Sign-in by email code"), through
// supabase-js: signInWithOtp({ email, options: { shouldCreateUser: false } }) mails a code and a
// link (config.toml [auth.email.template.magic_link]), verifyOtp({ email, token, type: 'email' })
// signs in, once, within [auth.email] otp_expiry; GoTrue's errors for everything else.
import crypto from 'node:crypto';
import { AuthApiError, AuthClient, createClient, type SupabaseClient } from '@supabase/supabase-js';
import pg from 'pg';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAuth, type AuthOptions } from '../src/auth/index.js';
import { JWT_SECRET } from '../src/keys.js';
import { startMail } from '../src/mail/index.js';
import { env } from './env.js';

const run = crypto.randomBytes(4).toString('hex');
let n = 0;
const address = (tag: string) => `otp-${tag}-${run}-${++n}@example.test`;
const REDIRECT = 'http://127.0.0.1:5173/';
const CODE_EXPIRED = 'Token has expired or is invalid';
const FREQUENCY = /^For security purposes, you can only request this after \d+ seconds\.$/;

const client = (flowType: 'implicit' | 'pkce' = 'implicit'): SupabaseClient =>
  createClient(env.url, env.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false, flowType },
    realtime: { transport: WebSocket as never },
  });
const adminClient = createClient(env.url, env.serviceRoleKey, {
  auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  realtime: { transport: WebSocket as never },
});

let db: pg.Client;
beforeAll(async () => {
  db = new pg.Client({ connectionString: env.dbUrl });
  await db.connect();
});
afterAll(() => db?.end());

async function member(tag: string, meta: Record<string, unknown> = {}, confirmed = true) {
  const email = address(tag);
  const { data, error } = await adminClient.auth.admin.createUser({
    email,
    email_confirm: confirmed,
    user_metadata: meta,
  });
  if (error) throw error;
  return { id: data.user.id, email };
}

interface Mail {
  id: string;
  to: string[];
  subject: string;
  html: string;
}
const inbox = async (mailUrl = env.mailUrl) => (await (await fetch(`${mailUrl}/api/messages`)).json()) as Mail[];
async function mailTo(to: string, not: string[] = [], mailUrl = env.mailUrl): Promise<Mail> {
  for (let i = 0; i < 100; i++) {
    const m = (await inbox(mailUrl)).find((x) => x.to.includes(to) && !not.includes(x.id));
    if (m) return m;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no mail for ${to}`);
}
const codeIn = (m: Mail) => /font-size:30px[^>]*>(\d{6})<\/p>/.exec(m.html)?.[1];
const linkIn = (m: Mail) => /href="([^"]+)"/.exec(m.html)![1]!.replace(/&amp;/g, '&');
const languagesIn = (m: Mail) =>
  [...m.html.matchAll(/<td lang="(ar|en|tr)" dir="(rtl|ltr)"/g)].map((x) => `${x[1]}:${x[2]}`);
const askCode = (c: SupabaseClient, email: string) =>
  c.auth.signInWithOtp({ email, options: { shouldCreateUser: false, emailRedirectTo: REDIRECT } });
const claims = (jwt: string) => JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString('utf8'));
/** Past config.toml's max_frequency (1 s) since the last mail to an address. */
const pastFrequency = () => new Promise((r) => setTimeout(r, 1100));

describe('signInWithOtp with shouldCreateUser false', () => {
  it('mails a code that signs in once; getUser works and last_sign_in_at is recorded', async () => {
    const u = await member('code');
    const c = client();
    const asked = await askCode(c, u.email);
    expect(asked).toEqual({ data: { user: null, session: null }, error: null });

    const mail = await mailTo(u.email);
    // No language saved: the three, Arabic first, as the reset mail.
    expect(mail.subject).toBe('رمز الدخول · Your sign-in code · Giriş kodunuz');
    expect(languagesIn(mail)).toEqual(['ar:rtl', 'en:ltr', 'tr:ltr']);
    expect(mail.html).not.toMatch(/<!--|\{\{/);
    const code = codeIn(mail)!;
    expect(code).toMatch(/^\d{6}$/);
    // Stored as GoTrue stores it: the sha224 of address + code, in auth.users and auth.one_time_tokens.
    const hash = crypto.createHash('sha224').update(`${u.email}${code}`).digest('hex');
    const stored = await db.query(
      `select u.recovery_token, t.token_hash, t.relates_to from auth.users u
         join auth.one_time_tokens t on t.user_id = u.id and t.token_type = 'recovery_token' where u.id = $1`,
      [u.id],
    );
    expect(stored.rows).toEqual([{ recovery_token: hash, token_hash: hash, relates_to: u.email }]);

    const v = await c.auth.verifyOtp({ email: u.email, token: code, type: 'email' });
    expect(v.error).toBeNull();
    expect(v.data.session!.user.id).toBe(u.id);
    expect(v.data.session!.token_type).toBe('bearer');
    expect(claims(v.data.session!.access_token).amr[0].method).toBe('otp');
    const me = await c.auth.getUser();
    expect(me.error).toBeNull();
    expect(me.data.user!.email).toBe(u.email);
    const row = await db.query(
      `select last_sign_in_at > now() - interval '1 minute' as recent, recovery_token,
              (select count(*)::int from auth.one_time_tokens where user_id = $1) as tokens
         from auth.users where id = $1`,
      [u.id],
    );
    expect(row.rows[0]).toEqual({ recent: true, recovery_token: '', tokens: 0 });

    const again = await client().auth.verifyOtp({ email: u.email, token: code, type: 'email' });
    expect(again.error).toBeInstanceOf(AuthApiError);
    expect([again.error!.status, again.error!.code, again.error!.message]).toEqual([403, 'otp_expired', CODE_EXPIRED]);
  });

  it('refuses a wrong code and keeps the right one usable', async () => {
    const u = await member('wrong', { language: 'en' });
    expect((await askCode(client(), u.email)).error).toBeNull();
    const mail = await mailTo(u.email);
    expect(mail.subject).toBe('Your sign-in code · Palestinian Students Union');
    expect(languagesIn(mail)).toEqual(['en:ltr']);
    const code = codeIn(mail)!;
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    const bad = await client().auth.verifyOtp({ email: u.email, token: wrong, type: 'email' });
    expect([bad.error?.status, bad.error?.code, bad.error?.message]).toEqual([403, 'otp_expired', CODE_EXPIRED]);
    // Another address's code is no use either.
    const other = await client().auth.verifyOtp({ email: address('nobody'), token: code, type: 'email' });
    expect([other.error?.status, other.error?.code]).toEqual([403, 'otp_expired']);
    const good = await client().auth.verifyOtp({ email: u.email, token: code, type: 'email' });
    expect(good.error).toBeNull();
  });

  it('refuses a code older than otp_expiry (3600 s), by code and by token hash', async () => {
    const u = await member('expired');
    expect((await askCode(client(), u.email)).error).toBeNull();
    const code = codeIn(await mailTo(u.email))!;
    await db.query(`update auth.users set recovery_sent_at = now() - interval '3601 seconds' where id = $1`, [u.id]);
    const late = await client().auth.verifyOtp({ email: u.email, token: code, type: 'email' });
    expect([late.error?.status, late.error?.code, late.error?.message]).toEqual([403, 'otp_expired', CODE_EXPIRED]);
    const hash = crypto.createHash('sha224').update(`${u.email}${code}`).digest('hex');
    const byHash = await client().auth.verifyOtp({ token_hash: hash, type: 'email' });
    expect([byHash.error?.status, byHash.error?.code, byHash.error?.message]).toEqual([
      403,
      'otp_expired',
      'Email link is invalid or has expired',
    ]);
    // Just within the expiry it still works.
    await db.query(`update auth.users set recovery_sent_at = now() - interval '3590 seconds' where id = $1`, [u.id]);
    expect((await client().auth.verifyOtp({ email: u.email, token: code, type: 'email' })).error).toBeNull();
  });

  it("answers an unknown address with GoTrue's 422 otp_disabled, and mails and creates nothing", async () => {
    const stranger = address('stranger');
    const r = await askCode(client(), stranger);
    expect(r.error).toBeInstanceOf(AuthApiError);
    expect([r.error!.status, r.error!.code, r.error!.message]).toEqual([
      422,
      'otp_disabled',
      'Signups not allowed for otp',
    ]);
    // So does an address that is not one (GoTrue's shouldCreateUser fails the same way).
    const odd = await askCode(client(), 'not-an-address');
    expect([odd.error?.status, odd.error?.code]).toEqual([422, 'otp_disabled']);
    const users = await db.query('select count(*)::int as n from auth.users where email = $1', [stranger]);
    expect(users.rows[0].n).toBe(0);
    await new Promise((r) => setTimeout(r, 300));
    expect((await inbox()).some((m) => m.to.includes(stranger))).toBe(false);
  });

  it('answers a second request within max_frequency with 429, then mails a new code that replaces the old', async () => {
    const u = await member('frequency');
    expect((await askCode(client(), u.email)).error).toBeNull();
    const first = await mailTo(u.email);
    const soon = await askCode(client(), u.email);
    expect([soon.error?.status, soon.error?.code]).toEqual([429, 'over_email_send_rate_limit']);
    expect(soon.error!.message).toMatch(FREQUENCY);
    // The reset mail shares the timer, as in GoTrue.
    const reset = await client().auth.resetPasswordForEmail(u.email);
    expect([reset.error?.status, reset.error?.code]).toEqual([429, 'over_email_send_rate_limit']);

    await pastFrequency();
    expect((await askCode(client(), u.email)).error).toBeNull();
    const second = await mailTo(u.email, [first.id]);
    const old = await client().auth.verifyOtp({ email: u.email, token: codeIn(first)!, type: 'email' });
    if (codeIn(first) !== codeIn(second)) expect(old.error?.code).toBe('otp_expired');
    expect((await client().auth.verifyOtp({ email: u.email, token: codeIn(second)!, type: 'email' })).error).toBeNull();
  });

  it("the mail's link is /verify?type=magiclink: it redirects with the session in the fragment, once", async () => {
    const u = await member('link');
    expect((await askCode(client(), u.email)).error).toBeNull();
    const link = linkIn(await mailTo(u.email));
    const url = new URL(link);
    expect(`${url.origin}${url.pathname}`).toBe(`${env.url}/auth/v1/verify`);
    expect(url.searchParams.get('type')).toBe('magiclink');
    expect(url.searchParams.get('redirect_to')).toBe(REDIRECT);
    const res = await fetch(link, { redirect: 'manual' });
    expect(res.status).toBe(303);
    const location = res.headers.get('location')!;
    expect(location.startsWith(`${REDIRECT}#`)).toBe(true);
    const hash = new URLSearchParams(location.split('#')[1]);
    expect(hash.get('type')).toBe('magiclink');
    const c = client();
    const set = await c.auth.setSession({
      access_token: hash.get('access_token')!,
      refresh_token: hash.get('refresh_token')!,
    });
    expect(set.error).toBeNull();
    expect((await c.auth.getUser()).data.user!.id).toBe(u.id);
    const reuse = new URLSearchParams(
      (await fetch(link, { redirect: 'manual' })).headers.get('location')!.split('#')[1],
    );
    expect(reuse.get('error_code')).toBe('otp_expired');
  });

  it("with flowType 'pkce' the link comes back with ?code= for exchangeCodeForSession; the code signs in too", async () => {
    const u = await member('pkce');
    const c = client('pkce');
    expect((await askCode(c, u.email)).error).toBeNull();
    const mail = await mailTo(u.email);
    const link = new URL(linkIn(mail));
    expect(link.searchParams.get('token')).toMatch(/^pkce_[0-9a-f]{56}$/);
    const res = await fetch(link, { redirect: 'manual' });
    const back = new URL(res.headers.get('location')!);
    expect(back.origin + back.pathname).toBe(REDIRECT);
    const exchanged = await c.auth.exchangeCodeForSession(back.searchParams.get('code')!);
    expect(exchanged.error).toBeNull();
    expect(exchanged.data.user!.id).toBe(u.id);

    await pastFrequency();
    const c2 = client('pkce');
    expect((await askCode(c2, u.email)).error).toBeNull();
    const code = codeIn(await mailTo(u.email, [mail.id]))!;
    const v = await c2.auth.verifyOtp({ email: u.email, token: code, type: 'email' });
    expect(v.error).toBeNull();
    expect(v.data.user!.id).toBe(u.id);
  });

  it("takes the deprecated type 'magiclink' as GoTrue does (the same token)", async () => {
    const u = await member('magiclink-type');
    expect((await askCode(client(), u.email)).error).toBeNull();
    const code = codeIn(await mailTo(u.email))!;
    const v = await client().auth.verifyOtp({ email: u.email, token: code, type: 'magiclink' });
    expect(v.error).toBeNull();
    expect(v.data.user!.id).toBe(u.id);
  });

  it('refuses a banned member with user_banned and keeps the code', async () => {
    const u = await member('banned');
    expect((await askCode(client(), u.email)).error).toBeNull();
    const code = codeIn(await mailTo(u.email))!;
    expect((await adminClient.auth.admin.updateUserById(u.id, { ban_duration: '1h' })).error).toBeNull();
    const v = await client().auth.verifyOtp({ email: u.email, token: code, type: 'email' });
    expect([v.error?.status, v.error?.code, v.error?.message]).toEqual([403, 'user_banned', 'User is banned']);
    expect((await adminClient.auth.admin.updateUserById(u.id, { ban_duration: 'none' })).error).toBeNull();
    expect((await client().auth.verifyOtp({ email: u.email, token: code, type: 'email' })).error).toBeNull();
  });
});

describe('what the stand-in does not sign up', () => {
  it('shouldCreateUser true for an unknown address: 422 signup_disabled (config.toml enable_signup = false), as GoTrue answers', async () => {
    const stranger = address('signup');
    const r = await client().auth.signInWithOtp({ email: stranger });
    expect([r.error?.status, r.error?.code, r.error?.message]).toEqual([
      422,
      'signup_disabled',
      'Signups not allowed for this instance',
    ]);
    const users = await db.query('select count(*)::int as n from auth.users where email = $1', [stranger]);
    expect(users.rows[0].n).toBe(0);
  });

  it('an account that never confirmed its address is refused the same way, and gets no mail', async () => {
    const u = await member('unconfirmed', {}, false);
    const r = await askCode(client(), u.email);
    expect([r.error?.status, r.error?.code]).toEqual([422, 'signup_disabled']);
    await new Promise((r) => setTimeout(r, 300));
    expect((await inbox()).some((m) => m.to.includes(u.email))).toBe(false);
  });

  it('phone and bad bodies get GoTrue’s answers', async () => {
    const post = async (body: unknown) => {
      const res = await fetch(`${env.url}/auth/v1/otp`, {
        method: 'POST',
        headers: { apikey: env.anonKey, 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      });
      return [res.status, ((await res.json()) as { code: string }).code];
    };
    expect(await post({ phone: '905551112233', create_user: true })).toEqual([400, 'phone_provider_disabled']);
    expect(await post({ phone: '905551112233', create_user: false })).toEqual([422, 'otp_disabled']);
    expect(await post({ email: 'a@example.test', phone: '905551112233' })).toEqual([400, 'validation_failed']);
    expect(await post({})).toEqual([400, 'validation_failed']);
    expect(await post({ email: 'a@example.test', create_user: 'no' })).toEqual([400, 'bad_json']);
  });
});

describe('mail limits of a service with max_frequency 60 s and email_sent 1', () => {
  let svc: { url: string; close(): Promise<void> };
  let mail: Awaited<ReturnType<typeof startMail>>;
  beforeAll(async () => {
    // A mail catcher of its own: the stack's SMTP port is not published to the tests.
    mail = await startMail({ smtpPort: 0, httpPort: 0 });
    const smtpPort = mail.smtpPort;
    const options: AuthOptions = {
      port: 0,
      dbUrl: env.dbUrl,
      jwtSecret: JWT_SECRET,
      apiExternalUrl: env.url,
      siteUrl: 'http://127.0.0.1:5173',
      additionalRedirectUrls: [],
      jwtExpiry: 3600,
      signupEnabled: false,
      passwordMinLength: 8,
      passwordRequirements: 'lower_upper_letters_digits',
      enableConfirmations: true,
      emailMaxFrequency: 60,
      emailSentPerHour: 1,
      smtp: { host: '127.0.0.1', port: smtpPort, senderEmail: 'a@union.test', senderName: 'Union' },
      log: () => {},
    };
    svc = await startAuth(options);
  });
  afterAll(async () => {
    await svc?.close();
    await mail?.close();
  });
  const auth = () =>
    new AuthClient({
      url: svc.url,
      headers: { apikey: env.anonKey, Authorization: `Bearer ${env.anonKey}` },
      persistSession: false,
      autoRefreshToken: false,
      detectSessionInUrl: false,
    });

  it('counts max_frequency down in whole seconds, and stops mailing past email_sent per hour', async () => {
    const a = await member('limit-a');
    const b = await member('limit-b');
    expect((await auth().signInWithOtp({ email: a.email, options: { shouldCreateUser: false } })).error).toBeNull();
    await mailTo(a.email, [], mail.url);
    const soon = await auth().signInWithOtp({ email: a.email, options: { shouldCreateUser: false } });
    expect(soon.error?.code).toBe('over_email_send_rate_limit');
    const left = Number(/after (\d+) seconds/.exec(soon.error!.message)![1]);
    expect(left).toBeGreaterThanOrEqual(55);
    expect(left).toBeLessThan(60);
    // Another address: its own frequency is fine, but the hour's one mail is spent.
    const other = await auth().signInWithOtp({ email: b.email, options: { shouldCreateUser: false } });
    expect([other.error?.status, other.error?.code, other.error?.message]).toEqual([
      429,
      'over_email_send_rate_limit',
      'email rate limit exceeded',
    ]);
    const tokens = await db.query('select recovery_token from auth.users where id = $1', [b.id]);
    expect(tokens.rows[0].recovery_token).toBe('');
  });
});
