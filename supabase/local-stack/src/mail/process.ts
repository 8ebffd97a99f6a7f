// The mail catcher runs as a child process of its own (mail/child.ts), supervised like Postgres,
// PostgREST and Deno (supervisor.ts): when it dies it is started again on the same ports. Messages
// are kept in memory, so the inbox starts empty after a restart (as Inbucket's does).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { stopChild, track } from '../children.js';
import { repoRoot, srcDir } from '../paths.js';
import { exitReason, supervise, type Incarnation } from '../supervisor.js';
import type { MailConfig, ServiceHandle } from '../types.js';

export interface MailHandle extends ServiceHandle {
  smtpPort: number;
  /** The running mail process's pid (fault tests kill it). */
  readonly pid: number;
  readonly restarts: number;
  /** Takes the catcher down on purpose (SMTP connections are refused) until resume(). */
  pause(): Promise<void>;
  resume(): Promise<void>;
}

interface MailIncarnation extends Incarnation {
  pid: number;
  smtpPort: number;
  httpPort: number;
}

async function runMail(smtpPort: number, httpPort: number, log: (line: string) => void): Promise<MailIncarnation> {
  // tsx, as the stack itself runs: the mail catcher is TypeScript like the rest of src/.
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(srcDir, 'mail', 'child.ts'), String(smtpPort), String(httpPort)],
    {
      cwd: repoRoot,
      stdio: ['pipe', 'pipe', 'pipe'],
    },
  );
  child.stdin!.on('error', () => {});
  track(child);
  const exited = new Promise<string>((resolve) =>
    child.once('exit', (code, signal) => resolve(exitReason(code, signal))),
  );
  let output = '';
  const ports = await new Promise<[number, number]>((resolve, reject) => {
    child.stdout!.on('data', (d: Buffer) => {
      output += d;
      const m = /ready (\d+) (\d+)/.exec(output);
      if (m) resolve([Number(m[1]), Number(m[2])]);
    });
    child.stderr!.on('data', (d: Buffer) => {
      output += d;
      for (const line of d.toString().split('\n')) if (line.trim()) log(line.trim());
    });
    child.once('error', reject);
    child.once('exit', (code) =>
      reject(new Error(`the mail catcher exited (${code}) before it was ready:\n${output}`)),
    );
  });
  return { pid: child.pid!, smtpPort: ports[0], httpPort: ports[1], exited, stop: () => stopChild(child) };
}

/** The mail catcher (SMTP + web inbox) in its own supervised process. Port 0 picks free ports once. */
export async function startMailProcess(config: MailConfig & { log?: (line: string) => void }): Promise<MailHandle> {
  const log = config.log ?? (() => {});
  const first = await runMail(config.smtpPort, config.httpPort, log);
  // Restarts reuse the ports the first instance got, so URLs handed out stay right.
  let started = false;
  const url = `http://127.0.0.1:${first.httpPort}`;
  const supervised = await supervise(url, {
    name: 'mail',
    start: () => {
      if (!started) {
        started = true;
        return Promise.resolve(first);
      }
      return runMail(first.smtpPort, first.httpPort, log);
    },
    log,
  });
  return {
    url,
    smtpPort: first.smtpPort,
    get pid() {
      return supervised.current.pid;
    },
    get restarts() {
      return supervised.restarts;
    },
    pause: () => supervised.pause(),
    resume: () => supervised.resume(),
    close: () => supervised.close(),
  };
}
