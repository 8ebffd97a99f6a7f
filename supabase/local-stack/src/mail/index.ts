import http from 'node:http';
import type { MailConfig, ServiceHandle } from '../types.js';

/** SMTP mail catcher + inbox (work in progress). */
export async function startMail(config: MailConfig): Promise<ServiceHandle & { smtpPort: number }> {
  const server = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end('[]');
  });
  await new Promise<void>((resolve) => server.listen(config.httpPort, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  return {
    url: `http://127.0.0.1:${port}`,
    smtpPort: config.smtpPort,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
