// The gateway: CORS like Kong's cors plugin, routing with the prefix stripped, unknown routes, the
// API key Kong's key-auth asks for, and the client address it passes on.
import http from 'node:http';
import net from 'node:net';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { env } from './env.js';
import { startGateway } from '../src/gateway.js';
import { freePort } from '../src/ports.js';
import { ANON_KEY, PUBLISHABLE_KEY, SECRET_KEY, SERVICE_ROLE_KEY } from '../src/keys.js';

/** Sends raw bytes on one connection and collects everything until `until` matches. */
function raw(bytes: string, until: (text: string) => boolean): Promise<string> {
  const u = new URL(env.url);
  return new Promise((resolve, reject) => {
    const sock = net.connect(Number(u.port), u.hostname, () => sock.write(bytes));
    let text = '';
    const timer = setTimeout(() => {
      sock.destroy();
      reject(new Error(`timeout; got:\n${text}`));
    }, 10000);
    sock.on('data', (d) => {
      text += d.toString('latin1');
      if (until(text)) {
        clearTimeout(timer);
        sock.destroy();
        resolve(text);
      }
    });
    sock.on('error', reject);
  });
}

/** Requests over ONE keep-alive connection, in order. */
async function sameConnection(
  reqs: { method: string; path: string; body?: string; headers?: Record<string, string> }[],
) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const ports = new Set<number>();
  const out: { status: number; body: string; headers: http.IncomingHttpHeaders }[] = [];
  try {
    for (const r of reqs) {
      out.push(
        await new Promise((resolve, reject) => {
          const req = http.request(
            env.url + r.path,
            { method: r.method, agent, headers: { apikey: env.anonKey, ...(r.headers ?? {}) } },
            (res) => {
              ports.add(req.socket!.localPort!);
              let body = '';
              res.setEncoding('utf8');
              res.on('data', (c) => (body += c));
              res.on('end', () => resolve({ status: res.statusCode!, body, headers: res.headers }));
            },
          );
          req.on('error', reject);
          req.end(r.body);
        }),
      );
    }
  } finally {
    agent.destroy();
  }
  return { out, connections: ports.size };
}

const ORIGIN = 'http://127.0.0.1:5173';

