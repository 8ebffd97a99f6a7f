// The nightly retention run (docs/privacy.md). A hosted project runs private.apply_retention()
// with Supabase Cron (pg_cron), which the embedded PostgreSQL does not have; the local stack
// calls the same function once it is up and then on a timer, so a stack left running behaves
// like the hosted one. After each run it calls the Edge Function `purge-images` (when the stack
// runs functions), which hosted Supabase Cron calls nightly too (private.dispatch_image_purge):
// the images of records deleted longer ago than the restore period leave Storage.
import { withLoneClient } from './pg-errors.js';
import type { ServiceHandle } from './types.js';

export interface RetentionConfig {
  dbUrl: string;
  /** Time between runs; a day, as the hosted schedule. */
  intervalMs?: number;
  log?: (line: string) => void;
  /** The purge function's URL through the gateway and the service key to call it with. */
  purge?: { url: string; serviceRoleKey: string };
}

export const RETENTION_INTERVAL_MS = 24 * 60 * 60 * 1000;

async function applyRetention(dbUrl: string): Promise<unknown> {
  // The connection's own 'error' (Postgres died mid-run) is left to the query's rejection.
  return withLoneClient(
    dbUrl,
    () => {},
    async (client) => {
      const { rows } = await client.query<{ counts: unknown }>('select private.apply_retention() as counts');
      return rows[0]?.counts;
    },
  );
}

async function purgeImages({ url, serviceRoleKey }: { url: string; serviceRoleKey: string }): Promise<string> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { authorization: `Bearer ${serviceRoleKey}`, apikey: serviceRoleKey, 'content-type': 'application/json' },
    body: '{}',
    signal: AbortSignal.timeout(120_000),
  });
  const body = await res.text();
  if (!res.ok) throw new Error(`purge-images answered ${res.status}: ${body.slice(0, 200)}`);
  return body;
}

export function startRetention({
  dbUrl,
  intervalMs = RETENTION_INTERVAL_MS,
  log,
  purge,
}: RetentionConfig): ServiceHandle {
  const message = (error: unknown) => (error instanceof Error ? error.message : String(error));
  let running: Promise<void> = Promise.resolve();
  const run = () => {
    running = applyRetention(dbUrl)
      .then(
        (counts) => log?.(`retention applied: ${JSON.stringify(counts)}`),
        // A failed run is retried at the next tick; the stack keeps serving.
        (error: unknown) => log?.(`retention failed: ${message(error)}`),
      )
      .then(() => purge && purgeImages(purge))
      .then(
        (body) => {
          if (body) log?.(`deleted records' images purged: ${body}`);
        },
        (error: unknown) => log?.(`image purge failed: ${message(error)}`),
      );
  };
  run();
  const timer = setInterval(run, intervalMs);
  // The timer alone never keeps the process alive.
  timer.unref();
  return {
    url: dbUrl.replace(/:[^:@/]+@/, ':***@'),
    async close() {
      clearInterval(timer);
      await running;
    },
  };
}
