// The stack's log survives its own restarts and a full disk (log-file.ts): a new start moves the
// earlier logs aside instead of truncating them, and a write that fails with ENOSPC is said once,
// never thrown, and the waiting lines are written when the disk has room again.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LogFile, rotateLogs, type LogFileSystem } from './log-file.js';

let dir: string;
let file: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'union-log-file-'));
  file = path.join(dir, 'dev-stack.log');
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

const read = (f: string) => fs.readFileSync(f, 'utf8');

describe('rotateLogs', () => {
  it('keeps the earlier runs as .1, .2, … and never truncates one', () => {
    for (let run = 1; run <= 7; run++) {
      rotateLogs(file, 5);
      const log = new LogFile(file);
      log.write(`run ${run}: crashed`);
      log.close();
    }
    expect(read(file)).toBe('run 7: crashed\n');
    expect([1, 2, 3, 4, 5].map((n) => read(`${file}.${n}`))).toEqual([
      'run 6: crashed\n',
      'run 5: crashed\n',
      'run 4: crashed\n',
      'run 3: crashed\n',
      'run 2: crashed\n',
    ]);
    expect(fs.existsSync(`${file}.6`)).toBe(false);
  });

  it('appends to the current log (a restarted process adds to the same run)', () => {
    rotateLogs(file);
    const first = new LogFile(file);
    first.write('[stack] crashed: Error: boom');
    const second = new LogFile(file);
    second.write("[start] the stack's process died: restarting it");
    first.close();
    second.close();
    expect(read(file)).toBe("[stack] crashed: Error: boom\n[start] the stack's process died: restarting it\n");
  });
});

/** Real files, but writes fail with ENOSPC while `full` is true; a short write first when `short`. */
function fullDisk() {
  const state = { full: false, short: false, writes: 0 };
  const disk: LogFileSystem = {
    openSync: (p, flags) => fs.openSync(p, flags),
    closeSync: (fd) => fs.closeSync(fd),
    writeSync: (fd, buffer) => {
      state.writes++;
      if (state.short && buffer.length > 4) {
        state.short = false;
        state.full = true;
        return fs.writeSync(fd, buffer.subarray(0, 4));
      }
      if (state.full) throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
      return fs.writeSync(fd, buffer);
    },
  };
  return { state, disk };
}

describe('LogFile on a full disk', () => {
  it('says so once, never throws, and writes the waiting lines when there is room again', () => {
    const { state, disk } = fullDisk();
    const warnings: string[] = [];
    const log = new LogFile(file, { fs: disk, warn: (l) => warnings.push(l), retryMs: 60_000 });
    log.write('before');
    state.full = true;
    for (let i = 0; i < 100; i++) expect(() => log.write(`during ${i}`)).not.toThrow();
    expect(log.failing).toBe(true);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/Cannot write the stack log .*dev-stack\.log \(ENOSPC: the disk is full\)/);
    expect(read(file)).toBe('before\n');

    state.full = false;
    log.write('after');
    expect(log.failing).toBe(false);
    expect(warnings).toHaveLength(2);
    expect(warnings[1]).toMatch(/is written again/);
    const lines = read(file).split('\n');
    expect(lines[0]).toBe('before');
    expect(lines[1]).toMatch(/^\[stack\] log: could not be written for \d+\.\d s \(ENOSPC\)$/);
    expect(lines.slice(2, 102)).toEqual(Array.from({ length: 100 }, (_, i) => `during ${i}`));
    expect(lines.slice(102)).toEqual(['after', '']);
    log.close();
  });

  it('keeps the newest lines within its bound and says how many were lost', () => {
    const { state, disk } = fullDisk();
    const log = new LogFile(file, { fs: disk, warn: () => {}, maxPendingBytes: 100, retryMs: 60_000 });
    state.full = true;
    for (let i = 0; i < 50; i++) log.write(`line ${String(i).padStart(2, '0')}`);
    state.full = false;
    log.close();
    const lines = read(file).trim().split('\n');
    // 8 bytes a line: the last 12 fit in 100 bytes, the 38 before them were dropped.
    expect(lines[0]).toMatch(/; 38 line\(s\) lost$/);
    expect(lines.slice(1)).toEqual(Array.from({ length: 12 }, (_, i) => `line ${38 + i}`));
  });

  it('finishes a line cut short by the disk filling up, without writing its start twice', () => {
    const { state, disk } = fullDisk();
    const log = new LogFile(file, { fs: disk, warn: () => {}, retryMs: 60_000 });
    state.short = true;
    log.write('a long line');
    expect(log.failing).toBe(true);
    state.full = false;
    log.write('next');
    const lines = read(file).split('\n');
    expect(lines[0]).toBe('a long line');
    expect(lines[1]).toMatch(/^\[stack\] log: could not be written for/);
    expect(lines.slice(2)).toEqual(['next', '']);
    log.close();
  });

  it('tries again on its own when no new line comes', async () => {
    const { state, disk } = fullDisk();
    const log = new LogFile(file, { fs: disk, warn: () => {}, retryMs: 50 });
    state.full = true;
    log.write('the last words before a quiet hour');
    state.full = false;
    await expect.poll(() => read(file), { timeout: 2000 }).toContain('the last words before a quiet hour\n');
    log.close();
  });

  it('never throws when the file cannot even be opened, and opens it later', () => {
    const warnings: string[] = [];
    const missing = path.join(dir, 'not-yet', 'dev-stack.log');
    const log = new LogFile(missing, { warn: (l) => warnings.push(l), retryMs: 60_000 });
    expect(() => log.write('first')).not.toThrow();
    expect(warnings[0]).toMatch(/\(ENOENT\)/);
    fs.mkdirSync(path.dirname(missing));
    log.write('second');
    expect(read(missing)).toMatch(/\(ENOENT\)\nfirst\nsecond\n$/);
    log.close();
  });
});
