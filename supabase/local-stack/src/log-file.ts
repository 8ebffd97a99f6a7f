// The stack's log file (`<dataDir>-stack.log`, scripts/start.ts). It is where a crash leaves its
// trace, so a new start never truncates it: the earlier logs move aside as .1 (the last run), .2
// and so on. And writing it must never end the process it describes: a full disk (ENOSPC) or any
// other write error is said once, the lines wait in memory (bounded) and are written when a later
// try succeeds, with a line saying what was lost.
import fs from 'node:fs';

/** How many earlier logs are kept beside the current one (.1 … .5). */
export const KEEP_LOGS = 5;

/**
 * Moves `file` aside as `file.1`, `file.1` as `file.2`, … up to `file.<keep>` (the oldest one,
 * past it, is dropped), so the next run starts a new file and every earlier trace is kept.
 */
export function rotateLogs(file: string, keep = KEEP_LOGS): void {
  const move = (from: string, to: string) => {
    try {
      fs.renameSync(from, to);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
    }
  };
  for (let n = keep - 1; n >= 1; n--) move(`${file}.${n}`, `${file}.${n + 1}`);
  if (keep >= 1) move(file, `${file}.1`);
}

/** The file calls this writer makes (a test hands in failing ones). */
export interface LogFileSystem {
  openSync(path: string, flags: string): number;
  writeSync(fd: number, buffer: Buffer): number;
  closeSync(fd: number): void;
}

export interface LogFileOptions {
  /** Said once when writing starts failing and once when it works again (stderr by default). */
  warn?: (line: string) => void;
  /** Lines kept while writes fail; the oldest are dropped (and counted) past this. */
  maxPendingBytes?: number;
  /** How soon a failed write is tried again without a new line. */
  retryMs?: number;
  fs?: LogFileSystem;
}

/**
 * Appends lines to a file, synchronously (a crash's last lines are written before the process
 * ends), opened in append mode so that two processes (scripts/start.ts and the stack's process)
 * can share it. write() never throws.
 */
export class LogFile {
  private fd: number | undefined;
  private pending: Buffer[] = [];
  private pendingBytes = 0;
  private dropped = 0;
  private failingSince = 0;
  private failure = '';
  private timer: NodeJS.Timeout | undefined;
  private closed = false;
  /** pending[0] is the rest of a line whose start is already on disk. */
  private cut = false;
  private readonly fs: LogFileSystem;
  private readonly warn: (line: string) => void;
  private readonly maxPending: number;
  private readonly retryMs: number;

  constructor(
    readonly file: string,
    opts: LogFileOptions = {},
  ) {
    this.fs = opts.fs ?? fs;
    this.warn = opts.warn ?? ((line) => process.stderr.write(`  ! ${line}\n`));
    this.maxPending = opts.maxPendingBytes ?? 1024 * 1024;
    this.retryMs = opts.retryMs ?? 5000;
  }

  /** Appends one line (a newline is added). */
  write(line: string): void {
    if (this.closed) return;
    this.queue(Buffer.from(line.endsWith('\n') ? line : `${line}\n`));
    this.flush();
  }

  /** True while writes fail and lines wait in memory. */
  get failing(): boolean {
    return this.failingSince !== 0;
  }

  /** Tries the waiting lines a last time and closes the file. */
  close(): void {
    if (this.closed) return;
    this.flush();
    this.closed = true;
    clearTimeout(this.timer);
    if (this.fd !== undefined) {
      try {
        this.fs.closeSync(this.fd);
      } catch {
        /* nothing more to do */
      }
      this.fd = undefined;
    }
  }

  private queue(buf: Buffer) {
    this.pending.push(buf);
    this.pendingBytes += buf.length;
    while (this.pendingBytes > this.maxPending && this.pending.length > 1) {
      this.pendingBytes -= this.pending.shift()!.length;
      this.dropped++;
    }
  }

  private flush() {
    try {
      this.fd ??= this.fs.openSync(this.file, 'a');
      // The rest of a line the disk cut short comes first, so that the note starts a line.
      if (this.cut) {
        this.writeAll(this.pending[0]!);
        this.pendingBytes -= this.pending.shift()!.length;
        this.cut = false;
      }
      if (this.failingSince) {
        const seconds = ((Date.now() - this.failingSince) / 1000).toFixed(1);
        const lost = this.dropped ? `; ${this.dropped} line(s) lost` : '';
        this.writeAll(Buffer.from(`[stack] log: could not be written for ${seconds} s (${this.failure})${lost}\n`));
      }
      while (this.pending.length > 0) {
        this.writeAll(this.pending[0]!);
        this.pendingBytes -= this.pending.shift()!.length;
      }
      if (this.failingSince) this.warn(`The stack log ${this.file} is written again.`);
      this.failingSince = 0;
      this.dropped = 0;
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code ?? (e as Error).message;
      if (!this.failingSince) {
        this.failingSince = Date.now();
        this.failure = code;
        this.warn(
          `Cannot write the stack log ${this.file} (${code}${code === 'ENOSPC' ? ': the disk is full' : ''}). ` +
            'The stack keeps running; its log lines wait in memory and are written once that works again.',
        );
      }
      this.retryLater();
    }
  }

  /** Writes buf whole; a short write (a nearly full disk) leaves the rest in pending[0]. */
  private writeAll(buf: Buffer) {
    let done = 0;
    try {
      while (done < buf.length) done += this.fs.writeSync(this.fd!, done === 0 ? buf : buf.subarray(done));
    } catch (e) {
      if (done > 0 && this.pending[0] === buf) {
        this.pending[0] = buf.subarray(done);
        this.pendingBytes -= done;
        this.cut = true;
      }
      throw e;
    }
  }

  private retryLater() {
    if (this.timer || this.closed) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      if (!this.closed && this.pending.length > 0) this.flush();
    }, this.retryMs);
    // The retry alone never keeps the process alive.
    this.timer.unref();
  }
}
