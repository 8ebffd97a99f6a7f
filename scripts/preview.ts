// `npm run preview`: both built apps (`npm run build` first) served by Cloudflare Pages' own
// runtime (`wrangler pages dev`), laid out as the two Pages projects of a release
// (docs/operations.md): the public site on --port (4173), the console under /admin/ on the next
// port, as on its admin subdomain. The site's links to the console follow the VITE_ADMIN_URL
// it was built with.
//
// The public site is served from public-site/dist itself, not a staged copy: the local stack
// republishes saved content into that folder (docs/operations.md, "Publishing") and wrangler
// reads changed files from disk at each request. It must be built before this starts: a
// `_headers` file that first appears after wrangler started is not applied.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { mustBeBuilt, pagesDev, stageConsole } from './lib/pages.js';

const root = path.resolve(import.meta.dirname, '..');
const port = Number(process.argv.find((a) => a.startsWith('--port='))?.split('=')[1] ?? 4173);
const publicDir = path.join(root, 'public-site', 'dist');
const adminDir = path.join(root, 'admin-console', 'dist');
const work = mkdtempSync(path.join(tmpdir(), 'union-preview-'));

try {
  mustBeBuilt(publicDir);
  stageConsole(adminDir, publicDir, path.join(work, 'admin'));
} catch (error) {
  console.error(`${(error as Error).message}\nRun \`npm run build\` first (with the stack running, for the content).`);
  rmSync(work, { recursive: true, force: true });
  process.exit(1);
}
const log = (line: string) => console.log(`  [wrangler] ${line}`);
const site = await pagesDev({ dir: publicDir, port, stateDir: path.join(work, 'state-site'), log });
const admin = await pagesDev({
  dir: path.join(work, 'admin'),
  port: port + 1,
  stateDir: path.join(work, 'state-admin'),
  log,
});
console.log(
  `\n  public site    ${site.url}/\n  admin console  ${admin.url}/admin/\n\n` +
    `  For the site's links to reach this console, build with\n` +
    `  VITE_ADMIN_URL=${admin.url}/admin/ VITE_PUBLIC_SITE_URL=${site.url} npm run build\n\n` +
    '  While `npm start` or `npm run stack` runs, saved content is republished into public-site/dist\n' +
    '  within seconds (docs/operations.md, "Publishing").\n\n  Ctrl-C stops it.\n',
);
const stop = async () => {
  await Promise.all([site.stop(), admin.stop()]);
  rmSync(work, { recursive: true, force: true });
  process.exit(0);
};
process.once('SIGINT', () => void stop());
process.once('SIGTERM', () => void stop());
