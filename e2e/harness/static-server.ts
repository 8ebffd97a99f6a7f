import { createServer, type Server } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize } from 'node:path';
import { gzipSync } from 'node:zlib';

// Serves the two built apps from one origin, as a static host or CDN would in production:
// `/admin/*` from the console's build (SPA fallback to its index.html), the rest from the
// public site's build (SPA fallback to its index.html); text compressed with gzip and hashed
// assets cached for good, so Lighthouse measures what visitors would download.

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

export async function serveApps(publicDir: string, adminDir: string, port: number): Promise<Server> {
  const server = createServer(async (req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    const isAdmin = path === '/admin' || path.startsWith('/admin/');
    const root = isAdmin ? adminDir : publicDir;
    const relative = isAdmin ? path.slice('/admin'.length) || '/' : path;
    const file = (await fileIn(root, relative)) ?? (extname(relative) ? null : join(root, 'index.html'));
    if (!file) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
      return;
    }
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
    res.writeHead(200, headers);
    res.end(body);
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return server;
}
