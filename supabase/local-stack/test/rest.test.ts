// REST through the gateway with supabase-js: anon vs service role, RLS, JWT failures, opaque
// keys, counts and the client address PostgREST sees.
import { SignJWT } from 'jose';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUBLISHABLE_KEY, SECRET_KEY, JWT_SECRET } from '../src/keys.js';
import { anonClient, env, serviceClient } from './env.js';
import { createClient } from '@supabase/supabase-js';
import WebSocket from 'ws';

const T = 'stack_core_rest_probe';
const S = 'stack_core_rest_secret';

async function sql(text: string) {
  const c = new pg.Client({ connectionString: env.dbUrl });
  await c.connect();
  try {
    return await c.query(text);
  } finally {
    await c.end();
  }
}

async function sign(claims: Record<string, unknown>, secret = JWT_SECRET, expSeconds = 3600) {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ ...claims })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt(now)
    .setExpirationTime(now + expSeconds)
    .sign(new TextEncoder().encode(secret));
}

function clientWithToken(key: string, token?: string) {
  return createClient(env.url, key, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
    global: token ? { headers: { Authorization: `Bearer ${token}` } } : {},
  });
}

beforeAll(async () => {
  await sql(`
    drop table if exists public.${T}; drop table if exists public.${S};
    create table public.${T} (id int primary key, name text not null);
    alter table public.${T} enable row level security;
    create policy "${T} readable" on public.${T} for select to anon, authenticated using (true);
    insert into public.${T} values (1, 'one'), (2, 'two'), (3, 'three');
    create table public.${S} (id int primary key, secret text not null);
    alter table public.${S} enable row level security;
    insert into public.${S} values (1, 'hidden');
    create or replace function public.${T}_xff() returns text language sql stable
      as $$ select current_setting('request.headers', true)::json->>'x-forwarded-for' $$;
    create or replace function public.${T}_hdr(name text) returns text language sql stable
      as $$ select current_setting('request.headers', true)::json->>name $$;
    create or replace function public.${T}_role() returns text language sql stable
      as $$ select current_user::text $$;
    create or replace function public.${T}_many(n int) returns table (i int, label text) language sql stable
      as $$ select g, repeat('x', 400) from generate_series(1, n) g $$;
    -- Explicit grants: the project's migrations close the default privileges of public.
    grant select on public.${T}, public.${S} to anon, authenticated, service_role;
    grant execute on function public.${T}_xff(), public.${T}_role(), public.${T}_hdr(text), public.${T}_many(int)
      to anon, authenticated, service_role;
    notify pgrst, 'reload schema';
  `);
  // The schema cache reloads asynchronously after the NOTIFY.
  const anon = anonClient();
  for (let i = 0; i < 100; i++) {
    const { error } = await anon.from(T).select('id').limit(1);
    const r = await anon.rpc(`${T}_role`);
    if (!error && !r.error) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('PostgREST did not pick up the test tables');
});

afterAll(async () => {
  await sql(`drop table if exists public.${T}; drop table if exists public.${S};
    drop function if exists public.${T}_xff(); drop function if exists public.${T}_role();
    drop function if exists public.${T}_many(int); drop function if exists public.${T}_hdr(text);
    notify pgrst, 'reload schema';`);
});

describe('REST through the gateway', () => {
  it('anon reads rows a policy allows, ordered and filtered', async () => {
    const { data, error } = await anonClient().from(T).select('id, name').gte('id', 2).order('id');
    expect(error).toBeNull();
    expect(data).toEqual([
      { id: 2, name: 'two' },
      { id: 3, name: 'three' },
    ]);
  });

  it('anon sees nothing where RLS has no policy, the service role sees everything', async () => {
    const anon = await anonClient().from(S).select('*');
    expect(anon.error).toBeNull();
    expect(anon.data).toEqual([]);
    const svc = await serviceClient().from(S).select('*');
    expect(svc.error).toBeNull();
    expect(svc.data).toEqual([{ id: 1, secret: 'hidden' }]);
  });

  it('requests run as the role of the JWT', async () => {
    expect((await anonClient().rpc(`${T}_role`)).data).toBe('anon');
    expect((await serviceClient().rpc(`${T}_role`)).data).toBe('service_role');
    const user = await sign({
      role: 'authenticated',
      sub: '00000000-0000-0000-0000-000000000001',
      aud: 'authenticated',
    });
    expect((await clientWithToken(env.anonKey, user).rpc(`${T}_role`)).data).toBe('authenticated');
  });

  it('exact counts come back through the exposed Content-Range header', async () => {
    const { count, error } = await anonClient().from(T).select('*', { count: 'exact', head: true });
    expect(error).toBeNull();
    expect(count).toBe(3);
  });

  it.each([
    ['forged (wrong secret)', () => sign({ role: 'service_role' }, 'not-the-secret-not-the-secret-not-the-secret')],
    ['expired', () => sign({ role: 'anon' }, JWT_SECRET, -60)],
    ['garbage', async () => 'not.a.jwt'],
  ])('a %s JWT is refused with 401 PGRST301', async (_name, make) => {
    const token = await make();
    const { data, error, status } = await clientWithToken(env.anonKey, token).from(T).select('*');
    expect(data).toBeNull();
    expect(status).toBe(401);
    expect(error?.code).toBe('PGRST301');
  });

  it('opaque sb_publishable_/sb_secret_ keys act as anon / service_role', async () => {
    const pub = clientWithToken(PUBLISHABLE_KEY);
    expect((await pub.rpc(`${T}_role`)).data).toBe('anon');
    expect((await pub.from(S).select('*')).data).toEqual([]);
    const sec = clientWithToken(SECRET_KEY);
    expect((await sec.rpc(`${T}_role`)).data).toBe('service_role');
    expect((await sec.from(S).select('*')).data).toHaveLength(1);
  });

  it('PostgREST sees the client address in X-Forwarded-For', async () => {
    const { data, error } = await anonClient().rpc(`${T}_xff`);
    expect(error).toBeNull();
    expect(data).toBe('127.0.0.1');
    const res = await fetch(`${env.url}/rest/v1/rpc/${T}_xff`, {
      method: 'POST',
      headers: { apikey: env.anonKey, 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.9' },
      body: '{}',
    });
    // Like Kong: the gateway appends the address it saw; the last entry is the trustworthy one.
    expect(await res.json()).toBe('203.0.113.9, 127.0.0.1');
    // The same through the fast path for reads (GET)
    const viaGet = await anonClient().rpc(`${T}_xff`, {}, { get: true });
    expect(viaGet.error).toBeNull();
    expect(viaGet.data).toBe('127.0.0.1');
    const get = await fetch(`${env.url}/rest/v1/rpc/${T}_xff`, {
      headers: { apikey: env.anonKey, 'x-forwarded-for': '203.0.113.9' },
    });
    expect(await get.json()).toBe('203.0.113.9, 127.0.0.1');
  });

  it('sets x-real-ip itself and drops client-sent x-real-ip / cf-connecting-ip, on both paths', async () => {
    const spoof = { 'x-real-ip': '203.0.113.1', 'cf-connecting-ip': '203.0.113.2' };
    for (const name of ['x-real-ip', 'cf-connecting-ip']) {
      const expected = name === 'x-real-ip' ? '127.0.0.1' : null;
      const get = await fetch(`${env.url}/rest/v1/rpc/${T}_hdr?name=${name}`, {
        headers: { apikey: env.anonKey, ...spoof },
      });
      expect(await get.json()).toBe(expected);
      const post = await fetch(`${env.url}/rest/v1/rpc/${T}_hdr`, {
        method: 'POST',
        headers: { apikey: env.anonKey, 'content-type': 'application/json', ...spoof },
        body: JSON.stringify({ name }),
      });
      expect(await post.json()).toBe(expected);
    }
  });

  it('passes small answers whole with a length, and large ones streamed, unchanged', async () => {
    const small = await fetch(`${env.url}/rest/v1/${T}?select=id&order=id`, { headers: { apikey: env.anonKey } });
    const text = await small.text();
    expect(small.headers.get('content-length')).toBe(String(Buffer.byteLength(text)));
    expect(JSON.parse(text)).toEqual([{ id: 1 }, { id: 2 }, { id: 3 }]);
    // ~420 bytes a row x 1000 rows: past the gateway's 256 KiB collection limit
    const { data, error } = await serviceClient().rpc(`${T}_many`, { n: 20000 }).limit(20000);
    expect(error).toBeNull();
    expect(data).toHaveLength(1000); // PostgREST's max_rows from config.toml
    const big = await fetch(`${env.url}/rest/v1/rpc/${T}_many?n=20000`, {
      headers: { apikey: env.serviceRoleKey, prefer: 'count=none' },
    });
    expect(big.headers.get('content-length')).toBeNull(); // streamed, chunked
    const rows = (await big.json()) as { i: number; label: string }[];
    expect(rows.length).toBe(1000);
    expect(rows.every((r) => r.label.length === 400)).toBe(true);
    expect(rows[999]!.i).toBe(1000);
  });

  it('serves the OpenAPI document ra-supabase reads at /rest/v1/', async () => {
    const res = await fetch(`${env.url}/rest/v1/`, { headers: { apikey: env.anonKey } });
    expect(res.status).toBe(200);
    const doc = (await res.json()) as { paths: Record<string, unknown> };
    expect(Object.keys(doc.paths)).toContain(`/${T}`);
  });
});
