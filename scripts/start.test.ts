// `npm start -- --ports=free` passes the real addresses to everything: a registration's mail,
// sent by this stack's send-mail, links to the site this run serves, and following the links in
// Chromium opens the event and cancels the registration through this stack's API. (Before, the
// mail named http://127.0.0.1:5173, which is another stack's site or nothing.)
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { randomUUID } from 'node:crypto';
import { createClient } from '@supabase/supabase-js';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { chromiumLaunchOptions } from './lib/chromium.js';

const root = resolve(import.meta.dirname, '..');
const dataDir = mkdtempSync(join(tmpdir(), 'union-start-'));
let child: ChildProcess;
let output = '';
let browser: Browser | undefined;

/** A row of the table `npm start` prints when everything answers. */
const row = (what: string) => new RegExp(`^\\s*${what}\\s{2,}(\\S+)`, 'm').exec(output)?.[1] ?? '';

beforeAll(async () => {
  child = spawn('npx', ['tsx', 'scripts/start.ts', '--ports=free', `--data-dir=${dataDir}`], {
    cwd: root,
    env: { ...process.env, FORCE_COLOR: '0' },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  await new Promise<void>((done, fail) => {
    const check = setInterval(() => {
      if (/Ready in /.test(output)) {
        clearInterval(check);
        done();
      } else if (child.exitCode !== null) {
        clearInterval(check);
        fail(new Error(`npm start exited:\n${output}`));
      }
    }, 200);
  });
}, 300_000);

afterAll(async () => {
  await browser?.close();
  if (child?.pid && child.exitCode === null) {
    const exited = new Promise((done) => child.once('exit', done));
    process.kill(-child.pid, 'SIGINT');
    await exited;
  }
  rmSync(dataDir, { recursive: true, force: true });
}, 60_000);

describe('npm start -- --ports=free', () => {
  it("writes mails whose links open this run's site, which talks to this run's API", async () => {
    const site = row('public site');
    const api = row('Supabase API');
    const inbox = row('mail inbox');
    expect(site).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(site).not.toBe('http://127.0.0.1:5173');
    // Node 20 has no WebSocket of its own for supabase-js's realtime client (unused here).
    const options = { auth: { persistSession: false }, realtime: { transport: WebSocket as never } };
    const service = createClient(api, row('service_role key'), options);
    const anon = createClient(api, row('anon key'), options);

    // An event open for registration, a student, and the student's registration with an email.
    const eventId = randomUUID();
    const title = `Start test ${eventId.slice(0, 8)}`;
    const L = (text: string) => ({ ar: text, en: text, tr: text });
    const starts = new Date(Date.now() + 10 * 86_400_000).toISOString();
    const event = await service.from('events').insert({
      id: eventId,
      title: L(title),
      description: L('D'),
      location: L('Hall'),
      starts_at: starts,
      registration_open: true,
      photo_path: 'events/test.png',
    });
    expect(event.error).toBeNull();
    const number = `ST${Date.now()}`;
    expect((await service.from('students').insert({ name: 'Start Test', student_number: number })).error).toBeNull();
    const address = `start-${eventId.slice(0, 8)}@example.test`;
    const submitted = await anon.rpc('submit', {
      type: 'event_registration',
      name: 'Start Test',
      student_number: number,
      event_id: eventId,
      email: address,
      language: 'en',
    });
    expect(submitted.error).toBeNull();

    // The stack's drain sends it to this run's mail catcher within seconds.
    let text = '';
    await expect
      .poll(
        async () => {
          const messages = (await (await fetch(`${inbox}/api/messages`)).json()) as { to: string[]; text: string }[];
          text = messages.find((m) => m.to.includes(address))?.text ?? '';
          return text !== '';
        },
        { timeout: 30_000, interval: 250 },
      )
      .toBe(true);
    const links = text.match(/https?:\/\/\S+/g) ?? [];
    expect(links.length).toBeGreaterThanOrEqual(2);
    for (const link of links) expect(new URL(link).origin).toBe(site);
    const eventLink = links.find((l) => l.includes(`/events/${eventId}`));
    const cancelLink = links.find((l) => l.includes('/cancel?token='));
    expect(eventLink).toBeDefined();
    expect(cancelLink).toBeDefined();

    browser = await chromium.launch(chromiumLaunchOptions());
    const page = await browser.newPage();
    await page.goto(eventLink!);
    await expect.poll(() => page.locator('h1').first().textContent(), { timeout: 60_000 }).toContain(title);

    await page.goto(cancelLink!);
    await page.getByTestId('cancel-registration').waitFor({ timeout: 60_000 });
    await page.getByTestId('cancel-page').locator('button.btn-primary').click();
    await page.getByTestId('cancel-done').waitFor({ timeout: 30_000 });
    const { data } = await service.from('submissions').select('status').eq('event_id', eventId).single();
    expect(data?.status).toBe('cancelled');
  }, 180_000);
});