describe('gateway', () => {
  it('answers a CORS preflight for the headers supabase-js sends', async () => {
    const requested =
      'apikey, authorization, x-client-info, content-type, x-supabase-api-version, prefer, range, accept-profile, content-profile, x-upsert';
    const res = await fetch(`${env.url}/rest/v1/events?select=*`, {
      method: 'OPTIONS',
      headers: {
        origin: ORIGIN,
        'access-control-request-method': 'PATCH',
        'access-control-request-headers': requested,
      },
    });
    expect(res.status).toBeLessThan(300);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('access-control-allow-methods')).toContain('PATCH');
    const allowed = (res.headers.get('access-control-allow-headers') ?? '').toLowerCase();
    for (const h of requested.split(', ')) expect(allowed).toContain(h);
  });

  it.each(['/rest/v1/', '/auth/v1/health', '/storage/v1/bucket', '/functions/v1/_probe'])(
    'preflight works on %s',
    async (p) => {
      const res = await fetch(env.url + p, {
        method: 'OPTIONS',
        headers: {
          origin: ORIGIN,
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'authorization, apikey',
        },
      });
      expect(res.status).toBeLessThan(300);
      expect(res.headers.get('access-control-allow-origin')).toBe('*');
    },
  );

  it('exposes the headers clients read on normal responses', async () => {
    const res = await fetch(`${env.url}/rest/v1/`, { headers: { origin: ORIGIN, apikey: env.anonKey } });
    await res.arrayBuffer();
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    const exposed = (res.headers.get('access-control-expose-headers') ?? '').toLowerCase();
    for (const h of ['content-range', 'x-total-count', 'link', 'x-supabase-api-version']) expect(exposed).toContain(h);
  });

  it('routes each prefix to its service, prefix stripped', async () => {
    // PostgREST's OpenAPI root
    const rest = await fetch(`${env.url}/rest/v1/`, { headers: { apikey: env.anonKey } });
    expect(((await rest.json()) as { swagger?: string }).swagger).toBe('2.0');
    // Storage answers in its own error shape (400 with a statusCode string), not the gateway's 404
    const storage = await fetch(`${env.url}/storage/v1/object/no-such-bucket/x.png`, {
      headers: { apikey: env.anonKey, authorization: `Bearer ${env.anonKey}` },
    });
    const sbody = (await storage.json()) as { statusCode?: string; message?: string };
    expect(typeof sbody.statusCode).toBe('string');
    // The functions router
    const fn = await fetch(`${env.url}/functions/v1/_probe`, {
      method: 'POST',
      headers: { apikey: env.anonKey, authorization: `Bearer ${env.anonKey}` },
    });
    expect(((await fn.json()) as { path: string }).path).toBe('/_probe');
  });

  it('answers an unknown route with 404 JSON like Kong', async () => {
    const res = await fetch(`${env.url}/nope/v1/x`);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ message: 'no Route matched with those values' });
  });

  it('streams a large request body through unchanged', async () => {
    const big = 'x'.repeat(3 * 1024 * 1024);
    const res = await fetch(`${env.url}/functions/v1/_probe`, {
      method: 'POST',
      headers: { apikey: env.anonKey, authorization: `Bearer ${env.anonKey}`, 'content-type': 'text/plain' },
      body: big,
    });
    const body = (await res.json()) as { body: string };
    expect(body.body.length).toBe(big.length);
  });

  it('mixes fast-path reads and other requests on one keep-alive connection, in order', async () => {
    const { out, connections } = await sameConnection([
      { method: 'GET', path: '/rest/v1/' },
      { method: 'GET', path: '/rest/v1/', headers: { origin: ORIGIN } },
      {
        method: 'POST',
        path: '/functions/v1/_probe',
        body: '{"n":1}',
        headers: { authorization: `Bearer ${env.anonKey}`, 'content-type': 'application/json' },
      },
      { method: 'GET', path: '/rest/v1/' },
      { method: 'GET', path: '/auth/v1/health' },
      // last: Node's client does not reuse a connection after a HEAD answer without a length
      { method: 'HEAD', path: '/rest/v1/' },
    ]);
    expect(out.map((o) => o.status)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(JSON.parse(out[0]!.body).swagger).toBe('2.0');
    // exactly one CORS origin header, ours, even though PostgREST answers an Origin itself
    expect(out[1]!.headers['access-control-allow-origin']).toBe('*');
    expect(JSON.parse(out[2]!.body).body).toEqual({ n: 1 });
    expect(JSON.parse(out[3]!.body).swagger).toBe('2.0');
    expect(JSON.parse(out[4]!.body).name).toBeTruthy();
    expect(out[5]!.body).toBe('');
    expect(connections).toBe(1);
  });

  it('answers pipelined reads in order', async () => {
    const req = (p: string) => `GET /rest/v1/${p} HTTP/1.1\r\nhost: x\r\napikey: ${env.anonKey}\r\n\r\n`;
    const text = await raw(req('') + req('nope_table') + 'GET /nope HTTP/1.1\r\nhost: x\r\n\r\n', (t) =>
      t.includes('no Route matched'),
    );
    const statuses = [...text.matchAll(/HTTP\/1\.1 (\d{3})/g)].map((m) => m[1]);
    expect(statuses).toEqual(['200', '404', '404']);
  });

  it('keeps the client address PostgREST sees on the fast path', async () => {
    const text = await raw(
      `GET /rest/v1/ HTTP/1.1\r\nhost: x\r\napikey: ${env.anonKey}\r\nx-forwarded-for: 198.51.100.7\r\nconnection: keep-alive\r\n\r\n`,
      (t) => /\r\n\r\n[\s\S]*"swagger"[\s\S]*\}$/.test(t),
    );
    expect(text.startsWith('HTTP/1.1 200')).toBe(true);
    expect(text.toLowerCase()).toContain('access-control-allow-origin: *');
  });
});

