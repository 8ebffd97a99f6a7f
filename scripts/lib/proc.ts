// Child processes for the scripts: each in its own process group so the whole tree (npm → sh →
// vite) can be stopped, and stopped on exit whatever happens.
import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';

const groups = new Set<ChildProcess>();
let installed = false;

function killGroup(child: ChildProcess, signal: NodeJS.Signals) {
  if (!child.pid || child.exitCode !== null || child.signalCode !== null) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    try {
      child.kill(signal);
    } catch {
      /* gone */
    }
  }
}

/** Spawns `cmd` in a new process group, killed (SIGTERM) when this process exits. */
export function spawnGroup(cmd: string, args: string[], opts: SpawnOptions): ChildProcess {
  if (!installed) {
    installed = true;
    process.on('exit', () => {
      for (const c of groups) killGroup(c, 'SIGTERM');
    });
  }
  const child = spawn(cmd, args, { ...opts, detached: true });
  groups.add(child);
  child.once('exit', () => groups.delete(child));
  return child;
}

/** Stops a process group: SIGTERM, then SIGKILL after `graceMs`. */
export function stopGroup(child: ChildProcess, graceMs = 3000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => killGroup(child, 'SIGKILL'), graceMs);
    child.once('exit', () => {
      clearTimeout(timer);
      // The group may outlive its leader (vite under npm): make sure it is gone.
      killGroup(child, 'SIGKILL');
      resolve();
    });
    killGroup(child, 'SIGTERM');
  });
}

/** Forwards a child's output line by line with a prefix. */
export function prefixOutput(child: ChildProcess, prefix: string, write: (line: string) => void) {
  for (const stream of [child.stdout, child.stderr]) {
    let buf = '';
    stream?.on('data', (d: Buffer) => {
      buf += d.toString();
      const lines = buf.split('\n');
      buf = lines.pop() ?? '';
      for (const l of lines) if (l.trim()) write(`${prefix} ${l}`);
    });
  }
}
