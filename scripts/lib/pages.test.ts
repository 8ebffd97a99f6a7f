import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type RequestListener } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { keepWarm, pagesDev, stageConsole, type KeepWarm } from './pages.js';

/** `run` with a fresh temporary folder, removed afterwards. */
async function inWorkDir(run: (work: string) => Promise<void>): Promise<void> {
  const work = mkdtempSync(path.join(tmpdir(), 'pages-test-'));
  try {
    await run(work);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/** `run` while `wrangler pages dev` serves `dir`; the server is stopped afterwards. */
async function serving(dir: string, stateDir: string, run: (url: string) => Promise<void>): Promise<void> {
  const server = await pagesDev({ dir, stateDir });
  try {
    await run(server.url);
  } finally {
    await server.stop();
  }
}

describe('pagesDev', () => {
  it(
    'serves the folder without the DevTools proxy, its debug log in the state folder',
    () =>
      inWorkDir(async (work) => {
        const dir = path.join(work, 'site');
        const stateDir = path.join(work, 'state');
        const html = '<!doctype html><title>t</title><p>served</p>';
        mkdirSync(dir);
        writeFileSync(path.join(dir, 'index.html'), html);
        await serving(dir, stateDir, async (url) => {
          const res = await fetch(url);
          expect(res.status).toBe(200);
          expect(await res.text()).toContain('<p>served</p>');
        });
        const logs = readdirSync(path.join(stateDir, 'logs'));
        expect(logs).toHaveLength(1);
        const log = readFileSync(path.join(stateDir, 'logs', logs[0]!), 'utf8');
        expect(log).toContain('Starting local server');
        // With the proxy, each response's DevTools events are logged by "[InspectorProxyWorker]".
        expect(log).not.toContain('InspectorProxyWorker');
      }),
    60_000,
  );
});

describe('stageConsole', () => {
  it(
    "serves the console for its pages, and a 404 without a year's caching for a script it lacks",
    () =>
      inWorkDir(async (work) => {
        const admin = path.join(work, 'admin-dist');
        const site = path.join(work, 'site-dist');
        mkdirSync(path.join(admin, 'assets'), { recursive: true });
        mkdirSync(site);
        writeFileSync(path.join(admin, 'index.html'), '<!doctype html><title>console</title>');
        writeFileSync(path.join(admin, 'assets', 'index-abc123.js'), 'export {};');
        // The rule the public site's build writes for both apps (shared/src/http-headers.ts).
        writeFileSync(
          path.join(site, '_headers'),
          '/admin/assets/*\n  Cache-Control: public, max-age=31536000, immutable\n',
        );
        const dir = path.join(work, 'stage');
        stageConsole(admin, site, dir);
        await serving(dir, path.join(work, 'state'), async (url) => {
          const get = async (p: string) => {
            const res = await fetch(`${url}${p}`);
            return { status: res.status, cache: res.headers.get('cache-control'), text: await res.text() };
          };
          const script = await get('/admin/assets/index-abc123.js');
          expect(script).toMatchObject({ status: 200, cache: 'public, max-age=31536000, immutable' });
          // A page of the console opened directly: the single-page fallback.
          expect(await get('/admin/events/3')).toMatchObject({ status: 200, text: expect.stringContaining('console') });
          // A script an earlier release had: gone, and not remembered as anything else.
          const gone = await get('/admin/assets/index-old999.js');
          expect(gone.status).toBe(404);
          expect(gone.cache).not.toMatch(/immutable|max-age=[1-9]/);
        });
      }),
    60_000,
  );
});

// keepWarm's requests against a plain server that records them: how many, how many at once, which
// method. (What they protect against, wrangler losing a request on a connection idle for 5 s,
// takes minutes to show: scripts/lib/pages.ts says how it was measured.)
describe('keepWarm', () => {
  let warm: KeepWarm | undefined;
  afterEach(() => warm?.stop());

  /** A plain HTTP server on a free port while `run` runs; its connections are closed after. */
  async function withServer(handler: RequestListener, run: (url: string) => Promise<void>) {
    const server = createServer(handler);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      await run(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
    } finally {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    }
  }

  it('sends `parallel` HEAD requests at once every round, and none after stop', async () => {
    const methods: string[] = [];
    let open = 0;
    let mostAtOnce = 0;
    const handler: RequestListener = (req, res) => {
      methods.push(req.method!);
      open++;
      mostAtOnce = Math.max(mostAtOnce, open);
      // Held a little, so that the requests of one round overlap only if they are sent together.
      setTimeout(() => {
        open--;
        res.end();
      }, 20);
    };
    await withServer(handler, async (url) => {
      warm = keepWarm(url, { parallel: 3, everyMs: 100 });
      await new Promise((r) => setTimeout(r, 350));
      warm.stop();
      const sent = methods.length;
      expect(sent).toBeGreaterThanOrEqual(6);
      expect(sent % 3).toBe(0);
      expect(mostAtOnce).toBe(3);
      expect(new Set(methods)).toEqual(new Set(['HEAD']));
      await new Promise((r) => setTimeout(r, 250));
      expect(methods.length).toBe(sent);
    });
  });

  it('carries on when the server does not answer', async () => {
    // A server that never answers: the rounds go on regardless.
    let received = 0;
    await withServer(
      () => received++,
      async (url) => {
        warm = keepWarm(url, { parallel: 2, everyMs: 100 });
        await new Promise((r) => setTimeout(r, 350));
        warm.stop();
        expect(received).toBeGreaterThanOrEqual(6);
      },
    );
  });
});
