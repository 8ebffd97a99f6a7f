/**
 * Mail catcher: an SMTP server that keeps every message in memory, plus an HTTP inbox
 * (`GET /` for people, `/api/messages` for tests). Like Inbucket/Mailpit in `supabase start`.
 */
import http from 'node:http';
import crypto from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { simpleParser, type AddressObject } from 'mailparser';
import type { MailConfig, ServiceHandle } from '../types.js';
import { closeServer, listen, sendJson } from '../http.js';

/** An attachment as Mailpit's message summary lists it (GET /api/v1/message/{ID}: Attachments). */
export interface MailAttachment {
  FileName: string;
  ContentType: string;
  Size: number;
  /** Its bytes: GET /api/messages/{id}/part/{PartID}. */
  PartID: string;
}

export interface MailMessage {
  id: string;
  from: string;
  to: string[];
  subject: string;
  date: string;
  text: string;
  html: string;
  /** Named as Mailpit names it, so a test written against Mailpit's API reads it unchanged. */
  Attachments: MailAttachment[];
}

const MAX_MESSAGES = 1000;
const MAX_SIZE = 10 * 1024 * 1024;

function addresses(a: AddressObject | AddressObject[] | undefined): string[] {
  if (!a) return [];
  const list = Array.isArray(a) ? a : [a];
  return list.flatMap((o) => o.value.map((v) => v.address ?? '').filter((x) => x !== ''));
}

/** decodeURIComponent that answers null for malformed escapes. */
function decode(s: string): string | null {
  try {
    return decodeURIComponent(s);
  } catch {
    return null;
  }
}

const esc = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

/**
 * Escapes text and turns http(s) URLs into links. The text of an HTML-only mail (mailparser's
 * html-to-text) writes a link as "label [url]", so a URL ends before a bracket, and before
 * punctuation that ends a sentence; brackets only belong in a URL around an IPv6 host.
 */
