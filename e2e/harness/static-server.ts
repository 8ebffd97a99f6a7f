import { existsSync, readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { join, normalize, resolve } from 'node:path';
import { constants } from 'node:zlib';
import compression from 'compression';
import sirv from 'sirv';
import { headersFor, parseHeadersFile } from '@union/shared/http-headers';

// Serves the two built apps from one origin, as the README asks of a host, so that the tests,
// the bench and `npm run preview` see what visitors get:
// - the public site's files with clean URLs (/about is about.html); a path without a file gets
//   the nearest 404.html (en/events/404.html, then en/404.html, then 404.html) with status 404;
// - the console under /admin/, with its index.html for any path that is not a file;
// - the headers of the `_headers` file the public site's build writes (security headers, and
//   long-lived caching for hashed assets); everything else revalidated;
// - text compressed with gzip, so Lighthouse measures what visitors would download.
// sirv serves the files (content types, ETags, ranges, no path traversal).

type Handler = (req: IncomingMessage, res: ServerResponse, next: () => void) => void;

export async function serveApps(publicRoot: string, adminDir: string, port: number): Promise<Server> {
  const publicDir = resolve(publicRoot);
  const headersFile = join(publicDir, '_headers');
  const rules = existsSync(headersFile) ? parseHeadersFile(readFileSync(headersFile, 'utf8')) : [];
  const setHeaders = (res: ServerResponse, pathname: string) => {
    const headers = { 'Cache-Control': 'no-cache', ...headersFor(rules, pathname) };
    for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
  };
  // The full path decides the headers (the console's files are under /admin/).
  const files = (dir: string, prefix: string, single: boolean): Handler =>
    sirv(dir, {
      extensions: ['html'],
      single,
      etag: true,
      setHeaders: (res, pathname) => setHeaders(res, prefix + pathname),
    });
  const publicFiles = files(publicDir, '', false);
  const adminFiles = files(adminDir, '/admin', true);
  const compress = compression({ level: constants.Z_BEST_COMPRESSION }) as unknown as Handler;

  const notFound = (req: IncomingMessage, res: ServerResponse) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    const folders = path.split('/').slice(1, -1);
    for (let depth = folders.length; depth >= 0; depth--) {
      const page = normalize(join(publicDir, ...folders.slice(0, depth), '404.html'));
      if (!page.startsWith(publicDir) || !existsSync(page)) continue;
      setHeaders(res, path);
      res.writeHead(404, { 'Content-Type': 'text/html; charset=utf-8' }).end(readFileSync(page));
      return;
    }
    res.writeHead(404, { 'Content-Type': 'text/plain' }).end('Not found');
  };

  const server = createServer((req, res) => {
    compress(req, res, () => {
      const path = new URL(req.url ?? '/', 'http://x').pathname;
      if (path === '/admin' || path.startsWith('/admin/')) {
        req.url = req.url!.slice('/admin'.length) || '/';
        adminFiles(req, res, () => res.writeHead(404, { 'Content-Type': 'text/plain' }).end('Not found'));
      } else publicFiles(req, res, () => notFound(req, res));
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return server;
}