describe('gateway: API key (Kong key-auth)', () => {
  const paths: [string, RequestInit][] = [
    ['/rest/v1/events?select=id&limit=1', {}],
    ['/rest/v1/', {}],
    ['/rest/v1/rpc/is_staff', { method: 'POST', body: '{}', headers: { 'content-type': 'application/json' } }],
    ['/auth/v1/settings', {}],
    ['/auth/v1/token?grant_type=password', { method: 'POST', body: '{}' }],
  ];

  it.each(paths)('answers 401 without a key on %s, and with an unknown one', async (p, init) => {
    const res = await fetch(env.url + p, init);
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({
      message: 'No API key found in request',
      hint: 'No `apikey` request header or url param was found.',
    });
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    const wrong = await fetch(env.url + p, { ...init, headers: { ...(init.headers ?? {}), apikey: 'not-a-key' } });
    expect(wrong.status).toBe(401);
    expect(((await wrong.json()) as { message: string }).message).toBe('Invalid API key');
    // a user's JWT is not an API key either
    const jwt = await fetch(env.url + p, {
      ...init,
      headers: { ...(init.headers ?? {}), apikey: env.anonKey.replace(/.$/, 'x') },
    });
    expect(jwt.status).toBe(401);
    await jwt.arrayBuffer();
  });

  it('refuses a read on a reused fast-path connection that carries no key', async () => {
    const { out } = await sameConnection([
      { method: 'GET', path: '/rest/v1/' },
      { method: 'GET', path: '/rest/v1/', headers: { apikey: '' } },
    ]);
    expect(out.map((o) => o.status)).toEqual([200, 401]);
  });

  it('takes the key from the apikey query parameter too, and the opaque sb_ keys', async () => {
    const q = await fetch(`${env.url}/auth/v1/settings?apikey=${encodeURIComponent(env.anonKey)}`);
    expect(q.status).toBe(200);
    await q.arrayBuffer();
    const res = await fetch(`${env.url}/rest/v1/events?select=id&limit=1`, { headers: { apikey: PUBLISHABLE_KEY } });
    expect(res.status).toBe(200);
    await res.arrayBuffer();
  });

  it('asks no key on the open auth routes, storage and functions, as Supabase does', async () => {
    const jwks = await fetch(`${env.url}/auth/v1/.well-known/jwks.json`);
    expect(jwks.status).toBe(200);
    await jwks.arrayBuffer();
    const verify = await fetch(
      `${env.url}/auth/v1/verify?type=recovery&token=nope&redirect_to=http://127.0.0.1:5173/`,
      { redirect: 'manual' },
    );
    expect(verify.status).toBe(303);
    const image = await fetch(`${env.url}/storage/v1/object/public/images/no-such-image.png`);
    expect(((await image.json()) as { statusCode?: string }).statusCode).toBe('404');
    const fn = await fetch(`${env.url}/functions/v1/_probe`, {
      method: 'POST',
      headers: { authorization: `Bearer ${env.anonKey}` },
    });
    expect(fn.status).toBe(200);
    await fn.arrayBuffer();
  });
});

describe('gateway: client address', () => {
  let db: pg.Client;
  beforeAll(async () => {
    db = new pg.Client({ connectionString: env.dbUrl });
    await db.connect();
    // What PostgREST hands the database about the caller (the limits key on x-real-ip).
    await db.query(`create or replace function public.zz_gateway_seen() returns json language sql stable as $$
      select json_build_object('real', current_setting('request.headers', true)::json ->> 'x-real-ip',
        'forwarded', current_setting('request.headers', true)::json ->> 'x-forwarded-for') $$;
      grant execute on function public.zz_gateway_seen() to anon; notify pgrst, 'reload schema';`);
    for (let i = 0; i < 50; i++) {
      const res = await fetch(`${env.url}/rest/v1/rpc/zz_gateway_seen`, { headers: { apikey: env.anonKey } });
      await res.arrayBuffer();
      if (res.status === 200) break;
      await new Promise((r) => setTimeout(r, 100));
    }
  });
  afterAll(async () => {
    await db.query(`drop function if exists public.zz_gateway_seen(); notify pgrst, 'reload schema';`);
    await db.end();
  });

  /** One keep-alive connection from `address`: a fast-path GET, then a POST the fast path hands over, then a GET again. */
  async function seenFrom(address: string, headers: Record<string, string> = {}) {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1, localAddress: address });
    const ask = (method: string) =>
      new Promise<{ real: string; forwarded: string }>((resolve, reject) => {
        const req = http.request(
          `${env.url}/rest/v1/rpc/zz_gateway_seen`,
          {
            method,
            agent,
            headers: { apikey: env.anonKey, 'content-type': 'application/json', ...headers },
          },
          (res) => {
            let body = '';
            res.on('data', (c) => (body += c));
            res.on('end', () => resolve(JSON.parse(body)));
          },
        );
        req.on('error', reject);
        req.end(method === 'POST' ? '{}' : undefined);
      });
    try {
      return [await ask('GET'), await ask('POST'), await ask('GET')];
    } finally {
      agent.destroy();
    }
  }

  it('passes each client its own address, on the fast path and on the connections it hands over', async () => {
    for (const address of ['127.0.0.5', '127.31.4.9']) {
      for (const seen of await seenFrom(address)) {
        expect(seen.real).toBe(address);
        expect(seen.forwarded).toBe(address);
      }
    }
  });

  it('appends the real address to a client-written x-forwarded-for and never takes x-real-ip from a client', async () => {
    for (const seen of await seenFrom('127.0.0.6', { 'x-forwarded-for': '198.51.100.7', 'x-real-ip': '203.0.113.9' })) {
      expect(seen.real).toBe('127.0.0.6');
      expect(seen.forwarded).toBe('198.51.100.7, 127.0.0.6');
    }
  });
});

