// GoTrue's IntervalLimiter semantics for RATE_LIMIT_EMAIL_SENT (internal/ratelimit/interval.go):
// a fixed interval from the start, not a sliding window.
import { describe, expect, it } from 'vitest';
import { IntervalLimiter } from './throttle.js';

const HOUR = 3600_000;

describe('IntervalLimiter', () => {
  it('allows `events` per interval counted from the start, and all of them again in the next one', () => {
    const l = new IntervalLimiter(2, HOUR, 0);
    expect([l.allow(10), l.allow(20), l.allow(HOUR - 1)]).toEqual([true, true, false]);
    // A new interval begins at the start + one hour, whenever the last mail was sent.
    expect([l.allow(HOUR), l.allow(HOUR + 1), l.allow(HOUR + 2)]).toEqual([true, true, false]);
    // Intervals that passed with no mail are skipped, still aligned on the start.
    expect([l.allow(5 * HOUR + 10), l.allow(5 * HOUR + 20), l.allow(6 * HOUR - 1)]).toEqual([true, true, false]);
    expect(l.allow(6 * HOUR)).toBe(true);
  });

  it('refuses everything with zero events, as GoTrue does', () => {
    const l = new IntervalLimiter(0, HOUR, 0);
    expect([l.allow(0), l.allow(2 * HOUR)]).toEqual([false, false]);
  });
});
