import { describe, expect, it } from 'vitest';
import { QueryCache, query, serializeSnapshot } from './data';

const deferred = <T>() => {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => ((resolve = res), (reject = rej)));
  return { promise, resolve, reject };
};

describe('QueryCache', () => {
  it('starts from the snapshot and replaces it with fresh data', async () => {
    const cache = new QueryCache({ books: ['old'] });
    expect(cache.state('books')).toEqual({ status: 'success', data: ['old'] });
    let notified = 0;
    cache.subscribe('books', () => notified++);
    await cache.fetch(query('books', async () => ['new']));
    expect(cache.state('books')).toEqual({ status: 'success', data: ['new'] });
    expect(notified).toBe(1);
  });

  it('refreshes the snapshot from a task of its own; what it lacks, at once', async () => {
    const cache = new QueryCache({ books: ['old'] });
    let calls = 0;
    const refreshed = cache.fetch(query('books', async () => (calls++, ['new'])));
    expect(calls).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(calls).toBe(1);
    await refreshed;
    expect(cache.state('books')).toEqual({ status: 'success', data: ['new'] });
    // Fetched in this browser: the next read is not a refresh of the snapshot any more.
    void cache.fetch(
      query('books', async () => (calls++, ['newer'])),
      true,
    );
    expect(calls).toBe(2);
    void cache.fetch(query('board', async () => (calls++, [])));
    expect(calls).toBe(3);
  });

  it('keeps what the visitor sees when a refresh fails, and shows the error when there was nothing', async () => {
    const cache = new QueryCache({ books: ['old'] });
    await cache.fetch(query('books', () => Promise.reject(new Error('offline'))));
    expect(cache.state('books')).toEqual({ status: 'success', data: ['old'] });
    await cache.fetch(query('board', () => Promise.reject(new Error('offline'))));
    expect(cache.state('board')).toMatchObject({ status: 'error' });
  });

  it('reads once while a read is under way, and not again right after', async () => {
    const cache = new QueryCache();
    const pending = deferred<string[]>();
    let calls = 0;
    const q = query('events', () => (calls++, pending.promise));
    const first = cache.fetch(q);
    const second = cache.fetch(q);
    expect(cache.state('events')).toEqual({ status: 'loading' });
    pending.resolve(['a']);
    await Promise.all([first, second]);
    await cache.fetch(q);
    expect(calls).toBe(1);
    await cache.fetch(q, true);
    expect(calls).toBe(2);
  });

  it('a retry after an error shows loading again', async () => {
    const cache = new QueryCache();
    await cache.fetch(query('x', () => Promise.reject(new Error('no'))));
    const pending = deferred<number>();
    void cache.fetch(
      query('x', () => pending.promise),
      true,
    );
    expect(cache.state('x')).toEqual({ status: 'loading' });
    pending.resolve(1);
  });

  it('hands only results to the snapshot', async () => {
    const cache = new QueryCache({ a: 1 });
    await cache.fetch(query('b', () => Promise.reject(new Error('no'))));
    expect(cache.snapshot()).toEqual({ a: 1 });
  });
});

describe('embedded snapshot', () => {
  it('cannot end its script element early', () => {
    const text = serializeSnapshot({ bio: '</script><script>alert(1)</script>', line: '\u2028' });
    expect(text).not.toMatch(/<\/script/i);
    expect(JSON.parse(text)).toEqual({ bio: '</script><script>alert(1)</script>', line: '\u2028' });
  });
});
