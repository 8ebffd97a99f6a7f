// The API gateway: one port (54321) that routes like the CLI's Kong (templates/kong.yml), with
// the prefix stripped: /rest/v1 → PostgREST, /auth/v1 → auth, /storage/v1 → storage,
// /functions/v1 → functions. CORS for any origin; an API key is required as Kong's key-auth does
// (apikey header or query parameter: one of the four keys of the stack) on /rest/v1 and /auth/v1
// but its open routes, not on /storage/v1 and /functions/v1, which check the caller themselves;
// opaque sb_publishable_/sb_secret_ keys mapped to the demo JWTs; X-Forwarded-For and X-Real-IP
// carry the client address (also for connections the fast path hands over). A service that does
// not answer (restarting: supervisor.ts) is a 503 with a JSON body and Retry-After. Bodies are
// streamed both ways and upstream connections are kept alive, so the gateway costs little next to
// PostgREST itself. (undici pools were measured too: no cheaper per request here, and slower to
// import.)
import http from 'node:http';
import { startFastPath } from './fastpath.js';
import {
  ALLOW_HEADERS,
  ALLOW_METHODS,
  EXPOSE_HEADERS,
  INVALID_API_KEY,
  NO_API_KEY,
  UNAVAILABLE,
  isBrokenConnectionAnswer,
  needsApiKey,
} from './gateway-rules.js';
import { closeServer, listen, sendJson } from './http.js';
import type { ServiceHandle } from './types.js';

export interface GatewayConfig {
  port: number;
  /** prefix (e.g. "/rest/v1") → upstream base URL (http://127.0.0.1:port) */
  routes: Record<string, string>;
  anonKey: string;
  serviceRoleKey: string;
  publishableKey: string;
  secretKey: string;
  /**
   * Serve GET/HEAD /rest/v1 reads through the lean fast path (fastpath.ts) in front of this
   * server (default true; UNION_GATEWAY_FASTPATH=0 turns it off).
   */
  fastPath?: boolean;
}

const BUFFER_LIMIT = 256 * 1024;

// Hop-by-hop headers are not forwarded (RFC 9110 §7.6.1).
const HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'upgrade', 'te', 'trailer']);

interface Upstream {
  prefix: string;
  host: string;
  port: number;
  hostHeader: string;
  agent: http.Agent;
  /** Collect small answers and send them in one write (PostgREST only: JSON, never a stream). */
  buffer: boolean;
}

function json(res: http.ServerResponse, status: number, body: unknown, extra: Record<string, string> = {}) {
  sendJson(res, status, body, {
    'content-type': 'application/json; charset=utf-8',
    'access-control-allow-origin': '*',
    'access-control-expose-headers': EXPOSE_HEADERS,
    ...extra,
  });
}

/** The apikey query parameter (Kong's key-auth reads it too), if any. */
function apikeyParam(url: string): string | undefined {
  const q = url.indexOf('?');
  if (q < 0 || !url.includes('apikey=', q)) return undefined;
  return new URLSearchParams(url.slice(q + 1)).get('apikey') ?? undefined;
}

