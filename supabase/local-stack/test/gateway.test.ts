// The gateway: CORS like Kong's cors plugin, routing with the prefix stripped, unknown routes.
import { describe, expect, it } from 'vitest';
import { env } from './env.js';

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
});
