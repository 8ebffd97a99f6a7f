// The stack heals itself (supervisor.ts): after a kill -9 of any child process (Postgres,
// PostgREST, Deno, the mail catcher) it is started again with nobody's help, reads work again
// within 5 s, meanwhile the gateway answers 503 with a JSON body (never an empty 4xx), and a write
// that was acknowledged before a crash of Postgres is still there (durable commits). While the
// database is down, Storage answers 503 in its own error shape, as REST does. These tests
// start a stack of their own: they kill its processes.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStack, type Stack, type SupervisedChild } from '../src/index.js';

let stack: Stack;
let dir: string;
const log: string[] = [];
beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'union-stack-supervision-'));
  stack = await startStack({
    dataDir: dir,
    ports: 'free',
    reset: true,
    log: (service, line) => log.push(`[${service}] ${line}`),
  });
}, 120_000);
afterAll(async () => {
  await stack?.stop();
  fs.rmSync(dir, { recursive: true, force: true });
});

const headers = () => ({ apikey: stack.anonKey, authorization: `Bearer ${stack.anonKey}` });

interface Probe {
  status: number;
  body: string;
}

async function probe(url: string, init: RequestInit = {}): Promise<Probe> {
  try {
    const res = await fetch(url, { ...init, signal: AbortSignal.timeout(2000) });
    return { status: res.status, body: await res.text() };
  } catch {
    return { status: 0, body: '' };
  }
}

/** Kills `child` with SIGKILL and polls `check` until it answers 200; every answer on the way is kept. */
async function killAndWait(child: SupervisedChild, check: () => Promise<Probe>) {
  const pid = stack.processes()[child]!;
  const restartsBefore = stack.restarts()[child];
  process.kill(pid, 'SIGKILL');
  const t0 = Date.now();
  const seen: Probe[] = [];
  for (;;) {
    const p = await check();
    seen.push(p);
    if (p.status === 200 && stack.restarts()[child] > restartsBefore) break;
    if (Date.now() - t0 > 15_000) break;
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    seconds: (Date.now() - t0) / 1000,
    seen,
    pid,
    newPid: stack.processes()[child],
    restarts: stack.restarts()[child] - restartsBefore,
  };
}

/** Every answer while a child was down: 200, or a 503 whose body is JSON. */
function onlyJson503s(seen: Probe[]) {
  for (const p of seen.filter((s) => s.status !== 200 && s.status !== 0)) {
    expect(p.status, p.body).toBe(503);
    expect(() => JSON.parse(p.body), p.body).not.toThrow();
  }
}

const read = () => probe(`${stack.apiUrl}/rest/v1/events?select=id&limit=1`, { headers: headers() });

describe('a stack that heals itself', () => {
  it('runs Postgres with durable commits (synchronous_commit and fsync on)', async () => {
    const c = new pg.Client({ connectionString: stack.dbUrl });
    await c.connect();
    try {
      const { rows } = await c.query(
        `select current_setting('synchronous_commit') as sc, current_setting('fsync') as fs`,
      );
      expect(rows[0]).toEqual({ sc: 'on', fs: 'on' });
    } finally {
      await c.end();
    }
  });

  it('restarts PostgREST after kill -9; reads answer again within 5 s', async () => {
    const r = await killAndWait('postgrest', read);
    expect(r.restarts).toBe(1);
    expect(r.newPid).not.toBe(r.pid);
    expect(r.seconds).toBeLessThan(5);
    onlyJson503s(r.seen);
    expect(log.some((l) => /postgrest exited \(signal SIGKILL\)/.test(l))).toBe(true);
  });

  it('restarts Deno after kill -9; functions answer again within 5 s', async () => {
    const r = await killAndWait('functions', () =>
      probe(`${stack.apiUrl}/functions/v1/_probe`, { method: 'POST', headers: headers() }),
    );
    expect(r.restarts).toBe(1);
    expect(r.seconds).toBeLessThan(5);
    onlyJson503s(r.seen);
  });

  it('restarts the mail catcher after kill -9 on the same ports', async () => {
    const r = await killAndWait('mail', () => probe(`${stack.mailUrl}/api/messages`));
    expect(r.restarts).toBe(1);
    expect(r.seconds).toBeLessThan(5);
  });

  it('restarts Postgres after kill -9 under writes: no acknowledged write lost, reads back within 5 s', async () => {
    const submit = (i: number) =>
      probe(`${stack.apiUrl}/rest/v1/rpc/submit`, {
        method: 'POST',
        headers: { ...headers(), 'content-type': 'application/json' },
        body: JSON.stringify({
          type: 'contact',
          name: `Durable ${i}`,
          email: `durable-${i}@example.com`,
          message: 'Kept?',
        }),
      });
    // Writes in flight while the postmaster is killed: whatever was acknowledged must survive.
    const acknowledged: number[] = [];
    let i = 0;
    let stop = false;
    const writers = Array.from({ length: 8 }, async () => {
      while (!stop) {
        const n = i++;
        if ((await submit(n)).status === 201) acknowledged.push(n);
      }
    });
    await new Promise((r) => setTimeout(r, 500));
    const r = await killAndWait('postgres', read);
    stop = true;
    await Promise.all(writers);
    expect(r.restarts).toBe(1);
    expect(r.seconds).toBeLessThan(5);
    onlyJson503s(r.seen);
    const c = new pg.Client({ connectionString: stack.dbUrl });
    await c.connect();
    try {
      const { rows } = await c.query<{ name: string }>(
        `select name from public.submissions where name like 'Durable %'`,
      );
      const stored = new Set(rows.map((row) => row.name));
      expect(acknowledged.length).toBeGreaterThan(0);
      expect(acknowledged.filter((n) => !stored.has(`Durable ${n}`))).toEqual([]);
    } finally {
      await c.end();
    }
  }, 60_000);

  it('answers 503 from Storage, as from REST, while the database is down, and serves again after', async () => {
    const auth = { apikey: stack.serviceRoleKey, authorization: `Bearer ${stack.serviceRoleKey}` };
    const list = () =>
      probe(`${stack.apiUrl}/storage/v1/object/list/images`, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json' },
        body: JSON.stringify({ prefix: '', limit: 1 }),
      });
    const upload = () =>
      probe(`${stack.apiUrl}/storage/v1/object/images/outage-${Date.now()}.txt`, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'text/plain' },
        body: 'written during an outage?',
      });
    expect((await list()).status).toBe(200);
    await stack.pause('postgres');
    try {
      for (const ask of [list, upload]) {
        const p = await ask();
        expect(p.status, p.body).toBe(503);
        expect(JSON.parse(p.body)).toEqual({
          statusCode: '503',
          code: 'DatabaseUnavailable',
          error: 'Service Unavailable',
          message: 'The database is not available. Try again in a moment.',
        });
      }
      expect((await read()).status).toBe(503);
      // As the gateway's own 503: when to ask again.
      const res = await fetch(`${stack.apiUrl}/storage/v1/object/images/none.png`, { headers: auth });
      expect(res.status).toBe(503);
      expect(res.headers.get('retry-after')).toBe('1');
      await res.arrayBuffer();
    } finally {
      await stack.resume('postgres');
    }
    await expect.poll(async () => (await list()).status, { timeout: 15_000, interval: 100 }).toBe(200);
  }, 60_000);
});
