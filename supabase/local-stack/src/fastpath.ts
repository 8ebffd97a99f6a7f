// The gateway's fast path for the hot read: GET/HEAD /rest/v1/… with no body. Node's http
// server + client cost more CPU per request than PostgREST can spare on a small machine (the
// bench compares the gateway with PostgREST queried directly), so this front door parses those
// request heads itself and talks to PostgREST over one raw socket per client connection.
// Anything else (other routes, bodies, preflights, HTTP/1.0, pipelining, Connection: close, a
// missing or unknown API key) makes it splice the rest of that connection, bytes untouched, to the
// full gateway (gateway.ts) on an internal port. The gateway learns the client's address of a
// spliced connection from `spliced` (source port of the internal connection → client address),
// so every client, on either path, is seen with its own address.
import net from 'node:net';
import { CRLF2, MAX_HEAD, ResponseReader, rewrite, type RewriteConfig } from './fastpath-http.js';
import { UNAVAILABLE } from './gateway-rules.js';
import { PortInUseError } from './ports.js';
import type { ServiceHandle } from './types.js';

export interface FastPathConfig extends RewriteConfig {
  port: number;
  /** The full gateway (internal port) */
  gatewayPort: number;
  /** Filled here, read by the gateway: internal connection's source port → client address. */
  spliced: Map<number, string>;
  exposeHeaders: string;
}

export async function startFastPath(cfg: FastPathConfig): Promise<ServiceHandle> {
  const sockets = new Set<net.Socket>();
  // allowHalfOpen: a client may end its side (FIN) right after a complete request and still wait
  // for the answer (curl --no-keepalive, some proxies, raw sockets); the answer is written first,
  // then the connection is ended from here.
  const server = net.createServer({ allowHalfOpen: true }, (client) => {
    sockets.add(client);
    client.setNoDelay(true);
    let buf: Buffer = Buffer.alloc(0);
    let busy = false;
    let spliced = false;
    let upstream: net.Socket | undefined;
    const clientAddr = client.remoteAddress?.replace(/^::ffff:/, '') ?? '127.0.0.1';
    const hostFallback = `127.0.0.1:${cfg.port}`;

    const splice = () => {
      spliced = true;
      client.removeListener('data', onData);
      upstream?.destroy();
      const gw = net.connect(cfg.gatewayPort, '127.0.0.1');
      gw.setNoDelay(true);
      sockets.add(gw);
      let localPort: number | undefined;
      // Registered before anything is written: the gateway reads the request only after this ran.
      gw.once('connect', () => {
        localPort = gw.localPort;
        if (localPort !== undefined) cfg.spliced.set(localPort, clientAddr);
      });
      gw.on('close', () => {
        if (localPort !== undefined && cfg.spliced.get(localPort) === clientAddr) cfg.spliced.delete(localPort);
        sockets.delete(gw);
        // Whatever the gateway wrote is still queued on the client socket: flush it, then close.
        if (client.writableEnded) client.once('finish', () => client.destroy());
        else client.destroy();
      });
      gw.on('error', () => client.destroy());
      client.on('close', () => gw.destroy());
      if (buf.length) gw.write(buf);
      buf = Buffer.alloc(0);
      client.pipe(gw);
      gw.pipe(client);
    };

    // PostgREST did not answer (restarting: supervisor.ts): the gateway's 503, never an empty reply.
    const unavailable = () => {
      const body = JSON.stringify(UNAVAILABLE);
      client.end(
        `HTTP/1.1 503 Service Unavailable\r\ncontent-type: application/json; charset=utf-8\r\ncontent-length: ${Buffer.byteLength(body)}\r\n` +
          `retry-after: 1\r\naccess-control-allow-origin: *\r\naccess-control-expose-headers: ${cfg.exposeHeaders}\r\n` +
          `connection: close\r\n\r\n${body}`,
      );
      upstream?.destroy();
    };

    const next = () => {
      if (busy || spliced) return;
      const end = buf.indexOf(CRLF2);
      if (end < 0) {
        if (buf.length > MAX_HEAD) splice();
        return;
      }
      const parsed = rewrite(buf.subarray(0, end).toString('latin1'), cfg, clientAddr, hostFallback);
      if (!parsed || buf.length > end + 4) {
        // Not the simple read, or pipelined bytes behind it: the full gateway takes over.
        splice();
        return;
      }
      buf = Buffer.alloc(0);
      busy = true;
      const reused = Boolean(upstream && !upstream.destroyed);
      const connect = () => {
        upstream = net.connect(cfg.restPort, cfg.restHost);
        upstream.setNoDelay(true);
        const mine = upstream;
        mine.on('error', () => {});
        mine.on('data', (d: Buffer) => reader?.push(d));
        mine.on('close', () => {
          if (upstream === mine) upstream = undefined;
          if (!reader) return;
          if (!reader.started && retry) {
            // PostgREST closed an idle connection as we reused it: once more on a new one.
            retry = false;
            connect();
            upstream!.write(parsed.head);
            return;
          }
          const r = reader;
          reader = undefined;
          r.end();
        });
      };
      let retry = reused;
      if (!reused) connect();
      reader = new ResponseReader(
        parsed.isHead,
        cfg.exposeHeaders,
        (bytes, keepAlive) => {
          reader = undefined;
          busy = false;
          if (!keepAlive) upstream?.destroy();
          client.write(bytes);
          next();
          if (clientEnded && !busy && !spliced) client.end();
        },
        () => {
          reader = undefined;
          unavailable();
        },
      );
      upstream!.write(parsed.head);
    };
    let reader: ResponseReader | undefined;

    const onData = (d: Buffer) => {
      buf = buf.length ? Buffer.concat([buf, d]) : d;
      next();
    };
    // The client ended its side: answer what is in flight, then end ours (the spliced gateway
    // connection gets the end through the pipe).
    let clientEnded = false;
    client.on('end', () => {
      clientEnded = true;
      if (!busy && !spliced) client.end();
    });
    client.on('data', onData);
    client.on('error', () => {});
    client.on('close', () => {
      sockets.delete(client);
      upstream?.destroy();
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', (e: NodeJS.ErrnoException) =>
      reject(e.code === 'EADDRINUSE' ? new PortInUseError(cfg.port, 'API gateway') : e),
    );
    server.listen(cfg.port, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const s of sockets) s.destroy();
      }),
  };
}
