import { appendFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { freePort, startStack } from '@union/local-stack';
import { pagesDev, stageConsole, stageSite } from '../../scripts/lib/pages.ts';
import { buildApps, publicSiteBuildDir } from '../../scripts/lib/build-apps.ts';

/**
 * A log of the last run beside the test results (`.data/<name>.log`), emptied at the start: each
 * line written to it is timestamped.
 */
function runLog(name: string): (line: string) => void {
  const file = resolve(import.meta.dirname, `../../.data/${name}.log`);
  mkdirSync(resolve(file, '..'), { recursive: true });
  writeFileSync(file, '');
  return (line) => appendFileSync(file, `${new Date().toISOString()} ${line}\n`);
}

// A fresh stack on free ports, both apps built against it and served by Cloudflare Pages' own
// runtime (`wrangler pages dev`) as two sites, as in production: the public site, and the
// console under /admin/ of its own origin (the admin subdomain). A third server holds the public
// site built with React's development runtime.
export default async function globalSetup() {
  const workDir = mkdtempSync(join(tmpdir(), 'union-e2e-'));
  // The stack's publishes and restarts.
  const stackLog = runLog('e2e-stack');
  const [sitePort, adminPort] = [await freePort(), await freePort()];
  const publicUrl = `http://127.0.0.1:${sitePort}`;
  const adminUrl = `http://127.0.0.1:${adminPort}/admin/`;
  const buildDir = join(workDir, 'build');
  // The links in mails (cancel, event) point at the site the tests serve; the stack republishes
  // that site's pages when content changes, into the public site's build folder, which wrangler
  // serves as it is (below), once it is built.
  const stack = await startStack({
    dataDir: join(workDir, 'stack'),
    ports: 'free',
    reset: true,
    siteUrl: publicUrl,
    publicSiteDir: publicSiteBuildDir(buildDir),
    log: (service, line) => stackLog(`[${service}] ${line}`),
  });

  const viteEnv = {
    VITE_SUPABASE_URL: stack.apiUrl,
    VITE_SUPABASE_ANON_KEY: stack.anonKey,
    VITE_ADMIN_URL: adminUrl,
    VITE_PUBLIC_SITE_URL: publicUrl,
  };
  const builds = await buildApps(buildDir, viteEnv, { developmentPublicSite: true });
  const pages = join(workDir, 'pages');
  stageConsole(builds.adminDir, builds.publicDir, join(pages, 'admin'));
  stageSite(builds.publicDevDir!, join(pages, 'site-dev'));
  // The public site is served from its build folder itself, not a staged copy (a copy of the
  // build as it is: the same files), because that folder is where the stack publishes content
  // changes and where the renderer the build saved belongs (prerender/renderer.ts). Wrangler reads
  // changed files from disk at each request, but a `_headers` file that first appears after it
  // started is not applied: the server starts only once the build is in the folder.
  // Each server's warnings and errors go to its own log: what to read when a page hangs.
  const server = (name: string, dir: string, port?: number) =>
    pagesDev({ dir, port, stateDir: join(workDir, `wrangler-${name}`), log: runLog(`e2e-wrangler-${name}`) });
  const servers = await Promise.all([
    server('site', builds.publicDir, sitePort),
    server('admin', join(pages, 'admin'), adminPort),
    server('dev', join(pages, 'site-dev')),
  ]);
  const dev = servers[2];

  Object.assign(process.env, {
    PUBLIC_URL: publicUrl,
    DEV_PUBLIC_URL: dev.url,
    ADMIN_URL: adminUrl,
    SUPABASE_URL: stack.apiUrl,
    SUPABASE_ANON_KEY: stack.anonKey,
    SUPABASE_SERVICE_ROLE_KEY: stack.serviceRoleKey,
    SUPABASE_DB_URL: stack.dbUrl,
    MAIL_URL: stack.mailUrl,
  });

  return async () => {
    for (const server of servers) await server.stop();
    await stack.stop();
    rmSync(workDir, { recursive: true, force: true });
  };
}
