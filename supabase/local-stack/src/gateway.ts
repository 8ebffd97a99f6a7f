// The API gateway: one port (54321) that routes like the CLI's Kong (templates/kong.yml), with
// the prefix stripped: /rest/v1 → PostgREST, /auth/v1 → auth, /storage/v1 → storage,
// /functions/v1 → functions. CORS for any origin; opaque sb_publishable_/sb_secret_ keys mapped to
// the demo JWTs; X-Forwarded-For carries the client address. Bodies are streamed both ways and
// upstream connections are kept alive, so the gateway costs little next to PostgREST itself.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { PortInUseError } from './ports.js';
import type { ServiceHandle } from './types.js';

export interface GatewayConfig {
  port: number;
  /** prefix (e.g. "/rest/v1") → upstream base URL (http://127.0.0.1:port) */
  routes: Record<string, string>;
  anonKey: string;
  serviceRoleKey: string;
  publishableKey: string;
  secretKey: string;
}

const ALLOW_HEADERS = [
  'authorization',
  'x-client-info',
  'apikey',
  'content-type',
  'x-upsert',
  'x-supabase-api-version',
  'prefer',
  'range',
  'accept-profile',
  'content-profile',
  'accept',
  'cache-control',
  'x-region',
].join(', ');
const EXPOSE_HEADERS = 'Content-Range, X-Total-Count, Link, X-Supabase-Api-Version, Content-Location, Location, Range-Unit, Content-Length, ETag';
const ALLOW_METHODS = 'GET, HEAD, PUT, PATCH, POST, DELETE, OPTIONS';

// Hop-by-hop headers are not forwarded (RFC 9110 §7.6.1).
const HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'upgrade', 'te', 'trailer']);

interface Upstream {
  prefix: string;
  host: string;
  port: number;
  agent: http.Agent;
}

function json(res: http.ServerResponse, status: number, body: unknown, origin: string | undefined) {
  const data = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(data),
    'access-control-allow-origin': origin ?? '*',
    'access-control-expose-headers': EXPOSE_HEADERS,
  });
  res.end(data);
}

export async function startGateway(config: GatewayConfig): Promise<ServiceHandle> {
  const upstreams: Upstream[] = Object.entries(config.routes)
    .map(([prefix, base]) => {
      const u = new URL(base);
      return {
        prefix: prefix.replace(/\/$/, ''),
        host: u.hostname,
        port: Number(u.port),
        agent: new http.Agent({ keepAlive: true, maxSockets: 256, maxFreeSockets: 256, keepAliveMsecs: 10000 }),
      };
    })
    .sort((a, b) => b.prefix.length - a.prefix.length);

  const keyMap: Record<string, string> = {
    [config.publishableKey]: config.anonKey,
    [config.secretKey]: config.serviceRoleKey,
  };

  const server = http.createServer((req, res) => {
    const origin = req.headers.origin ? '*' : undefined;
    const url = req.url ?? '/';
    const up = upstreams.find((u) => url === u.prefix || url.startsWith(u.prefix + '/') || url.startsWith(u.prefix + '?'));

    if (req.method === 'OPTIONS' && req.headers['access-control-request-method']) {
      // CORS preflight, answered by the gateway like Kong's cors plugin.
      res.writeHead(200, {
        'access-control-allow-origin': '*',
        'access-control-allow-methods': ALLOW_METHODS,
        'access-control-allow-headers': req.headers['access-control-request-headers'] ?? ALLOW_HEADERS,
        'access-control-max-age': '3600',
        'content-length': '0',
        vary: 'Access-Control-Request-Headers',
      });
      res.end();
      return;
    }
    if (!up) {
      json(res, 404, { message: 'no Route matched with those values' }, origin);
      return;
    }

    const headers: http.OutgoingHttpHeaders = {};
    for (const [k, v] of Object.entries(req.headers)) if (!HOP.has(k) && v !== undefined) headers[k] = v;
    const apikey = typeof headers.apikey === 'string' ? headers.apikey : undefined;
    const mapped = apikey ? (keyMap[apikey] ?? apikey) : undefined;
    if (apikey && mapped !== apikey) headers.apikey = mapped;
    const auth = typeof headers.authorization === 'string' ? headers.authorization : undefined;
    if (auth && auth.startsWith('Bearer sb_')) {
      const k = auth.slice(7);
      if (keyMap[k]) headers.authorization = `Bearer ${keyMap[k]}`;
    } else if (!auth && mapped && up.prefix !== '/auth/v1') {
      // Kong sets Authorization from the apikey when the client sent none.
      headers.authorization = `Bearer ${mapped}`;
    }
    const client = req.socket.remoteAddress ?? '127.0.0.1';
    const xff = req.headers['x-forwarded-for'];
    headers['x-forwarded-for'] = xff ? `${xff}, ${client}` : client;
    headers['x-forwarded-proto'] = 'http';
    headers['x-forwarded-host'] = req.headers.host ?? `127.0.0.1:${config.port}`;
    headers['x-forwarded-prefix'] = up.prefix;
    headers['x-real-ip'] = client;
    headers.host = `${up.host}:${up.port}`;
    const rest = url.slice(up.prefix.length);

    const proxyReq = http.request(
      {
        host: up.host,
        port: up.port,
        method: req.method,
        path: rest === '' ? '/' : rest.startsWith('?') ? '/' + rest : rest,
        headers,
        agent: up.agent,
      },
      (proxyRes) => {
        const out: http.OutgoingHttpHeaders = {};
        for (const [k, v] of Object.entries(proxyRes.headers)) if (!HOP.has(k) && v !== undefined) out[k] = v;
        out['access-control-allow-origin'] = '*';
        out['access-control-expose-headers'] = EXPOSE_HEADERS;
        res.writeHead(proxyRes.statusCode ?? 502, out);
        proxyRes.pipe(res);
        proxyRes.on('error', () => res.destroy());
      },
    );
    proxyReq.on('error', () => {
      if (!res.headersSent) json(res, 502, { message: 'An invalid response was received from the upstream server' }, origin);
      else res.destroy();
    });
    req.pipe(proxyReq);
    req.on('aborted', () => proxyReq.destroy());
  });
  server.keepAliveTimeout = 65000;
  server.headersTimeout = 66000;

  await new Promise<void>((resolve, reject) => {
    server.once('error', (e: NodeJS.ErrnoException) =>
      reject(e.code === 'EADDRINUSE' ? new PortInUseError(config.port, 'API gateway') : e),
    );
    server.listen(config.port, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const u of upstreams) u.agent.destroy();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
