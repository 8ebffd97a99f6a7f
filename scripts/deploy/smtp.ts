// The preflight's SMTP check: the mail server answers and accepts the union's login, the way
// `send-mail` (nodemailer) will use it: TLS from the start on port 465, else STARTTLS when the
// server offers it, then AUTH. Written on node:net and node:tls because the scripts workspace
// does not depend on nodemailer (only the local stack and the function do); no mail is sent.
import net from 'node:net';
import tls from 'node:tls';

export interface SmtpLogin {
  host: string;
  port: number;
  /** Empty for a server without login (the local stack's mail catcher). */
  user: string;
  pass: string;
}

/** A reply: its code and its text lines (the code and separator removed). */
interface Reply {
  code: number;
  lines: string[];
}

export class SmtpRefused extends Error {}

/** Reads SMTP replies (multi-line ones end at "NNN " rather than "NNN-") from a socket. */
function replies(socket: net.Socket | tls.TLSSocket) {
  let buffer = '';
  let lines: string[] = [];
  const queue: Reply[] = [];
  let waiting: { resolve: (r: Reply) => void; reject: (e: Error) => void } | null = null;
  let failed: Error | null = null;
  const onData = (chunk: Buffer) => {
    buffer += chunk.toString('utf8');
    let end: number;
    while ((end = buffer.indexOf('\n')) >= 0) {
      const line = buffer.slice(0, end).replace(/\r$/, '');
      buffer = buffer.slice(end + 1);
      lines.push(line.slice(4));
      if (line[3] !== '-') {
        const reply = { code: Number(line.slice(0, 3)), lines };
        lines = [];
        if (waiting) {
          waiting.resolve(reply);
          waiting = null;
        } else queue.push(reply);
      }
    }
  };
  const onEnd = (error?: Error) => {
    failed = error ?? new Error('the server closed the connection');
    waiting?.reject(failed);
    waiting = null;
  };
  socket.on('data', onData);
  socket.on('error', onEnd);
  socket.on('close', () => onEnd());
  return {
    next: () =>
      new Promise<Reply>((resolve, reject) => {
        const queued = queue.shift();
        if (queued) resolve(queued);
        else if (failed) reject(failed);
        else waiting = { resolve, reject };
      }),
    detach: () => {
      socket.off('data', onData);
      socket.off('error', onEnd);
      socket.removeAllListeners('close');
    },
  };
}

/**
 * Connects to the server, logs in with `login` (when it has a user) and quits. Resolves with what
 * was proved; rejects with SmtpRefused when the server refused the login, else with the reason it
 * could not be reached. `timeoutMs` bounds the whole conversation.
 */
export async function verifySmtpLogin(login: SmtpLogin, timeoutMs = 15_000): Promise<string> {
  const implicitTls = login.port === 465;
  // Connecting counts too: a host that drops packets would otherwise hold the preflight until
  // the system gives up on the connection (minutes).
  let socket: net.Socket | tls.TLSSocket = implicitTls
    ? tls.connect({ host: login.host, port: login.port, servername: login.host })
    : net.connect({ host: login.host, port: login.port });
  const timer = setTimeout(() => socket.destroy(new Error(`no answer within ${timeoutMs / 1000} s`)), timeoutMs);
  try {
    await new Promise<void>((resolve, reject) => {
      socket.once(implicitTls ? 'secureConnect' : 'connect', () => resolve());
      socket.once('error', reject);
    });
    let read = replies(socket);
    const send = async (line: string): Promise<Reply> => {
      socket.write(`${line}\r\n`);
      return read.next();
    };
    const expect = (reply: Reply, code: number, what: string) => {
      if (reply.code !== code) throw new Error(`${what}: the server answered ${reply.code} ${reply.lines.join(' ')}`);
      return reply;
    };
    expect(await read.next(), 220, 'greeting');
    let ehlo = expect(await send('EHLO union-release'), 250, 'EHLO');
    let encrypted = implicitTls;
    if (!implicitTls && ehlo.lines.some((l) => /^STARTTLS\b/i.test(l))) {
      expect(await send('STARTTLS'), 220, 'STARTTLS');
      read.detach();
      socket = await new Promise<tls.TLSSocket>((resolve, reject) => {
        const secure = tls.connect({ socket, servername: login.host }, () => resolve(secure));
        secure.once('error', reject);
      });
      read = replies(socket);
      ehlo = expect(await send('EHLO union-release'), 250, 'EHLO after STARTTLS');
      encrypted = true;
    }
    let proved = `${login.host}:${login.port} answers${encrypted ? ' over TLS' : ''}`;
    if (login.user) {
      const mechanisms = ehlo.lines.find((l) => /^AUTH[ =]/i.test(l))?.toUpperCase() ?? '';
      let reply: Reply;
      if (/\bPLAIN\b/.test(mechanisms) || !/\bLOGIN\b/.test(mechanisms)) {
        const token = Buffer.from(`\0${login.user}\0${login.pass}`).toString('base64');
        reply = await send(`AUTH PLAIN ${token}`);
      } else {
        expect(await send('AUTH LOGIN'), 334, 'AUTH LOGIN');
        expect(await send(Buffer.from(login.user).toString('base64')), 334, 'AUTH LOGIN user');
        reply = await send(Buffer.from(login.pass).toString('base64'));
      }
      if (reply.code === 535 || reply.code === 534 || reply.code === 530)
        throw new SmtpRefused(`the server refused the login (${reply.code} ${reply.lines.join(' ')})`);
      expect(reply, 235, 'AUTH');
      proved += `, and accepts the login of ${login.user}`;
    }
    await send('QUIT').catch(() => {});
    return proved;
  } finally {
    clearTimeout(timer);
    socket.destroy();
  }
}
