// `npm run preview`: both built apps (`npm run build` first) on one origin, served the way the
// README asks of a host: clean URLs, the nearest 404 page, the console under /admin/, and the
// headers of the build's `_headers` file. Port 4173, or --port=N.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { serveApps } from '../e2e/harness/static-server.js';

const root = path.resolve(import.meta.dirname, '..');
const port = Number(process.argv.find((a) => a.startsWith('--port='))?.split('=')[1] ?? 4173);
const publicDir = path.join(root, 'public-site', 'dist');
const adminDir = path.join(root, 'admin-console', 'dist');
for (const dir of [publicDir, adminDir]) {
  if (!existsSync(path.join(dir, 'index.html'))) {
    console.error(
      `${path.relative(root, dir)} is not built: run \`npm run build\` (with the stack running, for the content).`,
    );
    process.exit(1);
  }
}
await serveApps(publicDir, adminDir, port);
console.log(
  `\n  public site    http://127.0.0.1:${port}/\n  admin console  http://127.0.0.1:${port}/admin/\n\n  Ctrl-C stops it.\n`,
);
