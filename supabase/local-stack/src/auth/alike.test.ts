// Sign-in and /recover must not tell which addresses are staff: a known and an unknown address get
// the same status, body and headers, the same password-hash work and the same database round trips
// on the same tables, and meet the same 429 limits. Driven over HTTP through the service's own
// listener, with the database recorded (no Postgres) and bcrypt and the mailer counted: no clock
// is read, so nothing here depends on how fast the machine is (the answer's time follows from the
// same work; `npm run bench` is where time is measured). And the sign-in limit counts wrong
// passwords only: a database outage answered 500 is no attempt to guess.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import bcrypt from 'bcryptjs';
import type pg from 'pg';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createContext, type AuthContext } from './context.js';
import { authListener } from './index.js';

const KNOWN = 'staff@example.test';
const UNKNOWN = 'nobody@example.test';
const USER_ID = '11111111-1111-4111-8111-111111111111';
// A real bcrypt hash (cost 4: the work compared here is the number of hashes, not their cost).
const HASH = bcrypt.hashSync('the right password', 4);

/** Every statement the handlers sent, per request. */
let statements: string[] = [];
let server: http.Server;
let ctx: AuthContext;
let base = '';
const sent: string[] = [];
/** While true, the database cannot be reached (Postgres restarting). */
let down = false;

// One instant for every request: the limits' windows and Retry-After count from the clock, and
// the known and the unknown address must be asked at the same time of their windows.
beforeEach(() => void vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-26T00:00:00Z') }));
afterEach(() => void vi.useRealTimers());

/** A pool whose clients answer like auth.users holding one account, KNOWN, and record the SQL. */
function recordedPool(user: Record<string, unknown>): pg.Pool {
  const client = {
    query: async (text: string, params: unknown[] = []) => {
      statements.push(text);
      if (/^select \* from auth\.users where lower\(email\)/.test(text))
        return { rows: String(params[0]).toLowerCase() === KNOWN ? [user] : [], rowCount: 0 };
      return { rows: [], rowCount: 0 };
    },
    on: () => client,
    removeListener: () => client,
    release: () => {},
  };
  const connect = async () => {
    if (down) throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:54322'), { code: 'ECONNREFUSED' });
    return client;
  };
  return { connect, on: () => {}, end: async () => {} } as unknown as pg.Pool;
}

function start(user: Record<string, unknown>) {
  const real = createContext({
    port: 0,
    dbUrl: 'postgres://unused@127.0.0.1:1/none',
    jwtSecret: 'super-secret-jwt-token-with-at-least-32-characters-long',
    apiExternalUrl: 'http://127.0.0.1:54321',
    siteUrl: 'http://127.0.0.1:5173',
    additionalRedirectUrls: [],
    jwtExpiry: 3600,
    signupEnabled: false,
    passwordMinLength: 10,
    passwordRequirements: '',
    smtp: { host: '127.0.0.1', port: 1, senderEmail: 'union@example.test', senderName: 'Union' },
    emailMaxFrequency: 60,
    log: () => {},
  });
  void real.pool.end();
  real.mailer.close();
  const mailer = {
    ...real.mailer,
    sendRecovery: async (to: string) => void sent.push(to),
  };
  ctx = { ...real, pool: recordedPool(user), mailer };
  server = http.createServer(authListener(ctx));
  return new Promise<void>((done) =>
    server.listen(0, '127.0.0.1', () => {
      base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      done();
    }),
  );
}

/** One request: its answer (minus the Date header) and the SQL it caused. */
async function ask(path: string, body: unknown, from = '10.0.0.1') {
  statements = [];
  const res = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-real-ip': from },
    body: JSON.stringify(body),
  });
  const headers = Object.fromEntries([...res.headers].filter(([k]) => k !== 'date'));
  return { status: res.status, body: await res.text(), headers, sql: [...statements] };
}

/** What a statement does, and to which table: the database work, whatever its WHERE says. */
const work = (sql: string[]) =>
  sql.map((s) => {
    const verb = s.trim().split(/\s+/)[0]!.toLowerCase();
    const table = /(?:from|into|update)\s+(auth\.\w+)/i.exec(s)?.[1] ?? '';
    return `${verb} ${table}`.trim();
  });

const account = {
  id: USER_ID,
  email: KNOWN,
  encrypted_password: HASH,
  confirmed_at: new Date(),
  email_confirmed_at: new Date(),
  banned_until: null,
  deleted_at: null,
  raw_user_meta_data: {},
  raw_app_meta_data: {},
};

