// `npm run stack` (scripts/start.ts) in a process of its own, as people run it: on free ports and
// the given data folder, until it prints that it is ready. The bench uses it so that the load it
// generates does not share the stack's thread.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

export interface StackProcess {
  child: ChildProcess;
  /** The stack's URLs from its lock file (api, db, mail, …). */
  urls: Record<string, string>;
  /** Everything it printed so far. */
  output(): string;
  /** Ctrl-C, and wait until it has stopped. */
  stop(): Promise<void>;
}

export async function spawnStack(
  root: string,
  dataDir: string,
  opts: { reset?: boolean; timeoutMs?: number } = {},
): Promise<StackProcess> {
  const lockFile = `${dataDir}.lock`;
  fs.rmSync(lockFile, { force: true });
  const args = ['--import', 'tsx', path.join(root, 'scripts', 'start.ts'), '--stack-only', '--ports=free'];
  if (opts.reset) args.push('--reset');
  const child = spawn(process.execPath, [...args, `--data-dir=${dataDir}`], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const timeoutMs = opts.timeoutMs ?? 60_000;
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`stack not ready within ${timeoutMs / 1000} s:\n${out}`)),
      timeoutMs,
    );
    child.stdout!.on('data', () => {
      if (out.includes('Ctrl-C stops everything')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`npm run stack exited (${code}):\n${out}`));
    });
  });
  const urls = (JSON.parse(fs.readFileSync(lockFile, 'utf8')) as { urls: Record<string, string> }).urls;
  return {
    child,
    urls,
    output: () => out,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGINT');
      }),
  };
}
