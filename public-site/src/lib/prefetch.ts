// Render-as-you-fetch for lazy pages: the route starts its data request together with its code
// chunk instead of after it, saving a round trip on a first visit (phones on slow networks).

const pending = new Map<string, Promise<unknown>>();

/** Starts `load` now; the page picks the result up with `take` under the same key. */
export function prefetch<T>(key: string, load: () => Promise<T>): void {
  if (!pending.has(key)) pending.set(key, load());
}

/** The prefetched promise, once (a later visit loads fresh data), or a new load. */
export function take<T>(key: string, load: () => Promise<T>): Promise<T> {
  const started = pending.get(key) as Promise<T> | undefined;
  pending.delete(key);
  return started ?? load();
}
