import { startTransition, StrictMode, useEffect, type ReactNode } from 'react';
import { BrowserRouter } from 'react-router-dom';
import { reuseFormatted } from '@union/shared/format';
import { App } from './App';
import { QueryCache, readSnapshot } from './lib/data';
import { takeEarlyClick } from './lib/earlyClick';
import { createI18n, loadLanguage, translationsQuery } from './lib/i18n';
import type { TranslationRow } from './lib/overrides';
import { splitLanguage } from './lib/paths';
import { yieldToBrowser } from './lib/tasks';
import { SiteImagesContext } from './lib/siteImages';
import { matchRoute, routeTexts } from './routes';
import './styles.css';

/** The button clicked before React took the page over (lib/earlyClick.ts), to click again. */
let earlyClick: HTMLElement | null = null;

/**
 * Marks `<html data-hydrated>` once React has taken the page over (its effects run after the
 * whole tree is committed): from then on its buttons and forms work. The scripts start after the
 * first paint, so a visitor (or a test) may see the page before that; a button they clicked
 * meanwhile is clicked again now, once (StrictMode runs effects twice in development).
 */
function Hydrated({ children }: { children: ReactNode }) {
  useEffect(() => {
    document.documentElement.setAttribute('data-hydrated', '');
    // In a task of its own: after every mount effect (a menu closing itself on mount, StrictMode's
    // second run in development), so that the click is the last word.
    setTimeout(() => {
      const button = earlyClick;
      earlyClick = null;
      if (button?.isConnected) button.click();
    }, 0);
  }, []);
  return children;
}

async function start(): Promise<void> {
  // src/preflight.ts is already sending the visitor to the page in their language.
  if (document.documentElement.hasAttribute('data-leaving')) return;
  // Evaluating the scripts is one task; what follows runs in tasks of its own, each short enough
  // not to hold off a tap on a phone (together they were one task of 40–90 ms there).
  await yieldToBrowser();
  const root = document.getElementById('root')!;
  const snapshot = readSnapshot();
  const { lang, path } = splitLanguage(window.location.pathname);
  const { route } = matchRoute(path);
  // The HTML is this route's prerendered page, unless the host answered with another page (its
  // 404 page for /About/, or a host without per-language 404 pages): then it is rendered here.
  const hydrate = snapshot !== null && snapshot.route === route.id && snapshot.lang === lang;
  const data = hydrate ? snapshot.data : {};
  // The page's dates and numbers as the prerender formatted them: hydration builds no formatter.
  if (hydrate && snapshot.formatted) reuseFormatted(snapshot.formatted);
  const cache = new QueryCache(data);
  await yieldToBrowser();
  const i18n = createI18n();
  // The texts in the page's language and the page's own chunk, before the first render, so that
  // hydration sees exactly what the prerender rendered.
  await Promise.all([
    loadLanguage(i18n, lang, (data[translationsQuery.key] as TranslationRow[] | undefined) ?? [], routeTexts(route)),
    route.page.preload(),
  ]);
  // React DOM is set up in a task of its own (its chunk is already preloaded): evaluated together
  // with the rest of the scripts it made one task of 100 ms on a phone, holding off a tap.
  await yieldToBrowser();
  const { createRoot, hydrateRoot } = await import('react-dom/client');
  await yieldToBrowser();
  const app = (
    <StrictMode>
      <SiteImagesContext.Provider value={{ images: (hydrate && snapshot.images) || {} }}>
        <BrowserRouter>
          <Hydrated>
            <App
              i18n={i18n}
              cache={cache}
              renderedAt={hydrate ? snapshot.renderedAt : Date.now()}
              renderedUrl={hydrate ? snapshot.url : null}
            />
          </Hydrated>
        </BrowserRouter>
      </SiteImagesContext.Provider>
    </StrictMode>
  );
  // From here React hears clicks itself; one made before is clicked again once hydrated (a page
  // rendered afresh has new buttons: it is dropped).
  const early = takeEarlyClick(document);
  if (hydrate && early) {
    earlyClick = early;
    // A tap from now on is React's: it hydrates what was tapped at once and runs it. The one
    // kept from before would then act a second time: it is dropped.
    document.addEventListener('click', (event) => event.isTrusted && (earlyClick = null), {
      capture: true,
      once: true,
    });
  }
  // As a transition, hydration yields to the browser every few milliseconds instead of holding
  // a slow phone's main thread (the page is already visible and its links already work).
  if (hydrate) startTransition(() => void hydrateRoot(root, app));
  else createRoot(root).render(app);
}

// A start that failed (a chunk or the texts did not load) must not leave the inline loader
// keeping every click: the buttons are then at least the HTML's own.
start().catch((error: unknown) => {
  takeEarlyClick(document);
  throw error;
});
