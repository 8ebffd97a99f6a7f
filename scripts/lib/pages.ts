// The static host, locally: Cloudflare Pages' own runtime (`wrangler pages dev`, which runs
// workerd) serves the builds for `npm run preview`, the end-to-end tests, the bench and
// `npm run deploy -- --target=local`, so clean URLs, the nearest 404.html, `_headers` and
// `_redirects` behave as they will on the union's domain.
//
// Two Pages projects, as in production (docs/operations.md): the public site at the union's
// domain, the console at its admin subdomain. Each is a plain folder that wrangler reads from
// disk on every request: a file changed or added there is served without a restart.
import type { ChildProcess } from 'node:child_process';
import { copyFileSync, cpSync, existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { freePort, portTaken } from '@union/local-stack';
import { spawnGroup, stopGroup } from './proc.js';

/** The date workerd's behaviour is pinned to (the same for every local server and the upload). */
export const COMPATIBILITY_DATE = '2026-05-01';

const require = createRequire(import.meta.url);
/** wrangler's own launcher (node_modules/wrangler/bin/wrangler.js), run with this Node. */
export const wranglerBin = (): string =>
  path.join(path.dirname(require.resolve('wrangler/package.json')), 'bin', 'wrangler.js');

/** No telemetry: the machines that run this are offline, and the union's data is its own. */
export const WRANGLER_ENV = { WRANGLER_SEND_METRICS: 'false' } as const;

/**
 * The public site's Pages project: its build as it is (its `_headers` and the nearest 404.html
 * are read by Pages itself).
 */
export function stageSite(publicDist: string, dir: string): void {
  mustBeBuilt(publicDist);
  rmSync(dir, { recursive: true, force: true });
  cpSync(publicDist, dir, { recursive: true });
}

/**
 * The console's Pages project. The console is built for `/admin/` (admin-console/vite.config.ts),
 * so its files go under `admin/`; its index.html also at the top, where Pages' single-page-app
 * mode (a project without a top-level 404.html) answers every path with no file, so
 * `/admin/events/3` opens the console on that page; `/` redirects to `/admin/`. The headers are
 * the public site's `_headers`, which cover `/admin/assets/*` (one set of rules for both apps).
 * A `_redirects` rewrite `/admin/* → /admin/` cannot do this: Pages applies it before the
 * files, and would answer the console's scripts with its HTML.
 *
 * The same index.html as `admin/assets/404.html`: Pages looks for the nearest 404.html before
 * its single-page fallback, so a script no deployment has (Pages keeps the previous one's files
 * for a while) answers 404 (with `no-store`) instead of the console's HTML with a 200 and the
 * year of `immutable` caching that `/admin/assets/*` gets. Cached, that HTML would stand in for
 * the script should a later release bring the same file name back (a revert); a page opened
 * before the release still sees the script is gone (shared/src/releaseReload.ts).
 */
export function stageConsole(adminDist: string, publicDist: string, dir: string): void {
  mustBeBuilt(adminDist);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  cpSync(adminDist, path.join(dir, 'admin'), { recursive: true });
  copyFileSync(path.join(adminDist, 'index.html'), path.join(dir, 'index.html'));
  mkdirSync(path.join(dir, 'admin', 'assets'), { recursive: true });
  copyFileSync(path.join(adminDist, 'index.html'), path.join(dir, 'admin', 'assets', '404.html'));
  const headers = path.join(publicDist, '_headers');
  if (!existsSync(headers)) throw new Error(`${headers} is missing: the public site's build writes it`);
  copyFileSync(headers, path.join(dir, '_headers'));
  writeFileSync(path.join(dir, '_redirects'), '/  /admin/  302\n');
}

/** Throws unless `dist` holds a build (its index.html). */
export function mustBeBuilt(dist: string): void {
  if (!existsSync(path.join(dist, 'index.html'))) throw new Error(`${dist} is not built (no index.html)`);
}

export interface PagesServer {
  url: string;
  stop(): Promise<void>;
}

/**
 * `wrangler pages dev <dir>` on 127.0.0.1:`port`, resolved once it answers. Its state (a cache
 * it keeps) and its dev registry (where each wrangler on a machine lists its workers) go to
 * `stateDir`, not the repository or the machine-wide ~/.config/.wrangler: servers of other runs
 * never see each other. It does not ask Cloudflare for the `request.cf` object (offline, that
 * look-up fails after a DNS timeout); the placeholder it falls back to is used from the start.
 */
export async function pagesDev(opts: {
  dir: string;
  /** Default: any free port. */
  port?: number;
  stateDir: string;
  log?: (line: string) => void;
}): Promise<PagesServer> {
  mkdirSync(opts.stateDir, { recursive: true });
  // A taken port would look like a server that answers at once (the other program's answers).
  if (opts.port !== undefined && (await portTaken(opts.port)))
    throw new Error(`port ${opts.port} is taken: wrangler pages dev cannot serve ${opts.dir} there`);
  const port = opts.port ?? (await freePort());
  const args = [
    wranglerBin(),
    'pages',
    'dev',
    path.resolve(opts.dir),
    `--compatibility-date=${COMPATIBILITY_DATE}`,
    '--ip=127.0.0.1',
    `--port=${port}`,
    `--persist-to=${path.join(opts.stateDir, 'state')}`,
    `--inspector-port=${await freePort()}`,
    '--log-level=warn',
  ];
  // In its own process group (wrangler runs workerd as its child), stopped when this process exits.
  const child = spawnGroup(process.execPath, args, {
    cwd: opts.stateDir,
    env: {
      ...process.env,
      ...WRANGLER_ENV,
      CLOUDFLARE_CF_FETCH_ENABLED: 'false',
      WRANGLER_REGISTRY_PATH: path.join(opts.stateDir, 'registry'),
      // Wrangler writes a debug log of every run to ~/.config/.wrangler/logs unless told where
      // (with the DevTools proxy below, 30 MB per e2e run); it stays with the state.
      WRANGLER_LOG_PATH: path.join(opts.stateDir, 'logs'),
      // Wrangler runs a DevTools proxy beside each server, which records every response (its body
      // base64-encoded) and hands each event to wrangler's Node process for that debug log: two
      // thirds of what serving a file costs (measured with 4.86: 24 ms of CPU per 40 KB file with
      // it, 8.5 ms without). Nobody attaches DevTools to these servers, and wrangler has no option
      // to leave it out; it leaves it out inside VS Code's JavaScript debug terminal, which it
      // recognises by this variable. Wrangler and miniflare read it only for that (and to find a
      // debugger bootloader in NODE_OPTIONS, which is not set here). pages.test.ts checks it works.
      VSCODE_INSPECTOR_OPTIONS: '{}',
      FORCE_COLOR: '0',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const onData = (d: Buffer) => {
    // The last lines only, for the error message if it never answers.
    output = (output + d.toString()).slice(-20_000);
    for (const line of d.toString().split('\n')) if (line.trim()) opts.log?.(line);
  };
  child.stdout!.on('data', onData);
  child.stderr!.on('data', onData);
  const url = `http://127.0.0.1:${port}`;
  const stopServer = () => stopGroup(child, 5000);
  try {
    await waitUntilServing(url, child, () => output);
  } catch (error) {
    await stopServer();
    throw error;
  }
  const warm = keepWarm(url);
  const stop = async () => {
    warm.stop();
    await stopServer();
  };
  return { url, stop };
}

export interface KeepWarm {
  stop(): void;
}

/**
 * Sends `parallel` HEAD requests to `url` every `everyMs`, so that no connection inside the
 * server stays idle for 5 s.
 *
 * Why: `wrangler pages dev` is two workerd processes, a proxy on the public port in front of the
 * one that serves the site, joined by a pool of keep-alive connections. workerd closes an idle
 * connection after 5 s at both ends of that pool, so a request that the proxy sends on a
 * connection idle for just under 5 s is lost: it is never answered, or the proxy answers 500 and
 * wrangler exits (workers-sdk issue 14641, open; the later releases that keep wrangler running,
 * issue 14926, need Node 22). A test that waits about 5 s and then opens a page meets exactly
 * that. The pool hands out its most recently used connection first, so these requests keep the
 * `parallel` connections a burst takes (a browser opens up to six per host) fresh. A request here
 * that fails or hangs is dropped: the next round sends new ones.
 *
 * Measured with wrangler 4.86 (2026-11-28), clients waiting 4.85–5.14 s between requests: single
 * requests, six servers lost five in seven minutes, each sent 4.97–4.99 s after the previous one;
 * bursts of six, all four servers failed within 2.5 minutes (one HEAD a second: three of four).
 * With this, no request was lost: 380 bursts on four servers in eight minutes.
 */
export function keepWarm(url: string, { parallel = 6, everyMs = 2000 } = {}): KeepWarm {
  const round = () => {
    for (let i = 0; i < parallel; i++) {
      fetch(url, { method: 'HEAD', redirect: 'manual', signal: AbortSignal.timeout(everyMs * 5) }).catch(() => {});
    }
  };
  const timer = setInterval(round, everyMs);
  // The servers' owner decides when the process ends, not this timer.
  timer.unref();
  return { stop: () => clearInterval(timer) };
}

async function waitUntilServing(url: string, child: ChildProcess, output: () => string) {
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`wrangler pages dev exited (${child.exitCode}):\n${output()}`);
    try {
      const res = await fetch(url, { redirect: 'manual' });
      await res.arrayBuffer();
      return;
    } catch {
      if (Date.now() > deadline) throw new Error(`wrangler pages dev did not answer on ${url}:\n${output()}`);
      await new Promise((r) => setTimeout(r, 200));
    }
  }
}
