// A lock file with the owner's pid, so a second `npm start` notices the first and touches nothing.
import fs from 'node:fs';

export interface LockInfo {
  pid: number;
  startedAt: string;
  command: string;
  urls?: Record<string, string>;
  /** The stack's own process (gateway, auth, storage), which `pid` restarts when it dies. */
  stackPid?: number;
}

/** Whether process `pid` exists (EPERM: it does, owned by another user). */
export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The live owner of `file`, or undefined (a stale lock of a dead process is removed). */
export function lockOwner(file: string): LockInfo | undefined {
  let info: LockInfo;
  try {
    info = JSON.parse(fs.readFileSync(file, 'utf8')) as LockInfo;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    // Unreadable or half-written: treat as stale.
    fs.rmSync(file, { force: true });
    return undefined;
  }
  if (info.pid !== process.pid && alive(info.pid)) return info;
  fs.rmSync(file, { force: true });
  return undefined;
}

/** Takes the lock or returns the live owner that holds it. Released on exit. */
export function acquireLock(
  file: string,
  command: string,
): { ok: true; update(urls: Record<string, string>, stackPid?: number): void } | { ok: false; owner: LockInfo } {
  for (let attempt = 0; attempt < 3; attempt++) {
    const owner = lockOwner(file);
    if (owner) return { ok: false, owner };
    const info: LockInfo = { pid: process.pid, startedAt: new Date().toISOString(), command };
    try {
      fs.writeFileSync(file, JSON.stringify(info, null, 2), { flag: 'wx' });
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'EEXIST') continue; // lost a race: look again
      throw e;
    }
    process.on('exit', () => {
      try {
        const cur = JSON.parse(fs.readFileSync(file, 'utf8')) as LockInfo;
        if (cur.pid === process.pid) fs.rmSync(file, { force: true });
      } catch {
        /* already gone */
      }
    });
    return {
      ok: true,
      update(urls, stackPid) {
        fs.writeFileSync(file, JSON.stringify({ ...info, urls, stackPid }, null, 2));
      },
    };
  }
  const owner = lockOwner(file);
  return owner ? { ok: false, owner } : { ok: false, owner: { pid: -1, startedAt: '?', command: '?' } };
}
