// Every child process the stack starts is registered here, so that nothing outlives the
// process that started it: not on stop(), not on an exception, not on Ctrl-C or SIGTERM.
import type { ChildProcess } from 'node:child_process';

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
  child.once('exit', () => tracked.delete(t));
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