describe.each([
  ['an account with a password', account],
  ['an account without a password (invited, never set one)', { ...account, encrypted_password: '' }],
])('a known address (%s) and an unknown one', (_name, user) => {
  let compare: ReturnType<typeof vi.spyOn>;
  beforeAll(() => start(user));
  afterAll(() => new Promise<void>((done) => server.close(() => done())));
  beforeEach(() => {
    compare = vi.spyOn(bcrypt, 'compare');
    sent.length = 0;
  });
  afterEach(() => compare.mockRestore());

  it('get the same sign-in refusal after the same password hash and the same database work', async () => {
    const signIn = (email: string, from: string) =>
      ask('/token?grant_type=password', { email, password: 'a wrong password' }, from);
    const known = await signIn(KNOWN, '10.0.1.1');
    const knownHashes = compare.mock.calls.length;
    const unknown = await signIn(UNKNOWN, '10.0.1.2');
    expect(knownHashes).toBe(1);
    expect(compare.mock.calls.length - knownHashes).toBe(1);
    expect(unknown.status).toBe(400);
    expect({ ...unknown, sql: work(unknown.sql) }).toEqual({ ...known, sql: work(known.sql) });
    expect(work(known.sql)).toEqual(['begin', 'select auth.users', 'rollback']);
  });

  // Two dozen bcrypt hashes at cost 10 on a busy machine: a generous time limit, not a timing.
  it('reach the sign-in limit on the same attempt, with the same 429', async () => {
    // Ten failed sign-ins per account per window, then 429 (context.ts), for any address asked.
    const until429 = async (email: string, from: string) => {
      for (let attempt = 1; attempt <= 20; attempt++) {
        const a = await ask('/token?grant_type=password', { email, password: 'wrong again' }, from);
        if (a.status === 429) return { attempt, answer: { ...a, sql: work(a.sql) } };
      }
      throw new Error(`no 429 for ${email}`);
    };
    const known = await until429(KNOWN, '10.0.2.1');
    const unknown = await until429(UNKNOWN, '10.0.2.2');
    expect(unknown).toEqual(known);
    expect(known.answer.status).toBe(429);
    expect(known.answer.headers['retry-after']).toMatch(/^\d+$/);
    // The limit answers before any work: no hash, no database.
    expect(known.answer.sql).toEqual([]);
  }, 120_000);

  it.each([
    ['a plain request', {}],
    ['a PKCE request', { code_challenge: 'c'.repeat(43), code_challenge_method: 's256' }],
  ])(
    'get the same /recover answer after the same database work (%s), the mail only to the account',
    async (_kind, extra) => {
      const known = await ask('/recover', { email: KNOWN, ...extra });
      const unknown = await ask('/recover', { email: UNKNOWN, ...extra });
      expect(known.status).toBe(200);
      expect({ ...unknown, sql: work(unknown.sql) }).toEqual({ ...known, sql: work(known.sql) });
      expect(work(known.sql)).toContain('update auth.users');
      await vi.waitFor(() => expect(sent).toEqual([KNOWN]));
      // A second request within max_frequency: the same 429 whether the address has an account.
      const knownAgain = await ask('/recover', { email: KNOWN, ...extra });
      const unknownAgain = await ask('/recover', { email: UNKNOWN, ...extra });
      expect(knownAgain.status).toBe(429);
      expect(unknownAgain).toEqual(knownAgain);
      expect(knownAgain.sql).toEqual([]);
      ctx.recoveryRequests.release(KNOWN);
      ctx.recoveryRequests.release(UNKNOWN);
    },
  );
});

describe('a database outage during sign-ins', () => {
  beforeAll(() => start(account));
  afterAll(() => new Promise<void>((done) => server.close(() => done())));

  it('is not counted as wrong passwords: the limit is still ten wrong ones away afterwards', async () => {
    const signIn = (password: string) => ask('/token?grant_type=password', { email: KNOWN, password }, '10.0.3.1');
    down = true;
    try {
      // More than the ten a window allows: each a server failure, none a refusal for the limit.
      for (let i = 0; i < 15; i++) expect((await signIn('the right password')).status).toBe(500);
    } finally {
      down = false;
    }
    const answers: number[] = [];
    for (let i = 0; i < 11; i++) answers.push((await signIn('a wrong password')).status);
    expect(answers).toEqual([...Array<number>(10).fill(400), 429]);
  }, 120_000);
});
