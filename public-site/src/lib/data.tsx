import { createContext, startTransition, useCallback, useContext, useEffect, useState, type ReactNode } from 'react';
import type { PublicTable } from '../contentTables';
import type { SiteImages } from './siteImages';
import { yieldToBrowser } from './tasks';

// Content from the database, read through named queries. A page's HTML is prerendered with the
// results the build could fetch (a "snapshot" embedded in the page); the browser starts from that
// snapshot, so hydration sees exactly what the server rendered, and then fetches fresh data.
// The same cache serves client-side navigation: a page visited before shows its last data at
// once while it refreshes (stale-while-revalidate), and a route's queries start together with
// its code chunk (see RoutePage in App.tsx).

/** A named read: the key identifies the result in the cache and in the embedded snapshot. */
export interface Query<T> {
  key: string;
  load: () => Promise<T>;
  /**
   * The tables it reads: they decide which pages a content change republishes (entry-server.tsx,
   * affectedBy). The server's build alone holds them; the browser never reads them, and the home
   * page's scripts have no bytes to spare, so each call passes them as
   * `...(import.meta.env.SSR ? reads('events') : [])`, which the browser's build removes whole.
   */
  tables: readonly PublicTable[];
}

type QueryOf = <T>(key: string, load: () => Promise<T>, ...tables: PublicTable[]) => Query<T>;

export const query: QueryOf = import.meta.env.SSR
  ? (key, load, ...tables) => ({ key, load, tables })
  : // The browser's build leaves the field out (see Query.tables): nothing there reads it, and even
    // an unused parameter is bytes.
    (key, load) => ({ key, load }) as Query<never>;

/** The tables a query reads, typed: `query(key, load, ...(import.meta.env.SSR ? reads('news') : []))`. */
export const reads = (...tables: PublicTable[]): PublicTable[] => tables;

export type QueryState<T> =
  | { status: 'loading'; data?: undefined; error?: undefined }
  | { status: 'error'; data?: undefined; error: unknown }
  | { status: 'success'; data: T; error?: undefined };

interface Entry {
  state: QueryState<unknown>;
  /** When the data was fetched in this browser; 0 for data from the snapshot (always refreshed). */
  fetchedAt: number;
  pending?: Promise<void>;
}

const LOADING: QueryState<never> = { status: 'loading' };

/** Results fetched within this window are not fetched again (a prefetch followed by the page's own read). */
const FRESH_MS = 5_000;

export class QueryCache {
  private entries = new Map<string, Entry>();
  private listeners = new Map<string, Set<() => void>>();

  /** `snapshot`: results by key, from the page's embedded data or the prerender's fetch. */
  constructor(snapshot: Record<string, unknown> = {}) {
    for (const [key, data] of Object.entries(snapshot))
      this.entries.set(key, { state: { status: 'success', data }, fetchedAt: 0 });
  }

  state<T>(key: string): QueryState<T> {
    return (this.entries.get(key)?.state ?? LOADING) as QueryState<T>;
  }

  subscribe(key: string, listener: () => void): () => void {
    let set = this.listeners.get(key);
    if (!set) this.listeners.set(key, (set = new Set()));
    set.add(listener);
    return () => set.delete(listener);
  }

  /**
   * Fetches `q` unless a fetch is under way or just finished. A failed refresh keeps data the
   * visitor already sees (the snapshot of an unreachable API is better than an error box).
   */
  fetch<T>(q: Query<T>, force = false): Promise<void> {
    const entry = this.entries.get(q.key);
    if (entry?.pending) return entry.pending;
    if (!force && entry && entry.fetchedAt > 0 && Date.now() - entry.fetchedAt < FRESH_MS) return Promise.resolve();
    // Data the page was rendered with is refreshed from a task of its own: these reads start in
    // the effects React runs right after hydration, and building the API client and the request
    // in that same task made it one long task on a phone (the visitor already sees the data).
    const refresh = entry?.state.status === 'success' && entry.fetchedAt === 0;
    const pending = (refresh ? yieldToBrowser().then(() => q.load()) : q.load()).then(
      (data) => this.set(q.key, { status: 'success', data }),
      (error: unknown) => {
        const current = this.entries.get(q.key)?.state;
        this.set(q.key, current?.status === 'success' ? current : { status: 'error', error });
      },
    );
    this.entries.set(q.key, {
      state: entry?.state.status === 'success' ? entry.state : LOADING,
      fetchedAt: entry?.fetchedAt ?? 0,
      pending,
    });
    if (entry?.state.status === 'error') this.notify(q.key);
    return pending;
  }

