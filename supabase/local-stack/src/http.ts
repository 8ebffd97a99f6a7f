// HTTP plumbing shared by the stack's Node services (auth, storage, mail, the gateway): listening
// on 127.0.0.1 with a clear error for a taken port, closing with the open connections, JSON
// answers with their length, and request bodies read with a size limit.
import type http from 'node:http';
import type { AddressInfo } from 'node:net';
import { PortInUseError } from './ports.js';

/** Listens on 127.0.0.1:`port` (0: any free port); resolves with the port. */
export function listen(server: http.Server, port: number, name?: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const onError = (e: NodeJS.ErrnoException) =>
      reject(name && e.code === 'EADDRINUSE' ? new PortInUseError(port, name) : e);
    server.once('error', onError);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', onError);
      resolve((server.address() as AddressInfo).port);
    });
  });
}

/** Stops listening and ends the connections still open (keep-alive ones included). */
export function closeServer(server: http.Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}

/**
 * A JSON answer with its length. `headers` are added (lower-case names; `content-type` there
 * replaces the default). Nothing is sent when the head already went out.
 */
export function sendJson(
  res: http.ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  if (res.headersSent) return;
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(text),
    ...headers,
  });
  res.end(text);
}

/**
 * Reads a whole request body. Past `limit` bytes the rest is read and dropped (so the client
 * gets the answer rather than a reset) and `tooLarge()` is thrown.
 */
export async function readBody(req: http.IncomingMessage, limit: number, tooLarge: () => Error): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size <= limit) chunks.push(chunk as Buffer);
  }
  if (size > limit) throw tooLarge();
  return Buffer.concat(chunks);
}
