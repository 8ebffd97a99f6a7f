// Edge Functions through the gateway with supabase-js: JWT verification like Supabase's edge
// runtime (verify_jwt = true), the caller's role, body echo, the Supabase env, and npm: imports.
import { FunctionsHttpError } from '@supabase/supabase-js';
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import path from 'node:path';
import fs from 'node:fs';
import os from 'node:os';
import { readDotEnv, startFunctions } from '../src/functions.js';
import { JWT_SECRET } from '../src/keys.js';
import { freePort } from '../src/ports.js';
import { anonClient, env, serviceClient } from './env.js';

interface Probe {
  role: string | null;
  method: string;
  path: string;
  body: unknown;
  env: {
    SUPABASE_URL: string | null;
    SUPABASE_ANON_KEY: boolean;
    SUPABASE_SERVICE_ROLE_KEY: boolean;
    SUPABASE_DB_URL: boolean;
  };
  restStatus: number | null;
}

describe('Edge Functions', () => {
  it('runs a function for the anon key and echoes the JSON body', async () => {
    const { data, error } = await anonClient().functions.invoke<Probe>('_probe', { body: { hello: 'مرحبا' } });
    expect(error).toBeNull();
    expect(data?.role).toBe('anon');
    expect(data?.method).toBe('POST');
    expect(data?.path).toBe('/_probe');
    expect(data?.body).toEqual({ hello: 'مرحبا' });
  });

  it('sees the service role of its caller', async () => {
    const { data, error } = await serviceClient().functions.invoke<Probe>('_probe', { body: {} });
    expect(error).toBeNull();
    expect(data?.role).toBe('service_role');
  });

  it('gets the Supabase env, and npm:@supabase/supabase-js works offline inside it', async () => {
    const { data, error } = await anonClient().functions.invoke<Probe>('_probe?rest=1', { method: 'GET' });
    expect(error).toBeNull();
    expect(data?.env).toEqual({
      SUPABASE_URL: env.url,
      SUPABASE_ANON_KEY: true,
      SUPABASE_SERVICE_ROLE_KEY: true,
      SUPABASE_DB_URL: true,
    });
    // The function queried PostgREST through the gateway: a missing table is PostgREST's 404.
    expect(data?.restStatus).toBe(404);
  });

  it('refuses a request without a JWT with 401 JSON', async () => {
    const res = await fetch(`${env.url}/functions/v1/_probe`, { method: 'POST', body: '{}' });
    expect(res.status).toBe(401);
    expect(res.headers.get('content-type')).toContain('application/json');
    expect(await res.json()).toEqual({ msg: 'Error: Missing authorization header' });
  });

  it('refuses a forged or expired JWT with 401, which supabase-js reports as FunctionsHttpError', async () => {
    const now = Math.floor(Date.now() / 1000);
    const forged = await new SignJWT({ role: 'service_role' })
      .setProtectedHeader({ alg: 'HS256' })
      .setExpirationTime(now + 600)
      .sign(new TextEncoder().encode('another-secret-another-secret-another-secret'));
    const expired = await new SignJWT({ role: 'anon' })
      .setProtectedHeader({ alg: 'HS256' })
      .setExpirationTime(now - 60)
      .sign(new TextEncoder().encode(JWT_SECRET));
    for (const token of [forged, expired]) {
      const { data, error } = await anonClient().functions.invoke('_probe', {
        body: {},
        headers: { Authorization: `Bearer ${token}` },
      });
      expect(data).toBeNull();
      expect(error).toBeInstanceOf(FunctionsHttpError);
      const res = (error as FunctionsHttpError).context as Response;
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({ msg: 'Invalid JWT' });
    }
  });

  it('checks every registered claim through jose: a JWT not yet valid or with a malformed exp is refused', async () => {
    const now = Math.floor(Date.now() / 1000);
    const key = new TextEncoder().encode(JWT_SECRET);
    const notYet = await new SignJWT({ role: 'anon' })
      .setProtectedHeader({ alg: 'HS256' })
      .setNotBefore(now + 600)
      .setExpirationTime(now + 1200)
      .sign(key);
    const badExp = await new SignJWT({ role: 'anon', exp: 'never' as unknown as number })
      .setProtectedHeader({ alg: 'HS256' })
      .sign(key);
    for (const token of [notYet, badExp]) {
      const res = await fetch(`${env.url}/functions/v1/_probe`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, apikey: env.anonKey },
        body: '{}',
      });
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({ msg: 'Invalid JWT' });
    }
  });

  it('answers 404 for a function that does not exist', async () => {
    const res = await fetch(`${env.url}/functions/v1/no-such-function`, {
      method: 'POST',
      headers: { authorization: `Bearer ${env.anonKey}`, apikey: env.anonKey },
    });
    expect(res.status).toBe(404);
    await res.arrayBuffer();
  });

  it('lets [functions.<name>] verify_jwt = false functions through without a JWT', async () => {
    const fn = await startFunctions({
      port: await freePort(),
      functionsDir: path.resolve(import.meta.dirname, '../../functions'),
      jwtSecret: JWT_SECRET,
      noVerifyJwt: ['_probe'],
      env: { SUPABASE_URL: env.url },
    });
    try {
      const open = await fetch(`${fn.url}/_probe`, { method: 'POST', body: '{"x":1}' });
      expect(open.status).toBe(200);
      expect(((await open.json()) as Probe).role).toBeNull();
      const other = await fetch(`${fn.url}/admin-users`, { method: 'POST', body: '{}' });
      expect(other.status).toBe(401);
      await other.arrayBuffer();
    } finally {
      await fn.close();
    }
  });

  it('reads supabase/functions/.env like the CLI (KEY=VALUE, quotes, export, comments)', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'union-env-'));
    try {
      const file = path.join(dir, '.env');
      fs.writeFileSync(file, `# secrets\nA=1\nexport B="two words"\nC='x=y'\n  \nnot a line\n`);
      expect(readDotEnv(file)).toEqual({ A: '1', B: 'two words', C: 'x=y' });
      expect(readDotEnv(path.join(dir, 'missing'))).toEqual({});
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
