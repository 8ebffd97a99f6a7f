// Mail delivery that loses nothing (docs/mail.md): with the SMTP server down, a registration with
// an email is still accepted and its mail waits in public.mail_outbox (the failed attempt and its
// error recorded, the next one planned with backoff); once the server is back the drain sends it.
// A stack of its own: the test takes its mail catcher down (stack.pause('mail')).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { createClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStack, type Stack } from '../src/index.js';

let stack: Stack;
let dir: string;
const log: string[] = [];
beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'union-stack-mail-'));
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

async function query<T extends pg.QueryResultRow>(text: string, params: unknown[] = []): Promise<T[]> {
  const c = new pg.Client({ connectionString: stack.dbUrl });
  await c.connect();
  try {
    return (await c.query<T>(text, params)).rows;
  } finally {
    await c.end();
  }
}

interface Outbox {
  state: string;
  attempts: number;
  last_error: string | null;
  retry_in_s: number;
}

describe('a mail server that is down', () => {
  it('keeps the registration, retries the mail with backoff and sends it once the server is back', async () => {
    const visitor = createClient(stack.apiUrl, stack.anonKey, {
      auth: { persistSession: false, autoRefreshToken: false },
      realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
    });
    await stack.pause('mail');
    expect((await fetch(`${stack.mailUrl}/api/messages`).catch(() => null))?.ok ?? false).toBe(false);

    const to = `down-${Date.now()}@example.test`;
    const { data, error } = await visitor.rpc('submit', {
      type: 'event_registration',
      name: 'Mail Down',
      student_number: '2021010001',
      event_id: 'e0000000-0000-4000-8000-000000000001',
      email: to,
      language: 'ar',
    });
    expect(error).toBeNull();
    expect(data).toHaveProperty('waitlisted');
    const [reg] = await query<{ id: string }>(`select id from public.submissions where email = $1`, [to]);
    expect(reg).toBeDefined();

    const outbox = async () =>
      (
        await query<Outbox>(
          `select state::text, attempts, last_error, extract(epoch from next_attempt_at - now())::int as retry_in_s
             from public.mail_outbox where submission_id = $1`,
          [reg!.id],
        )
      )[0];
    // The stack's drain tried, failed and planned the next attempt. A claim counts the attempt
    // and the function records its error afterwards: wait for the error, not the count.
    await expect
      .poll(async () => (await outbox())?.last_error ?? '', { timeout: 20_000 })
      .toMatch(/ECONNREFUSED|connect/i);
    const failed = (await outbox())!;
    expect(failed.attempts).toBeGreaterThanOrEqual(1);
    expect(failed.state).toBe('queued');
    expect(failed.retry_in_s).toBeGreaterThan(0);
    expect(await query(`select 1 from public.submissions where id = $1`, [reg!.id])).toHaveLength(1);

    await stack.resume('mail');
    // Time passes: the retry is due now.
    await query(`update public.mail_outbox set next_attempt_at = now() where submission_id = $1`, [reg!.id]);
    await expect.poll(async () => (await outbox())?.state, { timeout: 20_000 }).toBe('sent');
    const sent = (await outbox())!;
    expect(sent.attempts).toBeGreaterThanOrEqual(2);
    expect(sent.last_error).toBeNull();
    const messages = (await (await fetch(`${stack.mailUrl}/api/messages`)).json()) as {
      to: string[];
      html: string;
      Attachments: { FileName: string; ContentType: string }[];
    }[];
    const mine = messages.filter((m) => m.to.includes(to));
    expect(mine).toHaveLength(1);
    expect(mine[0]!.html).toContain('dir="rtl"');
    expect(mine[0]!.Attachments[0]!.FileName).toMatch(/\.ics$/);
  }, 90_000);
});
