// The stack's own process (gateway, auth and storage run in it) may die: scripts/start.ts says
// so on the terminal and in the log and starts it again, on the same ports, and gives up after
// three deaths in a row (here within ten minutes, so that a slow machine cannot spread them past
// the window). The faults are real: `npm run stack` runs as people run it, with a test-only
// module loaded beside it (start-crash.preload.ts) that, sent SIGUSR2, throws an unheard 'error'
// event or leaves a rejection unhandled, and that can make the stack log's disk "full". Checked:
// a crash and a kill -9 are said, with the crash's stack trace in the log, and the API answers
// again after each; a full disk under the log is said once and the stack serves on, its lines
// written once there is room; the crash loop ends with a clear message and exit code 70, no child
// outlives it (no orphaned Postgres holding the data folder), the lock is given back, and the
// next start keeps the crashed run's log as .1.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
const base = fs.mkdtempSync(path.join(os.tmpdir(), 'union-start-crash-'));
const dataDir = path.join(base, 'stack');
const logFile = `${dataDir}-stack.log`;
const crashFile = path.join(base, 'crash-kind');
const fullFlag = path.join(base, 'log-disk-full');
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

/** A process that runs: a zombie (exited, not yet reaped by whoever adopted it) has ended. */
const alive = (pid: number) => {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z';
  } catch {
    return false;
  }
};

interface Lock {
  pid: number;
  stackPid: number;
  urls: Record<string, string>;
}
const lock = () => JSON.parse(fs.readFileSync(`${dataDir}.lock`, 'utf8')) as Lock;
const postmaster = () => Number(fs.readFileSync(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[0]);
const log = () => fs.readFileSync(logFile, 'utf8');
const ANON_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0';

/** A read through the gateway: REST, so PostgREST and Postgres answer too. */
async function read(api: string): Promise<number> {
  try {
    const res = await fetch(`${api}/rest/v1/events?select=id&limit=1`, {
      headers: { apikey: ANON_KEY, authorization: `Bearer ${ANON_KEY}` },
      signal: AbortSignal.timeout(2000),
    });
    await res.arrayBuffer();
    return res.status;
  } catch {
    return 0;
  }
}

/** Waits until the output has `text` `times` times (or the process ended). */
async function said(text: string, times = 1, timeout = 90_000) {
  const count = () => output.split(text).length - 1;
  await expect.poll(() => count() >= times || child.exitCode !== null, { timeout, interval: 100 }).toBe(true);
  expect(count(), output).toBeGreaterThanOrEqual(times);
}

/** `npm run stack` with the fault module loaded, until it is ready. */
async function start(): Promise<ChildProcess> {
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
      env: {
        ...process.env,
        FORCE_COLOR: '0',
        UNION_TEST_CRASH_FILE: crashFile,
        UNION_TEST_LOG_FULL: fullFlag,
        UNION_STACK_CRASH_WINDOW_MS: String(10 * 60_000),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  started.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  started.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  child = started;
  await said('Ctrl-C stops everything', 1, 180_000);
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

it("restarts the stack's process after a crash and a kill -9, survives a full disk under its log, gives up on a crash loop", async () => {
  await start();
  const { pid: supervisor, urls } = lock();
  const api = urls.api!;
  expect(await read(api)).toBe(200);

  // The log's disk is full: said once, the stack serves on (Postgres killed and back meanwhile,
  // which the log would have said), and the lines are written once there is room again.
  fs.writeFileSync(fullFlag, '');
  process.kill(postmaster(), 'SIGKILL');
  await said('postgres restarted in');
  await said('Cannot write the stack log');
  expect(output).toContain('(ENOSPC: the disk is full). The stack keeps running');
  expect(output.split('Cannot write the stack log').length - 1).toBe(1);
  await expect.poll(() => read(api), { timeout: 15_000 }).toBe(200);
  expect(log()).not.toContain('postgres exited (signal SIGKILL)');
  fs.rmSync(fullFlag);
  await expect.poll(log, { timeout: 15_000 }).toMatch(/\[stack\] log: could not be written for [\d.]+ s \(ENOSPC\)/);
  expect(log()).toContain('[postgres] postgres exited (signal SIGKILL)');
  expect(child.exitCode).toBeNull();

  // 1. A crash (an unheard 'error' event): said, traced in the log, the process started again.
  const first = lock().stackPid;
  const firstChildren = descendants(first);
  const firstPostmaster = postmaster();
  expect(firstChildren).toContain(firstPostmaster);
  process.kill(first, 'SIGUSR2');
  await said('The stack serves again at');
  expect(output).toContain('✗ The stack crashed: test crash: an error event nobody listens to.');
  expect(output).toContain("! The stack's process died (code 70)");
  expect(log()).toMatch(/\[stack\] crashed: Error: test crash: an error event nobody listens to\n\s+at /);
  expect(log()).toMatch(/\[start\] The stack's process died \(code 70\) after [\d.]+ s: starting it again\./);
  expect(alive(firstPostmaster)).toBe(false);
  // Its watchdog shell (children.ts) ends once it has signalled what was left: allow it a moment.
  await expect.poll(() => firstChildren.filter(alive), { timeout: 5_000 }).toEqual([]);
  expect(lock().pid).toBe(supervisor);
  expect(lock().urls.api).toBe(api);
  expect(lock().stackPid).not.toBe(first);
  expect(await read(api)).toBe(200);

  // 2. kill -9 of the stack's process: nothing of its own runs, its children are stopped by
  // its watchdog, and the supervisor starts it again on the same ports.
  const second = lock().stackPid;
  const secondChildren = descendants(second);
  process.kill(second, 'SIGKILL');
  await said('The stack serves again at', 2);
  expect(output).toContain("! The stack's process died (signal SIGKILL)");
  await expect.poll(() => secondChildren.filter(alive), { timeout: 5_000 }).toEqual([]);
  expect(await read(api)).toBe(200);

  // 3. A third death (a rejection nobody handles) within the window: it gives up, cleanly.
  fs.writeFileSync(crashFile, 'rejection');
  const everything = descendants(supervisor);
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
  process.kill(lock().stackPid, 'SIGUSR2');
  expect(await exited, output).toBe(70);
  expect(output).toContain('✗ The stack crashed: test crash: a rejection nobody handles.');
  expect(output).toMatch(
    /✗ The stack's process died 3 times within 10 minutes \(last: code 70\): not starting it again\. Details in /,
  );
  await expect.poll(() => everything.filter(alive), { timeout: 10_000 }).toEqual([]);
  expect(fs.existsSync(`${dataDir}.lock`)).toBe(false);

  // The next start keeps the crashed run's log: rotated to .1, not truncated.
  const crashed = log();
  await start();
  expect(fs.readFileSync(`${logFile}.1`, 'utf8')).toBe(crashed);
  expect(log()).not.toContain('test crash');
}, 300_000);
