// The gateway: CORS like Kong's cors plugin, routing with the prefix stripped, unknown routes.
import http from 'node:http';
import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { env } from './env.js';

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
async function sameConnection(reqs: { method: string; path: string; body?: string; headers?: Record<string, string> }[]) {
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
    const requested = 'apikey, authorization, x-client-info, content-type, x-supabase-api-version, prefer, range, accept-profile, content-profile, x-upsert';
    const res = await fetch(`${env.url}/rest/v1/events?select=*`, {
      method: 'OPTIONS',
      headers: { origin: ORIGIN, 'access-control-request-method': 'PATCH', 'access-control-request-headers': requested },
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
        headers: { origin: ORIGIN, 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization, apikey' },
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
      { method: 'POST', path: '/functions/v1/_probe', body: '{"n":1}', headers: { authorization: `Bearer ${env.anonKey}`, 'content-type': 'application/json' } },
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
    const text = await raw(req('') + req('nope_table') + 'GET /nope HTTP/1.1\r\nhost: x\r\n\r\n', (t) => t.includes('no Route matched'));
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