describe('gateway: a service that does not answer', () => {
  it('is a 503 with a JSON body and Retry-After, on the fast path and the full gateway, never an empty answer', async () => {
    const closed = await freePort(); // nothing listens there: a service being restarted
    const gw = await startGateway({
      port: await freePort(),
      routes: { '/rest/v1': `http://127.0.0.1:${closed}`, '/functions/v1': `http://127.0.0.1:${closed}` },
      anonKey: ANON_KEY,
      serviceRoleKey: SERVICE_ROLE_KEY,
      publishableKey: PUBLISHABLE_KEY,
      secretKey: SECRET_KEY,
    });
    try {
      const h = { apikey: ANON_KEY, 'content-type': 'application/json' };
      for (const [p, init] of [
        ['/rest/v1/events?select=id', { headers: h }],
        ['/rest/v1/rpc/submit', { method: 'POST', headers: h, body: '{}' }],
        ['/functions/v1/_probe', { method: 'POST', headers: h, body: '{}' }],
      ] as [string, RequestInit][]) {
        const res = await fetch(gw.url + p, init);
        expect(res.status, p).toBe(503);
        expect(res.headers.get('retry-after'), p).toBe('1');
        expect(((await res.json()) as { message: string }).message, p).toMatch(/restarting/);
      }
    } finally {
      await gw.close();
    }
  });
});

describe('gateway: PostgREST losing its database connection mid-request', () => {
  it("turns PostgREST's fieldless 400 into the 503 a client retries; real refusals pass unchanged", async () => {
    // PostgREST's answer when a backend was ended by a crash of Postgres (bench: reliability).
    const broken = JSON.stringify({ code: '', details: null, hint: null, message: '' });
    const refusal = JSON.stringify({ code: 'P0001', details: null, hint: null, message: 'invalid_submission' });
    const upstream = http.createServer((req, res) => {
      req.resume();
      const body = req.url?.includes('refuse') ? refusal : broken;
      res.writeHead(400, {
        'content-type': 'application/json; charset=utf-8',
        'content-length': Buffer.byteLength(body),
      });
      res.end(body);
    });
    await new Promise<void>((r) => upstream.listen(0, '127.0.0.1', () => r()));
    const gw = await startGateway({
      port: await freePort(),
      routes: { '/rest/v1': `http://127.0.0.1:${(upstream.address() as net.AddressInfo).port}` },
      anonKey: ANON_KEY,
      serviceRoleKey: SERVICE_ROLE_KEY,
      publishableKey: PUBLISHABLE_KEY,
      secretKey: SECRET_KEY,
    });
    try {
      const h = { apikey: ANON_KEY, 'content-type': 'application/json' };
      for (const init of [{ headers: h }, { method: 'POST', headers: h, body: '{}' }] as RequestInit[]) {
        const res = await fetch(`${gw.url}/rest/v1/rpc/submit`, init);
        expect(res.status, init.method).toBe(503);
        expect(res.headers.get('retry-after')).toBe('1');
        expect(((await res.json()) as { message: string }).message).toMatch(/restarting/);
        const real = await fetch(`${gw.url}/rest/v1/rpc/submit?refuse=1`, init);
        expect(real.status).toBe(400);
        expect(await real.json()).toEqual(JSON.parse(refusal));
      }
    } finally {
      await gw.close();
      upstream.close();
    }
  });
});

describe('a client that half-closes its socket after a complete request', () => {
  /** Writes the request, ends its side of the connection (FIN), and reads until the server closes. */
  function halfClosed(request: string): Promise<string> {
    const u = new URL(env.url);
    return new Promise((resolve, reject) => {
      const sock = net.connect({ port: Number(u.port), host: u.hostname, allowHalfOpen: true }, () => {
        sock.write(request);
        sock.end();
      });
      let text = '';
      const timer = setTimeout(() => {
        sock.destroy();
        reject(new Error(`no answer; got:\n${text}`));
      }, 15000);
      sock.on('data', (d) => (text += d.toString('latin1')));
      sock.on('close', () => {
        clearTimeout(timer);
        resolve(text);
      });
      sock.on('error', reject);
    });
  }

  it.each([
    ['a REST read (fast path)', `GET /rest/v1/ HTTP/1.1\r\nHost: x\r\napikey: ${ANON_KEY}\r\n\r\n`],
    [
      'a REST read with Connection: close (gateway)',
      `GET /rest/v1/ HTTP/1.1\r\nHost: x\r\napikey: ${ANON_KEY}\r\nConnection: close\r\n\r\n`,
    ],
    ['an auth request (gateway)', `GET /auth/v1/health HTTP/1.1\r\nHost: x\r\napikey: ${ANON_KEY}\r\n\r\n`],
    [
      'a POST with a body (gateway)',
      `POST /auth/v1/token?grant_type=password HTTP/1.1\r\nHost: x\r\napikey: ${ANON_KEY}\r\ncontent-type: application/json\r\ncontent-length: 2\r\n\r\n{}`,
    ],
  ])('still gets the answer to %s', async (_name, request) => {
    const text = await halfClosed(request);
    expect(text).toMatch(/^HTTP\/1\.1 (200|400) /);
    expect(text).toContain('\r\n\r\n');
  });
});
