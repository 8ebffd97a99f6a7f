import {
  createContext,
  memo,
  Suspense,
  use,
  useContext,
  useEffect,
  useState,
  type ComponentType,
  type ReactNode,
} from 'react';
import { I18nextProvider } from 'react-i18next';
import type { i18n as I18n } from 'i18next';
import { LoadFailed } from '../components/Spinner';
import { useQueryCache } from './data';
import { isLanguageLoaded, loadLanguage, translationsQuery, useI18n, useLang, type TextLevel } from './i18n';
import type { TranslationRow } from './overrides';

// Parts of a page below its first screen (the home page's sections, the footer), each in a
// chunk of its own, so the first screen's scripts are smaller and hydrate sooner. The prerender
// renders them whole; in the browser, React keeps their prerendered HTML as it is (a Suspense
// boundary still to hydrate) until their chunk and their texts have arrived, then hydrates them on
// their own: a visitor sees the same page throughout, and the work is split into smaller tasks.
// Until then, an urgent change reaching a part (new props, a context's new value) would make React
// drop its HTML and render it afresh: a part is memoised (a parent's re-render does not reach it),
// what changes a context after hydration does so as a transition (lib/now.tsx), which React holds
// back until the parts are hydrated, and texts added for them re-render nothing (lib/i18n.ts).

/** The texts a deferred part may show: the whole shell's (Arabic's ar-first.ts and ar-shell.ts). */
export const DEFERRED_TEXTS: TextLevel = 'shell';

/**
 * Server: the i18next instance deferred parts render with when the page's own holds fewer texts
 * (the home page's first screen shows only ar-first.ts's), so that each part of the page is
 * rendered with exactly the texts the browser will have for it.
 */
export const DeferredTextsContext = createContext<I18n | null>(null);

/** The loaders of every deferred part defined so far (the prerender loads them all first). */
const loaders: (() => Promise<void>)[] = [];

/**
 * A part whose code or texts could not arrive (offline) stays as the HTML shows it, waiting for
 * ever: its links still work, and the page around it is hydrated. Rejected, the load was asked for
 * again and again (React retries hydrating the part, and each retry fetched its chunk anew: dozens
 * of requests a second), and a part rendered in the browser would take the whole site off the
 * window (no error boundary catches it).
 */
const stayAsItIs = () => new Promise<never>(() => undefined);

/** A component whose code loads after the first screen's (see above). */
export function deferred<P extends object>(load: () => Promise<{ default: ComponentType<P> }>): ComponentType<P> {
  let loaded: ComponentType<P> | undefined;
  const loadCode = () => load().then((module) => void (loaded = module.default));
  loaders.push(loadCode);
  const part: Part = { loadCode, hasCode: () => !!loaded, waiting: undefined };
  // Rendered once WithTexts has seen the code arrive (it suspends until then; prerendering, it is
  // there from the start), inside the boundary, so the HTML has the boundary the browser hydrates.
  // The code never changes once there, so a re-render never swaps the component type.
  function Arrived(props: P) {
    const Component = loaded!;
    return <Component {...props} />;
  }
  function Deferred(props: P) {
    // Mounted once the page was taken over, with its code not there (the visitor opened an inner
    // page first and then this one, in the browser): there is no HTML to keep, so it waits on a
    // load of its own, and says so if that fails instead of staying blank (WithTexts waits for
    // ever once a load has failed). Never inside another part's boundary, which may be hydrating
    // after the page was taken over.
    const nested = useContext(InBoundary);
    const [afresh] = useState(() => !loaded && !nested && typeof document !== 'undefined' && isTakenOver(document));
    // What the part waited on (see WithTexts) holds for this mount: rendered afresh later (the
    // visitor comes back to the page), it asks again.
    useEffect(
      () => () => {
        part.waiting = undefined;
      },
      [],
    );
    if (afresh) return <Afresh load={loadCode} render={() => <Arrived {...props} />} />;
    // No fallback: the boundary is prerendered whole, and the main element is a screen tall, so
    // a part arriving after a navigation in the browser moves nothing on the first screen.
    return (
      <InBoundary.Provider value>
        <Suspense fallback={null}>
          <WithTexts part={part}>
            <Arrived {...props} />
          </WithTexts>
        </Suspense>
      </InBoundary.Provider>
    );
  }
  return memo(Deferred) as unknown as ComponentType<P>;
}

