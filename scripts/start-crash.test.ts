// A crash of the stack's own process (the gateway, auth and storage run in it) is reported, and
// everything it started is stopped with it: scripts/start.ts's 'uncaughtException' handler. The
// crash is real: `npm run stack` runs as people run it, with a test-only module loaded beside it
// (start-crash.preload.ts) that, sent SIGUSR2, throws an unheard 'error' event or leaves a
// rejection unhandled. The stack is not restarted on its own (src/README.md, "It heals itself",
// says why): what is checked is that the crash is said on the terminal and in the log with its
// stack trace, the exit code is 70, no child outlives it (no orphaned Postgres holding the data
// folder) and the lock is given back, so that `npm start` can simply be run again.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
const base = fs.mkdtempSync(path.join(os.tmpdir(), 'union-start-crash-'));
const dataDir = path.join(base, 'stack');
let child: ChildProcess;
let output = '';

/** Pids of every process below `pid` now (from /proc: ppid is the 4th field of stat). */
function descendants(pid: number): number[] {
  const parent = new Map<number, number>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      parent.set(Number(entry), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      /* gone meanwhile */
    }
  }
  const below = (p: number): boolean => {
    for (let q = parent.get(p) ?? 0, hops = 0; q > 1 && hops < 20; q = parent.get(q) ?? 0, hops++)
      if (q === pid) return true;
    return false;
  };
  return [...parent.keys()].filter(below);
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** `npm run stack` with the crash module loaded, until it is ready. */
async function startStack(crash: string): Promise<ChildProcess> {
  fs.rmSync(base, { recursive: true, force: true });
  fs.mkdirSync(base, { recursive: true });
  output = '';
  const started = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      '--import',
      path.join(root, 'scripts', 'start-crash.preload.ts'),
      path.join(root, 'scripts', 'start.ts'),
      '--stack-only',
      '--ports=free',
      `--data-dir=${dataDir}`,
    ],
    {
      cwd: root,
      env: { ...process.env, FORCE_COLOR: '0', UNION_TEST_CRASH: crash },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  started.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  started.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  await new Promise<void>((done, fail) => {
    const check = setInterval(() => {
      if (output.includes('Ctrl-C stops everything')) {
        clearInterval(check);
        done();
      } else if (started.exitCode !== null) {
        clearInterval(check);
        fail(new Error(`npm run stack exited:\n${output}`));
      }
    }, 200);
  });
  return started;
}

afterEach(async () => {
  if (child?.pid && child.exitCode === null && child.signalCode === null) {
    const exited = new Promise((done) => child.once('exit', done));
    child.kill('SIGINT');
    await exited;
  }
}, 60_000);
afterAll(() => fs.rmSync(base, { recursive: true, force: true }));

it.each([
  ['an error event nobody listens to', 'error-event'],
  ['a rejection nobody handles', 'rejection'],
])(
  'reports a crash (%s), stops every child with it and gives the lock back',
  async (what, crash) => {
    child = await startStack(crash);
    const postmaster = Number(fs.readFileSync(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[0]);
    const children = descendants(child.pid!);
    expect(children).toContain(postmaster);
    expect(fs.existsSync(`${dataDir}.lock`)).toBe(true);

    const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
    child.kill('SIGUSR2');
    expect(await exited, output).toBe(70);

    expect(output).toContain(`✗ The stack crashed: test crash: ${what}.`);
    expect(output).toContain(`Details in ${path.relative(root, `${dataDir}-stack.log`)}`);
    const log = fs.readFileSync(`${dataDir}-stack.log`, 'utf8');
    expect(log).toMatch(new RegExp(`\\[stack\\] crashed: Error: test crash: ${what}\\n\\s+at `));
    // Stopped before the exit: Postgres at once; any process below it is gone a moment later.
    expect(alive(postmaster)).toBe(false);
    await expect.poll(() => children.filter(alive), { timeout: 10_000 }).toEqual([]);
    expect(fs.existsSync(`${dataDir}.lock`)).toBe(false);
  },
  240_000,
);
