// The local stack's stand-in for Supabase Cron: private.apply_retention() on start and on a timer.
import { describe, expect, it } from 'vitest';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { startRetention } from '../src/retention.ts';
import { env } from './env.ts';

async function query<T extends pg.QueryResultRow>(text: string, params: unknown[] = []): Promise<T[]> {
  const c = new pg.Client({ connectionString: env.dbUrl });
  await c.connect();
  try {
    return (await c.query<T>(text, params)).rows;
  } finally {
    await c.end();
  }
}

describe('retention timer', () => {
  it('runs private.apply_retention() at once and again after each interval', async () => {
    const insertOld = async (name: string) =>
      query(
        `insert into public.submissions (type, name, email, message, created_at)
             values ('contact', $1, 'old@example.com', 'Hello', now() - interval '13 months')`,
        [name],
      );
    const left = async (name: string) =>
      (await query(`select id from public.submissions where name = $1`, [name])).length;
    const first = `retention-timer-${Date.now()}-a`;
    const second = `retention-timer-${Date.now()}-b`;
    await insertOld(first);

    const lines: string[] = [];
    const timer = startRetention({ dbUrl: env.dbUrl, intervalMs: 300, log: (l) => lines.push(l) });
    try {
      await expect.poll(() => left(first), { timeout: 5_000 }).toBe(0);
      // A form that grows old while the stack runs goes at a later tick.
      await insertOld(second);
      await expect.poll(() => left(second), { timeout: 5_000 }).toBe(0);
      expect(lines.some((l) => l.startsWith('retention applied: {"submissions":1'))).toBe(true);
    } finally {
      await timer.close();
    }
  });

  it("calls the purge of deleted records' images after each run, with the service key", async () => {
    const calls: { method?: string; auth?: string }[] = [];
    const server = http.createServer((req, res) => {
      calls.push({ method: req.method, auth: req.headers.authorization });
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"removed":0}');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/functions/v1/purge-images`;
    const lines: string[] = [];
    const timer = startRetention({
      dbUrl: env.dbUrl,
      intervalMs: 300,
      log: (l) => lines.push(l),
      purge: { url, serviceRoleKey: 'the-service-key' },
    });
    try {
      await expect.poll(() => calls.length, { timeout: 5_000 }).toBeGreaterThanOrEqual(2);
      expect(calls[0]).toEqual({ method: 'POST', auth: 'Bearer the-service-key' });
      expect(lines).toContain(`deleted records' images purged: {"removed":0}`);
    } finally {
      await timer.close();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
