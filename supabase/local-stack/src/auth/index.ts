import http from 'node:http';
import type { AuthConfig, ServiceHandle } from '../types.js';

/** GoTrue-compatible auth service (work in progress). */
export async function startAuth(config: AuthConfig): Promise<ServiceHandle> {
  const server = http.createServer((_req, res) => {
    res.writeHead(404, { 'content-type': 'application/json', 'x-supabase-api-version': '2024-01-01' });
    res.end(JSON.stringify({ code: 'not_found', error_code: 'not_found', msg: 'Not found', message: 'Not found' }));
  });
  await new Promise<void>((resolve) => server.listen(config.port, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
