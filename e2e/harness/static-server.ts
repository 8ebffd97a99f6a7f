import { createServer, type Server } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize } from 'node:path';
import { gzipSync } from 'node:zlib';

// Serves the two built apps from one origin, as a static host or CDN would in production:
// `/admin/*` from the console's build (SPA fallback to its index.html); the rest from the public
// site's prerendered build with the rules the README asks of a host: a page at /about is
// about.html, and a path without a page gets the nearest 404.html (en/events/404.html, then
// en/404.html, then 404.html) with status 404. Text is compressed with gzip and hashed assets
// cached for good, so Lighthouse measures what visitors would download.

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.woff2': 'font/woff2',
  '.ics': 'text/calendar; charset=utf-8',
};

const COMPRESSIBLE = new Set(['.html', '.js', '.css', '.json', '.webmanifest', '.svg', '.txt', '.ics']);
const gzipped = new Map<string, Buffer>();

async function fileIn(root: string, urlPath: string): Promise<string | null> {
  const candidate = normalize(join(root, decodeURIComponent(urlPath)));
  if (!candidate.startsWith(root)) return null;
  try {
    return (await stat(candidate)).isFile() ? candidate : null;
  } catch {
    return null;
  }
}

/** The public site's file for a path, and the status to answer with. */
async function publicFile(root: string, path: string): Promise<{ file: string; status: number } | null> {
  const page = path === '/' ? '/index.html' : path.endsWith('/') ? `${path}index.html` : path;
  const found = (await fileIn(root, page)) ?? (extname(page) ? null : await fileIn(root, `${page}.html`));
  if (found) return { file: found, status: 200 };
  const folders = path.split('/').slice(1, -1);
  for (let depth = folders.length; depth >= 0; depth--) {
    const notFound = await fileIn(root, `/${[...folders.slice(0, depth), '404.html'].join('/')}`);
    if (notFound) return { file: notFound, status: 404 };
  }
  return null;
}

export async function serveApps(publicDir: string, adminDir: string, port: number): Promise<Server> {
  const server = createServer(async (req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    const isAdmin = path === '/admin' || path.startsWith('/admin/');
    const relative = isAdmin ? path.slice('/admin'.length) || '/' : path;
    const found = isAdmin
      ? await fileIn(adminDir, relative).then((file) => (file ? { file, status: 200 } : extname(relative) ? null : { file: join(adminDir, 'index.html'), status: 200 }))
      : await publicFile(publicDir, relative);
    if (!found) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
      return;
    }
    const { file, status } = found;
    const ext = extname(file);
    const headers: Record<string, string> = {
      'content-type': TYPES[ext] ?? 'application/octet-stream',
      // Vite's hashed file names change with their content; everything else is revalidated.
      'cache-control': relative.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
      vary: 'accept-encoding',
    };
    let body: Buffer = await readFile(file);
    if (COMPRESSIBLE.has(ext) && /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''))) {
      const cached = gzipped.get(file) ?? gzipSync(body, { level: 9 });
      gzipped.set(file, cached);
      body = cached;
      headers['content-encoding'] = 'gzip';
    }
    res.writeHead(status, headers);
    res.end(body);
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return server;
}
