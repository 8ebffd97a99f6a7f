// Sign-in throttling, as GoTrue's rate limits do (config.toml [auth.rate_limit]): attempts per key
// (a client address, an account) within a window, kept in memory like GoTrue's own limiters. An
// attempt is counted when it starts, so parallel attempts cannot slip past the limit, and given
// back when it succeeds where only failures should count.
export class Throttle {
  private readonly hits = new Map<string, number[]>();

  constructor(
    readonly limit: number,
    readonly windowMs: number,
  ) {}

  /** Records an attempt and returns 0, or returns the seconds to wait (nothing recorded). */
  take(key: string, now = Date.now()): number {
    const live = this.live(key, now);
    if (live.length >= this.limit) {
      return Math.max(1, Math.ceil((live[live.length - this.limit]! + this.windowMs - now) / 1000));
    }
    live.push(now);
    this.hits.set(key, live);
    if (this.hits.size > 10_000) this.sweep(now);
    return 0;
  }

  /** Gives back the newest attempt of `key` (it succeeded and should not count). */
  release(key: string): void {
    const list = this.hits.get(key);
    list?.pop();
    if (list && list.length === 0) this.hits.delete(key);
  }

  private live(key: string, now: number): number[] {
    const list = this.hits.get(key) ?? [];
    const from = now - this.windowMs;
    let i = 0;
    while (i < list.length && list[i]! <= from) i++;
    return i === 0 ? list : list.slice(i);
  }

  private sweep(now: number) {
    for (const [key, list] of this.hits) {
      if (list[list.length - 1]! <= now - this.windowMs) this.hits.delete(key);
    }
  }
}

/**
 * GoTrue's IntervalLimiter (internal/ratelimit/interval.go), the one behind RATE_LIMIT_EMAIL_SENT:
 * `events` per fixed interval counted from the start, the count reset when an interval ends
 * (not a sliding window). Zero events refuses everything, as GoTrue does.
 */
export class IntervalLimiter {
  private last: number;
  private count = 0;

  constructor(
    readonly events: number,
    readonly intervalMs: number,
    now = Date.now(),
  ) {
    this.last = now;
  }

  allow(now = Date.now()): boolean {
    const intervals = Math.floor((now - this.last) / this.intervalMs);
    if (intervals > 0) {
      this.last += intervals * this.intervalMs;
      this.count = 0;
    }
    if (this.count < this.events) {
      this.count++;
      return true;
    }
    return false;
  }
}