  /** Every successful result, for the snapshot embedded in a prerendered page. */
  snapshot(): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    for (const [key, entry] of this.entries) if (entry.state.status === 'success') out[key] = entry.state.data;
    return out;
  }

  private set(key: string, state: QueryState<unknown>) {
    const current = this.entries.get(key)?.state;
    // Fresh data equal to what is shown (the usual case right after hydration) changes nothing:
    // no re-render of the page on a phone that has just rendered it.
    const same =
      current?.status === 'success' &&
      state.status === 'success' &&
      JSON.stringify(current.data) === JSON.stringify(state.data);
    this.entries.set(key, { state: same ? current : state, fetchedAt: Date.now() });
    if (!same) this.notify(key);
  }

  private notify(key: string) {
    for (const listener of this.listeners.get(key) ?? []) listener();
  }
}

const CacheContext = createContext<QueryCache | null>(null);

export function DataProvider({ cache, children }: { cache: QueryCache; children: ReactNode }) {
  return <CacheContext.Provider value={cache}>{children}</CacheContext.Provider>;
}

export function useQueryCache(): QueryCache {
  const cache = useContext(CacheContext);
  if (!cache) throw new Error('useQuery needs a DataProvider');
  return cache;
}

/**
 * The current result of `q`, refreshed from the network whenever the component mounts or the key
 * changes. Without a cached result it is 'loading'; the page reserves room for it meanwhile.
 *
 * A result that arrives is shown as a transition, not through useSyncExternalStore: React renders
 * a store's change at once, in one task, and the live seat counts arriving right after hydration
 * re-rendered every event card that way (one task of 40–55 ms, unthrottled, on the build
 * machine). A transition is rendered in slices between the browser's own work, and waits for the
 * parts still hydrating (lib/now.tsx).
 */
export function useQuery<T>(q: Query<T>): QueryState<T> & { reload: () => void } {
  const cache = useQueryCache();
  const { key } = q;
  const [shown, setShown] = useState(() => ({ key, state: cache.state<T>(key) }));
  // Another key: what the cache holds for it at once, never the previous key's result.
  const state = shown.key === key ? shown.state : cache.state<T>(key);
  useEffect(() => {
    const show = () => startTransition(() => setShown({ key, state: cache.state<T>(key) }));
    const unsubscribe = cache.subscribe(key, show);
    // A result that came between this render and the subscription is not missed.
    if (cache.state(key) !== state) show();
    void cache.fetch(q);
    return unsubscribe;
    // The key names the query; a new `q` object with the same key is the same read. `state` is
    // the one this render showed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [cache, key]);
  const reload = useCallback(() => void cache.fetch(q, true), [cache, q]);
  return { ...state, reload };
}

/** What a prerendered page embeds: its route, when it was rendered, and the data it was rendered with. */
export interface PageSnapshot {
  route: string;
  lang: string;
  /** The address the page was rendered for. */
  url: string;
  renderedAt: number;
  data: Record<string, unknown>;
  /** The stored photos the page shows that the build copied into the site (lib/siteImages.tsx). */
  images?: SiteImages;
  /** The dates and numbers the page shows, as formatted (recordFormatted in @union/shared/format). */
  formatted?: Record<string, string>;
}

/** The id of the script element that carries a prerendered page's snapshot. */
const SNAPSHOT_ELEMENT_ID = 'union-data';

/** JSON safe inside a <script> element (no "</script>", no HTML comment openers). */
export const serializeSnapshot = (data: unknown): string =>
  JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

/** The snapshot embedded in the page, or null in development. */
export function readSnapshot(doc: Document = document): PageSnapshot | null {
  const text = doc.getElementById(SNAPSHOT_ELEMENT_ID)?.textContent;
  if (!text) return null;
  try {
    const snapshot = JSON.parse(text) as Partial<PageSnapshot> | null;
    return snapshot &&
      typeof snapshot.route === 'string' &&
      typeof snapshot.lang === 'string' &&
      typeof snapshot.url === 'string' &&
      typeof snapshot.renderedAt === 'number' &&
      snapshot.data &&
      typeof snapshot.data === 'object'
      ? (snapshot as PageSnapshot)
      : null;
  } catch {
    return null;
  }
}
