// The fast path's HTTP/1.1 on raw sockets (fastpath.ts): the request heads it takes are rewritten
// for PostgREST, and PostgREST's answers are read off its socket and re-framed for the client
// (one write with a length, the gateway's CORS headers).
import { isBrokenConnectionAnswer } from './gateway-rules.js';

/** What rewrite() needs of the fast path's configuration. */
export interface RewriteConfig {
  restHost: string;
  restPort: number;
  /** opaque key → JWT (sb_publishable_… / sb_secret_…) */
  keyMap: Record<string, string>;
  /** The API keys the gateway accepts; a read without one of them goes to the gateway (401). */
  knownKeys: Set<string>;
}

const PREFIX = '/rest/v1';
export const MAX_HEAD = 32 * 1024;
export const CRLF2 = Buffer.from('\r\n\r\n');
const DROP_REQ = new Set([
  'host',
  'connection',
  'keep-alive',
  'proxy-connection',
  'te',
  'trailer',
  'x-forwarded-proto',
  'x-forwarded-host',
  'x-forwarded-prefix',
  'x-real-ip',
  'cf-connecting-ip',
]);
const DROP_RES = new Set([
  'connection',
  'keep-alive',
  'transfer-encoding',
  'proxy-connection',
  'trailer',
  'content-length',
]);

export interface Parsed {
  head: string;
  isHead: boolean;
}

/** Rewrites a simple request head for PostgREST, or returns undefined when it is not one. */
export function rewrite(
  head: string,
  cfg: RewriteConfig,
  clientAddr: string,
  hostFallback: string,
): Parsed | undefined {
  const lines = head.split('\r\n');
  const [method, target, version] = lines[0]!.split(' ');
  if ((method !== 'GET' && method !== 'HEAD') || version !== 'HTTP/1.1' || !target) return undefined;
  if (!(target.startsWith(PREFIX + '/') || target.startsWith(PREFIX + '?') || target === PREFIX)) return undefined;
  const rest = target.slice(PREFIX.length);
  const path = rest === '' ? '/' : rest.startsWith('?') ? '/' + rest : rest;
  let out = `${method} ${path} HTTP/1.1\r\n`;
  let apikey: string | undefined;
  let auth: string | undefined;
  let xff: string | undefined;
  let host: string | undefined;
  for (let i = 1; i < lines.length; i++) {
    const line = lines[i]!;
    const colon = line.indexOf(':');
    if (colon <= 0) return undefined;
    const name = line.slice(0, colon).toLowerCase();
    const value = line.slice(colon + 1).trim();
    switch (name) {
      case 'content-length':
        if (value !== '0') return undefined;
        continue;
      case 'transfer-encoding':
      case 'upgrade':
      case 'expect':
        return undefined;
      case 'connection':
        if (value.toLowerCase().includes('close') || value.toLowerCase().includes('upgrade')) return undefined;
        continue;
      case 'apikey':
        if (!cfg.knownKeys.has(value)) return undefined;
        apikey = cfg.keyMap[value] ?? value;
        out += `apikey: ${apikey}\r\n`;
        continue;
      case 'authorization':
        auth = value;
        continue;
      case 'x-forwarded-for':
        xff = value;
        continue;
      case 'host':
        host = value;
        continue;
    }
    if (DROP_REQ.has(name)) continue;
    out += line + '\r\n';
  }
  if (apikey === undefined) return undefined; // the gateway answers 401
  if (auth !== undefined) {
    const mapped = auth.startsWith('Bearer sb_') ? cfg.keyMap[auth.slice(7)] : undefined;
    out += `authorization: ${mapped ? `Bearer ${mapped}` : auth}\r\n`;
  } else if (apikey) {
    out += `authorization: Bearer ${apikey}\r\n`;
  }
  out +=
    `x-forwarded-for: ${xff ? `${xff}, ${clientAddr}` : clientAddr}\r\n` +
    `x-forwarded-proto: http\r\nx-forwarded-host: ${host ?? hostFallback}\r\nx-forwarded-prefix: ${PREFIX}\r\n` +
    `x-real-ip: ${clientAddr}\r\nhost: ${cfg.restHost}:${cfg.restPort}\r\n\r\n`;
  return { head: out, isHead: method === 'HEAD' };
}

/** Reads one HTTP/1.1 response from PostgREST's socket; calls back with the client's bytes. */
export class ResponseReader {
  private buf: Buffer = Buffer.alloc(0);
  private headDone = false;
  private status = 0;
  private headOut = '';
  private mode: 'none' | 'length' | 'chunked' | 'close' = 'none';
  private remaining = 0;
  private body: Buffer[] = [];
  private bodySize = 0;
  /** True once any byte of the answer arrived (a reused socket closed before that is retried). */
  started = false;
  constructor(
    private readonly isHead: boolean,
    private readonly exposeHeaders: string,
    private readonly done: (bytes: Buffer, keepAlive: boolean) => void,
    private readonly fail: () => void,
  ) {}

