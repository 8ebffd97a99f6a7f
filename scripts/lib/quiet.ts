// Waiting for the machine to be quiet before a timing. Lighthouse times the page on this machine
// and multiplies by 4 (docs/performance.md), so whatever else uses the CPU during a run (the build
// that just ended, a database checkpoint, another job on a shared machine) reads as the page's
// blocking time: on 2026-11-29 the first run of the home page measured 2226 ms of TBT, with
// Lighthouse's CPU benchmark index at 1161 (something else had the CPU), the next two 412 and
// 804 ms at 1432 and 1365. The load average cannot tell: it lags by minutes.

import os from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';

export interface CpuTimes {
  /** Milliseconds all CPUs spent idle, and in total, since boot. */
  idle: number;
  total: number;
}

/** The CPUs' times since boot, summed over the cores. */
export function cpuTimes(): CpuTimes {
  let idle = 0;
  let total = 0;
  for (const { times } of os.cpus()) {
    idle += times.idle;
    total += times.user + times.nice + times.sys + times.idle + times.irq;
  }
  return { idle, total };
}

/** The share (0 to 1) of the CPUs' time spent busy between two readings. */
export function busyShare(before: CpuTimes, after: CpuTimes): number {
  const total = after.total - before.total;
  return total <= 0 ? 0 : 1 - (after.idle - before.idle) / total;
}

export interface QuietOptions {
  /** Busy at most this share of the CPUs' time over a window counts as quiet. */
  maxBusy?: number;
  /** The length of a window, in ms; two windows in a row must be quiet. */
  windowMs?: number;
  /** Gives up after this long, in ms (the timing then runs anyway, and the caller says so). */
  timeoutMs?: number;
}

/**
 * Resolves once the CPUs have been quiet for two windows in a row, or after `timeoutMs`: with
 * the busy share of the last window and how long it waited.
 */
export async function waitForQuietCpu({
  maxBusy = 0.1,
  windowMs = 1000,
  timeoutMs = 30_000,
}: QuietOptions = {}): Promise<{
  quiet: boolean;
  busy: number;
  waitedMs: number;
}> {
  const start = Date.now();
  let quietWindows = 0;
  let busy = 0;
  while (quietWindows < 2) {
    if (Date.now() - start >= timeoutMs) return { quiet: false, busy, waitedMs: Date.now() - start };
    const before = cpuTimes();
    await sleep(windowMs);
    busy = busyShare(before, cpuTimes());
    quietWindows = busy <= maxBusy ? quietWindows + 1 : 0;
  }
  return { quiet: true, busy, waitedMs: Date.now() - start };
}
