import { useEffect, useMemo, useReducer, useState } from 'react';
import { generatePath, Route, Routes, useLocation, useParams } from 'react-router-dom';
import { I18nextProvider } from 'react-i18next';
import type { i18n as I18n } from 'i18next';
import type { Language } from '@union/shared/constants';
import { Layout } from './components/Layout';
import { DataProvider, useQuery, useQueryCache, type QueryCache } from './lib/data';
import { HeadProvider, type CollectHead } from './lib/head';
import {
  LanguageContext,
  isLanguageLoaded,
  useI18n,
  loadLanguage,
  setOverrides,
  translationsQuery,
  type TextLevel,
  useTranslation,
} from './lib/i18n';
import { applyDocumentLanguage } from './lib/language';
import type { TranslationRow } from './lib/overrides';
import { RenderedUrlContext } from './lib/hydration';
import { NowProvider } from './lib/now';
import { languagePrefix } from './lib/paths';
import { siteOrigin } from './lib/config';
import { routeTexts, ROUTES, routeQueries, type RouteDef } from './routes';
import { LoadFailed, Spinner } from './components/Spinner';

export interface AppProps {
  i18n: I18n;
  cache: QueryCache;
  /** When the page's HTML was rendered (the prerender's time, or now for a page rendered here). */
  renderedAt: number;
  /** The address the HTML being hydrated was rendered for (see lib/hydration.ts). */
  renderedUrl: string | null;
  /** Server: receives the head the page being prerendered declares. */
  collectHead?: CollectHead;
}

/** The whole site inside a router (BrowserRouter in the browser, StaticRouter when prerendering). */
export function App({ i18n, cache, renderedAt, renderedUrl, collectHead }: AppProps) {
  return (
    <I18nextProvider i18n={i18n}>
      <DataProvider cache={cache}>
        <NowProvider renderedAt={renderedAt}>
          <RenderedUrlContext.Provider value={renderedUrl}>
            <Routes>
              {/* '/en/*' and '/tr/*' rank above '/*', so every other path is Arabic. */}
              <Route path="/en/*" element={<LanguageScope lang="en" collectHead={collectHead} />} />
              <Route path="/tr/*" element={<LanguageScope lang="tr" collectHead={collectHead} />} />
              <Route path="/*" element={<LanguageScope lang="ar" collectHead={collectHead} />} />
            </Routes>
          </RenderedUrlContext.Provider>
        </NowProvider>
      </DataProvider>
    </I18nextProvider>
  );
}

/**
 * Whether the texts of `lang` up to `level` (lib/i18n.ts TextLevel) are loaded (null: they could
 * not arrive, offline); if not, loads them and renders again. A hydrated page always has them (the
 * entry loads them first) and the language menu loads a language's before it navigates; only a
 * link from outside the app, or a first page other than home, waits here. (No Suspense boundary
 * for it: the content inside one would hydrate in a later, separate pass.)
 */
function useTexts(lang: Language, level: TextLevel): boolean | null {
  const i18n = useI18n();
  const cache = useQueryCache();
  const [, textsLoaded] = useReducer((n: number) => n + 1, 0);
  const [failed, setFailed] = useState(false);
  const loaded = isLanguageLoaded(i18n, lang, level);
  useEffect(() => {
    if (!loaded)
      loadLanguage(i18n, lang, cache.state<TranslationRow[]>(translationsQuery.key).data ?? [], level).then(
        textsLoaded,
        () => setFailed(true),
      );
  }, [loaded, i18n, lang, level, cache]);
  return loaded || (failed ? null : false);
}

function LanguageScope({ lang, collectHead }: { lang: Language; collectHead?: AppProps['collectHead'] }) {
  const loaded = useTexts(lang, 'first');
  // Components read texts in the page's language (useTranslation passes it on), so i18next's own
  // "current language" is never switched: switching it would re-render every text on the page.
  useEffect(() => applyDocumentLanguage(lang), [lang]);
  if (!loaded) return null;
  return (
    <LanguageContext.Provider value={lang}>
      <OverridesSync />
      <Layout>
        <Routes>
          {ROUTES.map((route) => {
            const element = <RoutePage route={route} lang={lang} collectHead={collectHead} />;
            // Paths in the table start with '/' (inside the language); nested routes are relative.
            return route.path === '/' ? (
              <Route key={route.id} index element={element} />
            ) : (
              <Route key={route.id} path={route.path.replace(/^\//, '')} element={element} />
            );
          })}
        </Routes>
      </Layout>
    </LanguageContext.Provider>
  );
}

/** Lays fresh staff overrides over the texts whenever they arrive. */
function OverridesSync() {
  const i18n = useI18n();
  const overrides = useQuery(translationsQuery);
  useEffect(() => {
    if (overrides.data) setOverrides(i18n, overrides.data);
  }, [i18n, overrides.data]);
  return null;
}

function RoutePage({
  route,
  lang,
  collectHead,
}: {
  route: RouteDef;
  lang: Language;
  collectHead?: AppProps['collectHead'];
}) {
  const params = useParams();
  const { pathname } = useLocation();
  const { t } = useTranslation();
  const cache = useQueryCache();
  const paramsKey = JSON.stringify(params);
  // The route's data starts loading together with its code chunk, not after it.
  useEffect(() => {
    for (const q of routeQueries(route, JSON.parse(paramsKey) as Record<string, string>)) void cache.fetch(q);
  }, [cache, route, paramsKey]);
  // The canonical form of this page's path (a not-found page keeps the path asked for).
  const path =
    route.path === '*' ? pathname.slice(languagePrefix(lang).length) || '/' : generatePath(route.path, params);
  const head = useMemo(
    () => ({
      origin: siteOrigin,
      siteName: t('meta.siteName'),
      feedTitle: t('news.feedTitle'),
      lang,
      path,
      collect: collectHead,
    }),
    [t, lang, path, collectHead],
  );
  const textsLoaded = useTexts(lang, routeTexts(route));
  // While the page's texts arrive, its chunk loads too, not after them (a failure shows once the
  // page is rendered: lazyPage in routes.tsx).
  useEffect(() => {
    if (!textsLoaded) route.page.preload().catch(() => undefined);
  }, [textsLoaded, route]);
  const Page = route.page;
  return (
    <HeadProvider value={head}>
      {textsLoaded ? <Page {...route.props} /> : textsLoaded === null ? <LoadFailed /> : <Spinner className="py-24" />}
    </HeadProvider>
  );
}