  push(chunk: Buffer) {
    this.started = true;
    this.buf = this.buf.length ? Buffer.concat([this.buf, chunk]) : chunk;
    if (!this.headDone) {
      const end = this.buf.indexOf(CRLF2);
      if (end < 0) {
        if (this.buf.length > MAX_HEAD) this.fail();
        return;
      }
      if (!this.parseHead(this.buf.subarray(0, end).toString('latin1'))) return this.fail();
      this.buf = this.buf.subarray(end + 4);
      this.headDone = true;
      if (this.mode === 'none') return this.finish(true);
    }
    this.consumeBody();
  }

  /** Upstream closed: the end of a read-until-close body, or a failure. */
  end() {
    if (this.headDone && this.mode === 'close') {
      this.body.push(this.buf);
      this.bodySize += this.buf.length;
      this.finish(false);
    } else this.fail();
  }

  private parseHead(head: string): boolean {
    const lines = head.split('\r\n');
    const m = /^HTTP\/1\.[01] (\d{3})/.exec(lines[0]!);
    if (!m) return false;
    this.status = Number(m[1]);
    if (this.status < 200) return false; // 1xx: not expected from PostgREST; let it fail safely
    let out = lines[0] + '\r\n';
    let length: number | undefined;
    let chunked = false;
    for (let i = 1; i < lines.length; i++) {
      const line = lines[i]!;
      const colon = line.indexOf(':');
      if (colon <= 0) continue;
      const name = line.slice(0, colon).toLowerCase();
      if (name === 'content-length') length = Number(line.slice(colon + 1).trim());
      else if (name === 'transfer-encoding')
        chunked = line
          .slice(colon + 1)
          .toLowerCase()
          .includes('chunked');
      if (DROP_RES.has(name) || name.startsWith('access-control-')) continue;
      out += line + '\r\n';
    }
    out += `access-control-allow-origin: *\r\naccess-control-expose-headers: ${this.exposeHeaders}\r\n`;
    this.headOut = out;
    const bodyless = this.isHead || this.status === 204 || this.status === 304;
    if (bodyless) {
      this.mode = 'none';
      if (length !== undefined) this.headOut += `content-length: ${length}\r\n`;
    } else if (chunked) this.mode = 'chunked';
    else if (length !== undefined) {
      this.mode = length > 0 ? 'length' : 'none';
      this.remaining = length;
    } else this.mode = 'close';
    return true;
  }

  private consumeBody() {
    if (this.mode === 'length') {
      const take = Math.min(this.remaining, this.buf.length);
      this.body.push(this.buf.subarray(0, take));
      this.bodySize += take;
      this.remaining -= take;
      this.buf = this.buf.subarray(take);
      if (this.remaining === 0) this.finish(true);
      return;
    }
    if (this.mode === 'chunked') {
      for (;;) {
        const lineEnd = this.buf.indexOf('\r\n');
        if (lineEnd < 0) return;
        const size = parseInt(this.buf.subarray(0, lineEnd).toString('latin1'), 16);
        if (Number.isNaN(size)) return this.fail();
        if (size === 0) {
          // Last chunk; no trailers from PostgREST: "0\r\n\r\n".
          const end = this.buf.indexOf(CRLF2, lineEnd - 2 < 0 ? 0 : lineEnd - 2);
          if (end < 0) return;
          this.buf = this.buf.subarray(end + 4);
          return this.finish(true);
        }
        if (this.buf.length < lineEnd + 2 + size + 2) return;
        this.body.push(this.buf.subarray(lineEnd + 2, lineEnd + 2 + size));
        this.bodySize += size;
        this.buf = this.buf.subarray(lineEnd + 2 + size + 2);
      }
    }
    // 'close': collect until end()
  }

  private finish(keepAlive: boolean) {
    const bodyless = this.mode === 'none';
    const head = this.headOut + (bodyless ? '' : `content-length: ${this.bodySize}\r\n`) + '\r\n';
    const body = this.body.length === 1 ? this.body[0]! : Buffer.concat(this.body, this.bodySize);
    if (isBrokenConnectionAnswer(this.status, body)) return this.fail(); // an outage: the client gets the 503
    this.done(Buffer.concat([Buffer.from(head, 'latin1'), body]), keepAlive && this.buf.length === 0);
  }
}
