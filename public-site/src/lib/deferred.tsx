import { lazy, memo, Suspense, useState, type ComponentType } from 'react';

// Parts of a page below its first screen (the home page's sections, the footer), each in a
// chunk of its own, so the first screen's scripts are smaller and hydrate sooner. The prerender
// renders them whole; in the browser, React keeps their prerendered HTML as it is (a Suspense
// boundary still to hydrate) until their chunk has arrived, then hydrates them on their own: a
// visitor sees the same page throughout, and the work is split into smaller tasks. Until then,
// an urgent change reaching a part (new props, a context's new value) would make React drop its
// HTML and render it afresh: a part is memoised (a parent's re-render does not reach it), and
// what changes a context after hydration does so as a transition (lib/now.tsx), which React
// holds back until the parts are hydrated.

/** The loaders of every deferred part defined so far (the prerender loads them all first). */
const loaders: (() => Promise<void>)[] = [];

/** A component whose code loads after the first screen's (see above). */
export function deferred<P extends object>(load: () => Promise<{ default: ComponentType<P> }>): ComponentType<P> {
  let loaded: ComponentType<P> | undefined;
  loaders.push(() => load().then((module) => void (loaded = module.default)));
  const Lazy = lazy(load);
  function Deferred(props: P) {
    // Loaded beforehand (always when prerendering): rendered directly, inside the same boundary,
    // so the HTML has the boundary the browser hydrates. Pinned per mount, so a re-render never
    // swaps the component type.
    const [Loaded] = useState(() => loaded);
    // No fallback: the boundary is prerendered whole, and the main element is a screen tall, so
    // a part arriving after a navigation in the browser moves nothing on the first screen.
    return <Suspense fallback={null}>{Loaded ? <Loaded {...props} /> : <Lazy {...props} />}</Suspense>;
  }
  return memo(Deferred) as unknown as ComponentType<P>;
}

/** The prerender: every deferred part's code loaded, so each page renders whole. */
export async function loadDeferred(): Promise<void> {
  await Promise.all(loaders.map((load) => load()));
}