function linkify(text: string): string {
  return text
    .split(/(https?:\/\/(?:\[[0-9A-Fa-f:.]+\])?[^\s<>"'[\]]*[^\s<>"'[\].,;:!?)])/g)
    .map((part, i) =>
      i % 2 === 1 ? `<a href="${esc(part)}" target="_blank" rel="noopener">${esc(part)}</a>` : esc(part),
    )
    .join('');
}

const STYLE = `body{font-family:system-ui,sans-serif;margin:0;color:#1b1b1b;background:#f6f6f6}
header{background:#1f3b2d;color:#fff;padding:12px 20px}header a{color:#fff}
main{padding:16px 20px;max-width:1100px}table{border-collapse:collapse;width:100%;background:#fff}
th,td{text-align:left;padding:8px 10px;border-bottom:1px solid #ddd}tr:hover td{background:#eef5f0}
.meta{background:#fff;padding:12px;border:1px solid #ddd;margin-bottom:12px}
iframe{width:100%;height:360px;border:1px solid #ddd;background:#fff}pre{white-space:pre-wrap;overflow-wrap:anywhere;background:#fff;padding:12px;border:1px solid #ddd}
button{cursor:pointer}`;

function page(title: string, body: string): string {
  return (
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${esc(title)}</title>` +
    `<meta name="viewport" content="width=device-width,initial-scale=1"><style>${STYLE}</style></head>` +
    `<body><header><strong><a href="/">Local mail inbox</a></strong></header><main>${body}</main></body></html>`
  );
}

function inboxPage(messages: MailMessage[]): string {
  const rows = messages
    .map(
      (m) =>
        `<tr><td>${esc(new Date(m.date).toLocaleString('en-GB'))}</td><td>${esc(m.from)}</td><td>${esc(m.to.join(', '))}</td>` +
        `<td><a href="/messages/${encodeURIComponent(m.id)}">${esc(m.subject || '(no subject)')}</a></td></tr>`,
    )
    .join('');
  const table = messages.length
    ? `<table><thead><tr><th>Date</th><th>From</th><th>To</th><th>Subject</th></tr></thead><tbody>${rows}</tbody></table>`
    : '<p>No messages yet.</p>';
  return page(
    'Inbox',
    `<h1>Inbox (${messages.length})</h1>` +
      `<form method="post" action="/clear"><button type="submit">Delete all</button></form><p></p>${table}`,
  );
}

function messagePage(m: MailMessage): string {
  const meta =
    `<div class="meta"><div><b>From:</b> ${esc(m.from)}</div><div><b>To:</b> ${esc(m.to.join(', '))}</div>` +
    `<div><b>Date:</b> ${esc(new Date(m.date).toLocaleString('en-GB'))}</div><div><b>Subject:</b> ${esc(m.subject)}</div></div>`;
  // HTML mail is shown in a sandboxed frame; links open in a new tab.
  const html = m.html
    ? `<h2>HTML</h2><iframe sandbox="allow-popups allow-popups-to-escape-sandbox" srcdoc="${esc('<base target="_blank">' + m.html)}"></iframe>`
    : '';
  const text = m.text ? `<h2>Text</h2><pre>${linkify(m.text)}</pre>` : '';
  const files = m.Attachments.length
    ? `<h2>Attachments</h2><ul>${m.Attachments.map(
        (a) =>
          `<li><a href="/api/messages/${encodeURIComponent(m.id)}/part/${encodeURIComponent(a.PartID)}">${esc(a.FileName || '(no name)')}</a> (${esc(a.ContentType)}, ${a.Size} bytes)</li>`,
      ).join('')}</ul>`
    : '';
  return page(
    m.subject || 'Message',
    `<p><a href="/">&larr; Inbox</a></p><h1>${esc(m.subject || '(no subject)')}</h1>${meta}${html}${text}${files}`,
  );
}

export async function startMail(config: MailConfig): Promise<ServiceHandle & { smtpPort: number }> {
  const messages: MailMessage[] = []; // newest first
  // Attachment bytes by message id and PartID, outside the JSON of the messages.
  const parts = new Map<string, Map<string, { type: string; content: Buffer }>>();

  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    banner: 'local mail catcher',
    size: MAX_SIZE,
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          const envelopeTo = session.envelope.rcptTo.map((r) => r.address);
          const headerTo = addresses(parsed.to);
          const from =
            addresses(parsed.from)[0] ?? (session.envelope.mailFrom ? session.envelope.mailFrom.address : '');
          const id = crypto.randomUUID();
          const files = new Map<string, { type: string; content: Buffer }>();
          const attachments = parsed.attachments.map((a, i): MailAttachment => {
            const partId = String(i + 2); // part 1 is the message's text
            files.set(partId, { type: a.contentType, content: a.content });
            return { FileName: a.filename ?? '', ContentType: a.contentType, Size: a.size, PartID: partId };
          });
          parts.set(id, files);
          messages.unshift({
            id,
            from,
            to: headerTo.length ? headerTo : envelopeTo,
            subject: parsed.subject ?? '',
            date: (parsed.date ?? new Date()).toISOString(),
            text: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : '',
            Attachments: attachments,
          });
          if (messages.length > MAX_MESSAGES) {
            for (const old of messages.slice(MAX_MESSAGES)) parts.delete(old.id);
            messages.length = MAX_MESSAGES;
          }
          callback();
        })
        .catch((err: Error) => callback(err));
    },
  });
  smtp.on('error', () => {});

  const send = (res: http.ServerResponse, status: number, type: string, body: string) => {
    res.writeHead(status, {
      'Content-Type': type,
      'Content-Length': Buffer.byteLength(body),
      'Cache-Control': 'no-store',
    });
    res.end(body);
  };
  const json = (res: http.ServerResponse, status: number, v: unknown) =>
    sendJson(res, status, v, { 'cache-control': 'no-store' });

  const server = http.createServer((req, res) => {
    try {
      const url = new URL(req.url ?? '/', 'http://local');
      const path = url.pathname.replace(/\/+$/, '') || '/';
      const method = req.method ?? 'GET';
      if (method === 'OPTIONS') {
        res.writeHead(204, {
          'Access-Control-Allow-Origin': '*',
          'Access-Control-Allow-Methods': 'GET, DELETE',
          'Access-Control-Allow-Headers': '*',
        });
        return res.end();
      }
      res.setHeader('Access-Control-Allow-Origin', '*');
      if (path === '/api/messages') {
        if (method === 'GET') return json(res, 200, messages);
        if (method === 'DELETE') {
          messages.length = 0;
          parts.clear();
          return json(res, 200, {});
        }
        return json(res, 405, { error: 'method not allowed' });
      }
      const part = /^\/api\/messages\/([^/]+)\/part\/([^/]+)$/.exec(path);
      if (part && method === 'GET') {
        const file = parts.get(decode(part[1]!) ?? '')?.get(decode(part[2]!) ?? '');
        if (!file) return json(res, 404, { error: 'part not found' });
        res.writeHead(200, {
          'Content-Type': file.type,
          'Content-Length': file.content.length,
          'Cache-Control': 'no-store',
        });
        return res.end(file.content);
      }
      const api = /^\/api\/messages\/([^/]+)$/.exec(path);
      if (api) {
        const id = decode(api[1]!);
        const i = messages.findIndex((m) => m.id === id);
        if (method === 'GET')
          return i === -1 ? json(res, 404, { error: 'message not found' }) : json(res, 200, messages[i]);
        if (method === 'DELETE') {
          if (i === -1) return json(res, 404, { error: 'message not found' });
          parts.delete(messages[i]!.id);
          messages.splice(i, 1);
          return json(res, 200, {});
        }
        return json(res, 405, { error: 'method not allowed' });
      }
      if (path === '/' && method === 'GET') return send(res, 200, 'text/html; charset=utf-8', inboxPage(messages));
      if (path === '/clear' && method === 'POST') {
        req.resume();
        messages.length = 0;
        parts.clear();
        res.writeHead(303, { Location: '/' });
        return res.end();
      }
      const view = /^\/messages\/([^/]+)$/.exec(path);
      if (view && method === 'GET') {
        const m = messages.find((x) => x.id === decode(view[1]!));
        if (m) return send(res, 200, 'text/html; charset=utf-8', messagePage(m));
      }
      return send(
        res,
        404,
        'text/html; charset=utf-8',
        page('Not found', '<h1>Not found</h1><p><a href="/">Inbox</a></p>'),
      );
    } catch {
      if (!res.headersSent) json(res, 500, { error: 'internal error' });
    }
  });

  await new Promise<void>((resolve, reject) => {
    smtp.server.once('error', reject);
    smtp.listen(config.smtpPort, '127.0.0.1', () => resolve());
  });
  const smtpPort = (smtp.server.address() as AddressInfo).port;
  let port: number;
  try {
    port = await listen(server, config.httpPort);
  } catch (err) {
    await new Promise<void>((r) => smtp.close(() => r()));
    throw err;
  }
  return {
    url: `http://127.0.0.1:${port}`,
    smtpPort,
    async close() {
      await closeServer(server);
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
    },
  };
}