export async function startGateway(config: GatewayConfig): Promise<ServiceHandle> {
  const upstreams: Upstream[] = Object.entries(config.routes)
    .map(([prefix, base]) => {
      const u = new URL(base);
      return {
        prefix: prefix.replace(/\/$/, ''),
        host: u.hostname,
        port: Number(u.port),
        hostHeader: u.host,
        agent: new http.Agent({ keepAlive: true, maxSockets: 256, maxFreeSockets: 256, keepAliveMsecs: 10000 }),
        buffer: prefix.replace(/\/$/, '') === '/rest/v1',
      };
    })
    .sort((a, b) => b.prefix.length - a.prefix.length);

  const keyMap: Record<string, string> = {
    [config.publishableKey]: config.anonKey,
    [config.secretKey]: config.serviceRoleKey,
  };
  // Kong's consumers: anon (anon key, publishable key) and service_role (service key, secret key).
  const knownKeys = new Set([config.anonKey, config.serviceRoleKey, config.publishableKey, config.secretKey]);
  // Connections the fast path spliced over to this server, by their source port: the client
  // address they carry (they all come from 127.0.0.1, the fast path itself).
  const spliced = new Map<number, string>();

  const server = http.createServer((req, res) => {
    const url = req.url ?? '/';
    const up = upstreams.find(
      (u) => url === u.prefix || url.startsWith(u.prefix + '/') || url.startsWith(u.prefix + '?'),
    );

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
      json(res, 404, { message: 'no Route matched with those values' });
      return;
    }
    if (needsApiKey(url)) {
      const given = req.headers.apikey ?? apikeyParam(url);
      if (given === undefined || given === '') return json(res, 401, NO_API_KEY);
      if (typeof given !== 'string' || !knownKeys.has(given)) return json(res, 401, INVALID_API_KEY);
    }

    // Raw header arrays: the cheapest way through Node's http both ways (the bench compares the
    // gateway with PostgREST queried directly).
    const raw = req.rawHeaders;
    const headers: string[] = [];
    let apikey: string | undefined;
    let auth: string | undefined;
    let xff: string | undefined;
    let host: string | undefined;
    for (let i = 0; i < raw.length; i += 2) {
      const name = raw[i]!;
      const lower = name.toLowerCase();
      if (HOP.has(lower)) continue;
      const value = raw[i + 1]!;
      switch (lower) {
        case 'host':
          host = value;
          continue;
        case 'apikey':
          apikey = keyMap[value] ?? value;
          headers.push('apikey', apikey);
          continue;
        case 'authorization':
          auth = value;
          continue;
        case 'x-forwarded-for':
          xff = value;
          continue;
        // Set by the gateway itself (cf-connecting-ip: by Cloudflare in front of a hosted
        // project), never trusted from a client.
        case 'x-forwarded-proto':
        case 'x-forwarded-host':
        case 'x-forwarded-prefix':
        case 'x-real-ip':
        case 'cf-connecting-ip':
          continue;
      }
      headers.push(name, value);
    }
    if (auth !== undefined) {
      // Kong keeps Authorization unless it carries an opaque key.
      const mapped = auth.startsWith('Bearer sb_') ? keyMap[auth.slice(7)] : undefined;
      headers.push('authorization', mapped ? `Bearer ${mapped}` : auth);
    } else if (apikey && up.prefix !== '/auth/v1') {
      // Kong sets Authorization from the apikey when the client sent none.
      headers.push('authorization', `Bearer ${apikey}`);
    }
    const peer = (req.socket.remoteAddress ?? '127.0.0.1').replace(/^::ffff:/, '');
    const client = (peer === '127.0.0.1' && spliced.get(req.socket.remotePort!)) || peer;
    headers.push(
      'x-forwarded-for',
      xff ? `${xff}, ${client}` : client,
      'x-forwarded-proto',
      'http',
      'x-forwarded-host',
      host ?? `127.0.0.1:${config.port}`,
      'x-forwarded-prefix',
      up.prefix,
      'x-real-ip',
      client,
      'host',
      up.hostHeader,
    );
    const rest = url.slice(up.prefix.length);

    const proxyReq = http.request(
      {
        host: up.host,
        port: up.port,
        method: req.method,
        path: rest === '' ? '/' : rest.startsWith('?') ? '/' + rest : rest,
        headers,
        setHost: false,
        agent: up.agent,
      },
      (proxyRes) => {
        const rawOut = proxyRes.rawHeaders;
        const out: string[] = [];
        for (let i = 0; i < rawOut.length; i += 2) {
          const lower = rawOut[i]!.toLowerCase();
          if (HOP.has(lower) || lower.startsWith('access-control-')) continue;
          out.push(rawOut[i]!, rawOut[i + 1]!);
        }
        out.push('access-control-allow-origin', '*', 'access-control-expose-headers', EXPOSE_HEADERS);
        const status = proxyRes.statusCode ?? 502;
        proxyRes.on('error', () => res.destroy());
        if (!up.buffer) {
          res.writeHead(status, out);
          proxyRes.pipe(res);
          return;
        }
        // PostgREST answers chunked, in several pieces. Re-chunking each piece costs a write
        // per piece; a small answer is collected and sent in one write with its length.
        const chunks: Buffer[] = [];
        let size = 0;
        let streaming = false;
        proxyRes.on('data', (c: Buffer) => {
          if (streaming) {
            if (!res.write(c)) {
              proxyRes.pause();
              res.once('drain', () => proxyRes.resume());
            }
            return;
          }
          chunks.push(c);
          size += c.length;
          if (size > BUFFER_LIMIT) {
            streaming = true;
            res.writeHead(status, out);
            for (const b of chunks) res.write(b);
            chunks.length = 0;
          }
        });
        proxyRes.on('end', () => {
          if (streaming) {
            res.end();
            return;
          }
          const bodyless = req.method === 'HEAD' || status === 204 || status === 304 || (status >= 100 && status < 200);
          const body = chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, size);
          if (isBrokenConnectionAnswer(status, body)) return json(res, 503, UNAVAILABLE, { 'retry-after': '1' });
          if (!bodyless && proxyRes.headers['content-length'] === undefined) out.push('content-length', String(size));
          res.writeHead(status, out);
          res.end(body);
        });
      },
    );
    proxyReq.on('error', () => {
      // Not listening or gone mid-answer: restarting (supervisor.ts), so ask the client to retry.
      if (!res.headersSent) json(res, 503, UNAVAILABLE, { 'retry-after': '1' });
      else res.destroy();
    });
    req.pipe(proxyReq);
    res.on('close', () => {
      if (!res.writableFinished) proxyReq.destroy();
    });
  });
  // A client that half-closes after its request still gets the answer (Node's default would
  // abort the request and end the socket at the client's FIN).
  (server as unknown as { httpAllowHalfOpen: boolean }).httpAllowHalfOpen = true;
  server.keepAliveTimeout = 65000;
  server.headersTimeout = 66000;

  const rest = upstreams.find((u) => u.prefix === '/rest/v1');
  const fast = rest && config.fastPath !== false && process.env.UNION_GATEWAY_FASTPATH !== '0';
  // With the fast path in front, this server listens on an internal port of its own.
  const listenPort = fast ? 0 : config.port;
  const port = await listen(server, listenPort, 'API gateway');
  const closeGateway = async () => {
    for (const u of upstreams) u.agent.destroy();
    await closeServer(server);
  };
  if (!fast) return { url: `http://127.0.0.1:${port}`, close: closeGateway };
  let front: ServiceHandle;
  try {
    front = await startFastPath({
      port: config.port,
      gatewayPort: port,
      restHost: rest.host,
      restPort: rest.port,
      keyMap,
      knownKeys,
      spliced,
      exposeHeaders: EXPOSE_HEADERS,
    });
  } catch (e) {
    await closeGateway();
    throw e;
  }
  return {
    url: front.url,
    close: async () => {
      await front.close();
      await closeGateway();
    },
  };
}