/** Inside a deferred part's boundary (see Deferred). */
const InBoundary = createContext(false);

/** The staff's text overrides the page has read (they apply to texts loaded later too). */
const overrideRows = (cache: ReturnType<typeof useQueryCache>) =>
  cache.state<TranslationRow[]>(translationsQuery.key).data ?? [];

/** A deferred part, as WithTexts sees it. */
interface Part {
  loadCode: () => Promise<void>;
  hasCode: () => boolean;
  /** What the mounted part waits on (see WithTexts). */
  waiting: { i18n: I18n; lang: string; ready: Promise<unknown> } | undefined;
}

/**
 * Renders `children` once the part's code and the page's language's deferred texts are there
 * (suspends until then), on one promise for both: React retries a suspended part once per promise
 * it waited on, and each retry commits the whole tree (the Arabic home page, whose texts come after
 * hydration starts, committed once more than the English one, issue 51).
 */
function WithTexts({ part, children }: { part: Part; children: ReactNode }) {
  const serverTexts = useContext(DeferredTextsContext);
  const i18n = useI18n();
  const lang = useLang();
  const cache = useQueryCache();
  if (serverTexts) return <I18nextProvider i18n={serverTexts}>{children}</I18nextProvider>;
  const hasTexts = isLanguageLoaded(i18n, lang, DEFERRED_TEXTS);
  if (hasTexts && part.hasCode()) return children;
  // React renders a part still waiting to hydrate again on every update that reaches it (each
  // transition on the page: the live reads, the clock): each render asked for its code and texts
  // anew, as many times as the page's timing made updates. So a mounted part asks once per
  // language and waits on that; a chunk that could not arrive is asked for again when the part
  // is mounted anew (the visitor comes back to the page).
  const { waiting } = part;
  if (waiting?.i18n === i18n && waiting.lang === lang) return <AwaitReady ready={waiting.ready}>{children}</AwaitReady>;
  const ready = Promise.all([
    part.loadCode(),
    hasTexts || loadLanguage(i18n, lang, overrideRows(cache), DEFERRED_TEXTS),
  ]).catch(stayAsItIs);
  part.waiting = { i18n, lang, ready };
  return <AwaitReady ready={ready}>{children}</AwaitReady>;
}

/** Whether React has taken the page over (entry-client.tsx marks `<html data-hydrated>`). */
const isTakenOver = (doc: Document) => doc.documentElement.hasAttribute('data-hydrated');

/**
 * A part mounted after the page was taken over, its code not there yet: nothing until its code and
 * its texts in the page's language are there, then the part; if either cannot arrive, the error
 * with "Try again" that a page shows (a module that failed to load stays failed for the page's
 * life in today's browsers, so a reload brings it). A language switch loads the deferred texts
 * before it navigates (LanguageMenu), so the part stays on screen through it.
 */
function Afresh<C>({ load, render }: { load: () => Promise<C>; render: (loaded: C) => ReactNode }) {
  const i18n = useI18n();
  const lang = useLang();
  const cache = useQueryCache();
  const [code, setCode] = useState<{ loaded: C } | 'failed'>();
  // Texts arriving re-render nothing by themselves (lib/i18n.ts): this does.
  const [, textsArrived] = useState(0);
  const hasTexts = isLanguageLoaded(i18n, lang, DEFERRED_TEXTS);
  useEffect(() => {
    let current = true;
    load().then(
      (loaded) => current && setCode({ loaded }),
      () => current && setCode('failed'),
    );
    return () => void (current = false);
    // Once per mount: a new `load` each render is the same load.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  useEffect(() => {
    let current = true;
    if (!hasTexts)
      loadLanguage(i18n, lang, overrideRows(cache), DEFERRED_TEXTS).then(
        () => current && textsArrived((n) => n + 1),
        () => current && setCode('failed'),
      );
    return () => void (current = false);
  }, [i18n, lang, cache, hasTexts]);
  if (code === 'failed') return <LoadFailed />;
  return code && hasTexts ? render(code.loaded) : null;
}

// A component of its own, so that it calls `use` on every render of it (React's rule); once the
// code and texts are there, WithTexts renders the part without it.
function AwaitReady({ ready, children }: { ready: Promise<unknown>; children: ReactNode }) {
  use(ready);
  return children;
}

/** The prerender: every deferred part's code loaded, so each page renders whole. */
export async function loadDeferred(): Promise<void> {
  await Promise.all(loaders.map((load) => load()));
}
