// Every child process the stack starts is registered here, so that nothing outlives the
// process that started it: not on stop(), not on an exception, not on Ctrl-C or SIGTERM.
import { spawn, type ChildProcess } from 'node:child_process';

interface Tracked {
  child: ChildProcess;
  /** Signal that stops this child cleanly (postgres: SIGINT = pg_ctl stop -m fast). */
  signal: NodeJS.Signals;
}

const tracked = new Set<Tracked>();
const stoppers = new Set<() => Promise<void>>();
let installed = false;

function killAllSync() {
  for (const t of tracked) {
    if (t.child.exitCode === null && t.child.signalCode === null) {
      try {
        t.child.kill(t.signal);
      } catch {
        /* already gone */
      }
    }
  }
}

async function onSignal(sig: NodeJS.Signals) {
  await Promise.allSettled([...stoppers].map((s) => s()));
  killAllSync();
  // Re-raise so that other listeners (or Node's default) decide what the signal means.
  process.removeListener(sig, handlers[sig]);
  if (process.listenerCount(sig) === 0) process.exit(sig === 'SIGINT' ? 130 : 143);
}

const handlers = {
  SIGINT: () => void onSignal('SIGINT'),
  SIGTERM: () => void onSignal('SIGTERM'),
  SIGHUP: () => void onSignal('SIGHUP'),
} as Record<NodeJS.Signals, () => void>;

// A watchdog shell that outlives us: we tell it which children run; when its stdin closes
// (this process ended, even by SIGKILL, where no handler runs) it signals the ones still
// registered. It ignores INT/TERM/HUP so a Ctrl-C on the terminal leaves it to do its job.
const WATCHDOG = `trap '' INT TERM HUP
while read op pid sig; do
  if [ "$op" = add ]; then eval "p_$pid=$sig"; live="$live $pid"; else eval "p_$pid="; fi
done
for pid in $live; do eval "sig=\\$p_$pid"; [ -n "$sig" ] && kill -s "$sig" "$pid" 2>/dev/null; done
exit 0`;
let watchdog: ChildProcess | undefined;

function tellWatchdog(line: string) {
  if (!watchdog) {
    try {
      watchdog = spawn('sh', ['-c', WATCHDOG], { stdio: ['pipe', 'ignore', 'ignore'], detached: true });
      watchdog.on('error', () => (watchdog = undefined));
      watchdog.stdin!.on('error', () => {});
      watchdog.unref();
      (watchdog.stdin as unknown as { unref?: () => void }).unref?.();
    } catch {
      return; // no sh: the exit/signal handlers still cover every normal ending
    }
  }
  watchdog.stdin?.write(line + '\n');
}

function install() {
  if (installed) return;
  installed = true;
  process.on('exit', killAllSync);
  for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(sig, handlers[sig]);
}

/** Registers a child; it is signalled when this process exits for any reason. */
export function track(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM') {
  install();
  const t = { child, signal };
  tracked.add(t);
  const sig = signal.replace(/^SIG/, '');
  if (child.pid) tellWatchdog(`add ${child.pid} ${sig}`);
  child.once('exit', () => {
    tracked.delete(t);
    if (child.pid) tellWatchdog(`del ${child.pid} -`);
  });
}

/** Registers an async stop (a whole stack) to run on SIGINT/SIGTERM; returns the unregister. */
export function onShutdown(stop: () => Promise<void>): () => void {
  install();
  stoppers.add(stop);
  return () => stoppers.delete(stop);
}

/** Stops a child with `signal`, then SIGKILL after `graceMs`; resolves once it has exited. */
export function stopChild(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM', graceMs = 5000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill(signal);
  });
}

/** Pids of the children still running (tests check that none are left). */
export function runningChildPids(): number[] {
  return [...tracked].filter((t) => t.child.exitCode === null && t.child.signalCode === null).map((t) => t.child.pid!);
}
