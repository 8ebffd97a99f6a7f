import { afterEach, describe, expect, it, vi } from 'vitest';
import reloadAfterRelease, { type ReleaseWindow } from './releaseReload';

/** A page of an app whose entry is `/assets/index.js`; the host answers for it as `host` says. */
function page() {
  const host = { status: 200 as number | 'offline', type: 'text/javascript', asked: [] as string[], reloads: 0 };
  const stored = new Map<string, string>();
  const preloadErrors: (() => void)[] = [];
  const w: ReleaseWindow = {
    addEventListener: (type, run) => type === 'vite:preloadError' && void preloadErrors.push(run),
    fetch: (url, init) => {
      host.asked.push(`${init.method} ${url} ${init.cache}`);
      const { status, type } = host;
      return status === 'offline'
        ? Promise.reject(new TypeError('Failed to fetch'))
        : Promise.resolve({ status, headers: { get: (name: string) => (/^content-type$/i.test(name) ? type : null) } });
    },
    location: { reload: () => void host.reloads++ },
    sessionStorage: {
      getItem: (key) => stored.get(key) ?? null,
      setItem: (key, value) => void stored.set(key, value),
    },
  };
  reloadAfterRelease(w, '/assets/index.js');
  return {
    host,
    /** Vite's loader reporting a chunk that failed to load. */
    chunkFailed: () => preloadErrors.forEach((run) => run()),
    settled: () => new Promise((done) => setImmediate(done)),
  };
}

describe('a page opened before a release (releaseReload.ts)', () => {
  afterEach(() => vi.useRealTimers());

  it('loads the address afresh when a chunk failed and the entry is gone too, once a minute at most', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-29T10:00:00Z') });
    const p = page();
    p.host.status = 404;
    p.host.type = 'text/html';
    p.chunkFailed();
    await p.settled();
    expect(p.host.asked).toEqual(['HEAD /assets/index.js no-store']);
    expect(p.host.reloads).toBe(1);
    // The host still serves an old page: the reloaded page fails too, and stays.
    p.chunkFailed();
    await p.settled();
    expect(p.host.reloads).toBe(1);
    vi.setSystemTime(new Date('2026-11-29T10:01:01Z'));
    p.chunkFailed();
    await p.settled();
    expect(p.host.reloads).toBe(2);
  });

  it("takes a single-page fallback's answer (200, an HTML page) for the entry being gone", async () => {
    const p = page();
    p.host.type = 'text/html; charset=utf-8';
    p.chunkFailed();
    await p.settled();
    expect(p.host.reloads).toBe(1);
  });

  it('reloads nothing for a network failure: the entry still there, an error of the host, or no answer', async () => {
    const p = page();
    p.chunkFailed();
    await p.settled();
    p.host.status = 'offline';
    p.chunkFailed();
    await p.settled();
    p.host.status = 503;
    p.host.type = 'text/html';
    p.chunkFailed();
    await p.settled();
    expect(p.host.asked).toHaveLength(3);
    expect(p.host.reloads).toBe(0);
  });

  it('asks the host once for chunks that fail together', async () => {
    const p = page();
    p.host.status = 404;
    p.chunkFailed();
    p.chunkFailed();
    await p.settled();
    expect(p.host.asked).toHaveLength(1);
    expect(p.host.reloads).toBe(1);
  });
});
