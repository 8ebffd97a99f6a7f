import { useEffect, useState, type ComponentType } from 'react';
import { parseChunkList } from '../lib/onDemandChunks';
import { ErrorBox } from './DataState';
import { Spinner } from './Spinner';

// A part that is never in the prerendered page (a form that opens on a click) loads its code
// when it is first shown, not with the page: the page hydrates without it, and the scripts added
// before hydration are fewer. `preload` starts the download earlier, on a sign of intent (the
// pointer over the button, a touch, its focus), so the part is usually there when it is shown.
// Not React.lazy: a chunk that failed to arrive (offline, a release that replaced it) shows an
// error with "Try again" in the part's place, instead of taking the whole page down with it.
// "Try again" loads it in place once the connection is back: the part's chunks are fetched before
// they are imported (lib/onDemandChunks.ts), so a chunk that cannot arrive never reaches the
// browser's module map, which may keep a failed module failed for the page's life.

export type OnDemand<P> = ComponentType<P> & {
  /** Starts loading the code, once; a failed load is tried again on the next call. */
  preload(): Promise<void>;
};

/**
 * `chunks` is `'__UNION_ON_DEMAND__<the module's file name>'`, written out at the call (the build
 * replaces it with the part's chunks: vite.config.ts, onDemandChunks).
 */
export function onDemand<P extends object>(load: () => Promise<ComponentType<P>>, chunks?: string): OnDemand<P> {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<void> | undefined;
  const preload = () =>
    (loading ??= arrive(parseChunkList(chunks))
      .then(load)
      .then(
        (component) => void (loaded = component),
        (error: unknown) => {
          loading = undefined;
          throw error;
        },
      ));

  function Part(props: P) {
    const [error, setError] = useState<unknown>(null);
    const [, setArrived] = useState(false);
    useEffect(() => {
      if (loaded || error) return;
      let current = true;
      preload().then(
        () => current && setArrived(true),
        (reason: unknown) => current && setError(reason ?? new Error('load failed')),
      );
      return () => {
        current = false;
      };
    }, [error]);
    if (loaded) {
      const Loaded = loaded;
      return <Loaded {...props} />;
    }
    if (error) return <ErrorBox error={error} onRetry={() => setError(null)} />;
    return <Spinner className="py-6" />;
  }
  return Object.assign(Part, { preload });
}

/**
 * Resolves once every chunk has answered (from the HTTP cache, usually, or the network); rejects
 * when one cannot arrive. An answer that is an error (a release replaced the chunk) is left to the
 * import, whose failure lets start-scripts.ts check for a new release.
 */
async function arrive(files: string[]): Promise<void> {
  if (typeof fetch !== 'function' || typeof document === 'undefined') return;
  await Promise.all(
    files.map(async (file) => {
      // Read whole: a connection lost halfway fails here too, and the import finds it in the cache.
      await (await fetch(new URL(`${import.meta.env.BASE_URL}${file}`, document.baseURI))).arrayBuffer();
    }),
  );
}

/** Props for the button that opens a part: its code starts loading on the first sign of intent. */
export function intentTo(part: { preload(): Promise<void> }) {
  const start = () => void part.preload().catch(() => undefined);
  return { onPointerEnter: start, onFocus: start, onTouchStart: start };
}
