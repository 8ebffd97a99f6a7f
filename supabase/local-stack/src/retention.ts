// The nightly retention run (docs/privacy.md). A hosted project runs private.apply_retention()
// with Supabase Cron (pg_cron), which the embedded PostgreSQL does not have; the local stack
// calls the same function once it is up and then on a timer, so a stack left running behaves
// like the hosted one.
import { withLoneClient } from './pg-errors.js';
import type { ServiceHandle } from './types.js';

export interface RetentionConfig {
  dbUrl: string;
  /** Time between runs; a day, as the hosted schedule. */
  intervalMs?: number;
  log?: (line: string) => void;
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

export function startRetention({ dbUrl, intervalMs = RETENTION_INTERVAL_MS, log }: RetentionConfig): ServiceHandle {
  let running: Promise<void> = Promise.resolve();
  const run = () => {
    running = applyRetention(dbUrl).then(
      (counts) => log?.(`retention applied: ${JSON.stringify(counts)}`),
      // A failed run is retried at the next tick; the stack keeps serving.
      (error: unknown) => log?.(`retention failed: ${error instanceof Error ? error.message : String(error)}`),
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
