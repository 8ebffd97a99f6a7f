import { expect, test } from 'vitest';
import { busyShare, cpuTimes, waitForQuietCpu } from './quiet';

test('the busy share is the part of the CPUs’ time not spent idle between two readings', () => {
  expect(busyShare({ idle: 1000, total: 2000 }, { idle: 1900, total: 3000 })).toBeCloseTo(0.1);
  expect(busyShare({ idle: 1000, total: 2000 }, { idle: 1000, total: 3000 })).toBe(1);
  // No time passed (two readings in the same tick): nothing was busy.
  expect(busyShare({ idle: 1000, total: 2000 }, { idle: 1000, total: 2000 })).toBe(0);
  const now = cpuTimes();
  expect(now.total).toBeGreaterThan(0);
  expect(now.idle).toBeLessThanOrEqual(now.total);
});

test('waiting for quiet gives up after its time, saying the machine was not quiet', async () => {
  // No machine is ever busy for less than no share of its time: it cannot be quiet.
  const result = await waitForQuietCpu({ maxBusy: -1, windowMs: 50, timeoutMs: 200 });
  expect(result.quiet).toBe(false);
  expect(result.waitedMs).toBeGreaterThanOrEqual(200);
});

test('waiting for quiet ends after two quiet windows when anything counts as quiet', async () => {
  const result = await waitForQuietCpu({ maxBusy: 1, windowMs: 50, timeoutMs: 5000 });
  expect(result).toMatchObject({ quiet: true });
  // Two windows of 50 ms (timers may fire a millisecond early).
  expect(result.waitedMs).toBeGreaterThanOrEqual(90);
  expect(result.waitedMs).toBeLessThan(5000);
});
