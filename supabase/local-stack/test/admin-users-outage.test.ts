// admin-users while the services behind it fail (issue 28, item 6): a signed-in superadmin whose
// token the auth server cannot check right now (no answer, or a 5xx because its database is
// restarting) gets 503, not 401 not_signed_in, so the console does not sign them out; only the auth
// server's own refusal of the token is 401. The function runs in a router of its own whose
// SUPABASE_URL is a stand-in server answering what an outage answers.
import http from 'node:http';
import path from 'node:path';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFunctions } from '../src/functions.js';
import { listen, closeServer } from '../src/http.js';
import { JWT_SECRET, SERVICE_ROLE_KEY } from '../src/keys.js';
import { freePort } from '../src/ports.js';
import type { ServiceHandle } from '../src/types.js';

const USER_ID = '5a000000-0000-4000-8000-000000000001';
/** What the stand-in Supabase answers for GET /auth/v1/user and GET /rest/v1/staff. */
let answers: { user: [number, unknown]; staff: [number, unknown] };
let upstream: http.Server;
let upstreamUrl: string;
let functions: ServiceHandle;
let deadFunctions: ServiceHandle;

async function startRouter(supabaseUrl: string) {
  return startFunctions({
    port: await freePort(),
    functionsDir: path.resolve(import.meta.dirname, '../../functions'),
    jwtSecret: JWT_SECRET,
    env: { SUPABASE_URL: supabaseUrl, SUPABASE_SERVICE_ROLE_KEY: SERVICE_ROLE_KEY },
  });
}

beforeAll(async () => {
  upstream = http.createServer((req, res) => {
    const [status, body] = req.url!.startsWith('/auth/v1/user') ? answers.user : answers.staff;
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  });
  upstreamUrl = `http://127.0.0.1:${await listen(upstream, await freePort())}`;
  // A port nobody listens on: the auth server does not answer at all.
  [functions, deadFunctions] = await Promise.all([
    startRouter(upstreamUrl),
    freePort().then((p) => startRouter(`http://127.0.0.1:${p}`)),
  ]);
}, 60_000);
afterAll(async () => {
  await Promise.all([functions?.close(), deadFunctions?.close()]);
  if (upstream) await closeServer(upstream);
});

async function callAdminUsers(fn: ServiceHandle) {
  const now = Math.floor(Date.now() / 1000);
  const token = await new SignJWT({ role: 'authenticated', aud: 'authenticated' })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(USER_ID)
    .setExpirationTime(now + 600)
    .sign(new TextEncoder().encode(JWT_SECRET));
  const res = await fetch(`${fn.url}/admin-users`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ action: 'delete', user_id: '5a000000-0000-4000-8000-0000000000ff' }),
  });
  return { status: res.status, body: (await res.json()) as { error: string } };
}

const user = { id: USER_ID, aud: 'authenticated', role: 'authenticated', email: 'superadmin@union.test' };

describe('admin-users when auth or the database cannot answer', () => {
  it('answers 503 auth_unavailable when the auth server fails (500 while its database restarts)', async () => {
    answers = { user: [500, { code: 'unexpected_failure', msg: 'Unexpected failure' }], staff: [200, []] };
    expect(await callAdminUsers(functions)).toMatchObject({ status: 503, body: { error: 'auth_unavailable' } });
  });

  it('answers 503 auth_unavailable when the auth server does not answer at all', async () => {
    expect(await callAdminUsers(deadFunctions)).toMatchObject({ status: 503, body: { error: 'auth_unavailable' } });
  });

  it('answers 503 server_unavailable when the database cannot tell whether the caller is staff', async () => {
    answers = { user: [200, user], staff: [503, { code: 'PGRST001', message: 'Database client error' }] };
    expect(await callAdminUsers(functions)).toMatchObject({ status: 503, body: { error: 'server_unavailable' } });
  });

  it('still answers 401 not_signed_in when the auth server refuses the token', async () => {
    answers = {
      user: [403, { code: 'session_not_found', msg: 'Session from session_id claim in JWT does not exist' }],
      staff: [200, []],
    };
    expect(await callAdminUsers(functions)).toMatchObject({ status: 401, body: { error: 'not_signed_in' } });
  });
});
