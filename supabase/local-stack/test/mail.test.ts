// The mail catcher: SMTP in, JSON API and a human inbox out. A private catcher on free ports is
// fed with real SMTP (nodemailer); the stack's own catcher (MAIL_URL) is checked for its API.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import nodemailer, { type Transporter } from 'nodemailer';
import { startMail } from '../src/mail/index.js';
import { env } from './env.js';

type Attachment = { FileName: string; ContentType: string; Size: number; PartID: string };
type Mail = {
  id: string;
  from: string;
  to: string[];
  subject: string;
  date: string;
  text: string;
  html: string;
  Attachments: Attachment[];
};

let mail: Awaited<ReturnType<typeof startMail>>;
let transport: Transporter;

beforeAll(async () => {
  mail = await startMail({ smtpPort: 0, httpPort: 0 });
  transport = nodemailer.createTransport({ host: '127.0.0.1', port: mail.smtpPort, secure: false, ignoreTLS: true });
});
afterAll(async () => {
  transport.close();
  await mail.close();
});

const list = async () => (await (await fetch(`${mail.url}/api/messages`)).json()) as Mail[];

describe('mail catcher', () => {
  it('stores SMTP messages and lists them newest first', async () => {
    await fetch(`${mail.url}/api/messages`, { method: 'DELETE' });
    await transport.sendMail({
      from: '"Union" <noreply@union.test>',
      to: 'first@example.test',
      subject: 'First',
      text: 'Hello first',
    });
    await transport.sendMail({
      from: 'noreply@union.test',
      to: ['second@example.test', 'third@example.test'],
      subject: 'مرحبا Second',
      text: 'Open https://example.test/x?a=1&b=2 now',
      html: '<p>Open <a href="https://example.test/x?a=1&amp;b=2">this link</a></p>',
    });
    const msgs = await list();
    expect(msgs).toHaveLength(2);
    const [second, first] = msgs as [Mail, Mail];
    expect(first).toMatchObject({ from: 'noreply@union.test', to: ['first@example.test'], subject: 'First' });
    expect(first.text.trim()).toBe('Hello first');
    expect(first.html).toBe('');
    expect(second.to).toEqual(['second@example.test', 'third@example.test']);
    expect(second.subject).toBe('مرحبا Second');
    expect(second.html).toContain('href="https://example.test/x?a=1&amp;b=2"');
    expect(Date.parse(second.date)).toBeGreaterThanOrEqual(Date.parse(first.date));
    expect(second.id).not.toBe(first.id);

    const one = await fetch(`${mail.url}/api/messages/${second.id}`);
    expect(one.status).toBe(200);
    expect(await one.json()).toEqual(second);
    const missing = await fetch(`${mail.url}/api/messages/nope`);
    expect(missing.status).toBe(404);
    expect((await fetch(`${mail.url}/api/messages/%E0%A4%A`)).status).toBe(404);
    expect((await fetch(`${mail.url}/messages/%E0%A4%A`)).status).toBe(404);
  });

  it('shows a human inbox with clickable messages and links', async () => {
    const [latest] = await list();
    const inbox = await fetch(`${mail.url}/`);
    expect(inbox.status).toBe(200);
    expect(inbox.headers.get('content-type')).toContain('text/html');
    const html = await inbox.text();
    expect(html).toContain(`href="/messages/${latest!.id}"`);
    expect(html).toContain('مرحبا Second');
    expect(html).toContain('first@example.test');

    const page = await (await fetch(`${mail.url}/messages/${latest!.id}`)).text();
    // the text part gets its URL turned into a link; the HTML part is shown in a sandboxed frame
    expect(page).toContain('<a href="https://example.test/x?a=1&amp;b=2" target="_blank"');
    expect(page).toContain('<iframe sandbox=');
    expect(page).not.toContain('<p>Open <a'); // HTML mail is escaped into srcdoc, never inlined
  });

  it('links the exact URL of an HTML-only mail in its text, never the bracket the text puts around it', async () => {
    // GoTrue's mails are HTML only; the inbox's text is derived from the HTML and writes a link as
    // "label [url]". Clicking a link that took the "]" spent the reset token on a dead URL.
    const url =
      'http://127.0.0.1:54321/auth/v1/verify?token=pkce_abc&type=recovery&redirect_to=http%3A%2F%2Fx%2Fadmin%2F';
    await transport.sendMail({
      from: 'noreply@union.test',
      to: 'reset@example.test',
      subject: 'Reset',
      html: `<p><a href="${url.replace(/&/g, '&amp;')}">Choose a new password</a></p>`,
    });
    const [latest] = await list();
    expect(latest!.subject).toBe('Reset');
    const page = await (await fetch(`${mail.url}/messages/${latest!.id}`)).text();
    const hrefs = [...page.matchAll(/<a href="([^"]+)" target="_blank"/g)].map((m) => m[1]!.replace(/&amp;/g, '&'));
    expect(hrefs).toEqual([url]);
  });

  it('escapes what senders control', async () => {
    await transport.sendMail({
      from: 'x@union.test',
      to: 'y@example.test',
      subject: '<script>alert(1)</script>',
      text: '<b>hi</b>',
    });
    const html = await (await fetch(`${mail.url}/`)).text();
    expect(html).not.toContain('<script>alert(1)</script>');
    expect(html).toContain('&lt;script&gt;');
  });

  it("lists each message's attachments as Mailpit does, and serves their bytes", async () => {
    const ics = 'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nEND:VCALENDAR\r\n';
    await transport.sendMail({
      from: 'noreply@union.test',
      to: 'files@example.test',
      subject: 'With a file',
      text: 'See the file',
      attachments: [{ filename: 'أمسية.ics', content: ics, contentType: 'text/calendar; charset=utf-8' }],
    });
    const [m] = await list();
    expect(m!.Attachments).toEqual([
      { FileName: 'أمسية.ics', ContentType: 'text/calendar', Size: Buffer.byteLength(ics), PartID: '2' },
    ]);
    const part = await fetch(`${mail.url}/api/messages/${m!.id}/part/2`);
    expect(part.status).toBe(200);
    expect(part.headers.get('content-type')).toBe('text/calendar');
    expect(await part.text()).toBe(ics);
    expect((await fetch(`${mail.url}/api/messages/${m!.id}/part/9`)).status).toBe(404);
    expect(await (await fetch(`${mail.url}/messages/${m!.id}`)).text()).toContain('أمسية.ics');
    const [first] = (await list()).slice(-1);
    expect(first!.Attachments).toEqual([]);
  });

  it('deletes all messages', async () => {
    const del = await fetch(`${mail.url}/api/messages`, { method: 'DELETE' });
    expect(del.status).toBe(200);
    expect(await list()).toEqual([]);
  });
});

describe("the stack's mail catcher", () => {
  it('answers the JSON API at MAIL_URL', async () => {
    const res = await fetch(`${env.mailUrl}/api/messages`);
    expect(res.status).toBe(200);
    expect(Array.isArray(await res.json())).toBe(true);
  });
});
