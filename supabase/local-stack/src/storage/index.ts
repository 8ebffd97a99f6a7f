import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ServiceHandle, StorageConfig } from '../types.js';

/** Supabase-Storage-compatible HTTP service (mounted by the gateway at /storage/v1). */
export async function startStorage(config: StorageConfig): Promise<ServiceHandle> {
  const server = http.createServer((_req, res) => {
    res.writeHead(400, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify({ statusCode: '501', error: 'not_implemented', message: 'Storage is not implemented yet' }));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.port, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
