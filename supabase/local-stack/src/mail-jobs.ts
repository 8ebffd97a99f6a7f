// The two mail jobs a hosted project runs with Supabase Cron (docs/mail.md), on timers here, as
// retention.ts does for the retention run:
// - reminders: private.queue_reminders() once the stack is up and then every hour;
// - the drain: when public.mail_outbox holds a mail that is due, a POST to the Edge Function
//   send-mail with the service key (checked every second, so a mail queued by a registration
//   leaves at once and a retry at its time; the function is called only when there is work).
import type pg from 'pg';
import { withLoneClient } from './pg-errors.js';
import type { ServiceHandle } from './types.js';

export interface MailJobsConfig {
  dbUrl: string;
  /** The function's URL through the gateway, e.g. http://127.0.0.1:54321/functions/v1/send-mail */
  sendMailUrl: string;
  serviceRoleKey: string;
  drainIntervalMs?: number;
  reminderIntervalMs?: number;
  log?: (line: string) => void;
}

export const REMINDER_INTERVAL_MS = 60 * 60 * 1000;
export const DRAIN_INTERVAL_MS = 1000;

const query = async <T extends pg.QueryResultRow>(dbUrl: string, text: string): Promise<T[]> =>
  // The connection's own 'error' (Postgres died mid-query) is left to the query's rejection.
  withLoneClient(
    dbUrl,
    () => {},
    async (client) => (await client.query<T>(text)).rows,
  );

export function startMailJobs({
  dbUrl,
  sendMailUrl,
  serviceRoleKey,
  drainIntervalMs = DRAIN_INTERVAL_MS,
  reminderIntervalMs = REMINDER_INTERVAL_MS,
  log,
}: MailJobsConfig): ServiceHandle {
  const message = (e: unknown) => (e instanceof Error ? e.message : String(e));
  let reminding: Promise<void> = Promise.resolve();
  const remind = () => {
    reminding = query<{ queued: number }>(dbUrl, 'select private.queue_reminders() as queued').then(
      (rows) => {
        if (rows[0]?.queued) log?.(`reminders queued: ${rows[0].queued}`);
      },
      (e: unknown) => log?.(`reminders failed: ${message(e)}`),
    );
  };

  let draining: Promise<void> | null = null;
  let lastError = '';
  const drain = async () => {
    // The rule public.claim_mails claims by (20261202101000_mail_due.sql).
    const due = await query(dbUrl, 'select 1 from private.due_mails limit 1');
    if (due.length === 0) return;
    const res = await fetch(sendMailUrl, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${serviceRoleKey}`,
        apikey: serviceRoleKey,
        'content-type': 'application/json',
      },
      body: '{}',
      signal: AbortSignal.timeout(120_000),
    });
    const body = await res.text();
    if (!res.ok) throw new Error(`send-mail answered ${res.status}: ${body.slice(0, 200)}`);
    log?.(`mail drained: ${body}`);
  };
  const tick = () => {
    // One drain at a time; a slow SMTP server delays the next tick instead of stacking calls.
    if (draining) return;
    draining = drain().then(
      () => {
        lastError = '';
      },
      (e: unknown) => {
        // Logged once per distinct error: a database that is restarting would fill the log.
        if (message(e) !== lastError) log?.(`mail drain failed: ${(lastError = message(e))}`);
      },
    );
    void draining.finally(() => (draining = null));
  };

  remind();
  tick();
  const reminderTimer = setInterval(remind, reminderIntervalMs);
  const drainTimer = setInterval(tick, drainIntervalMs);
  // The timers alone never keep the process alive.
  reminderTimer.unref();
  drainTimer.unref();
  return {
    url: sendMailUrl,
    async close() {
      clearInterval(reminderTimer);
      clearInterval(drainTimer);
      await Promise.all([reminding, draining]);
    },
  };
}
