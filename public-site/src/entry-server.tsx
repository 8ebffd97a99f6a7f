// The prerender's entry (built for Node by vite.config.ts, called by prerender/prerender.ts):
// renders one page of the site to HTML, with the data the build could fetch.
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import { LANGUAGES } from '@union/shared/constants';
import { App } from './App';
import { QueryCache, serializeSnapshot, type PageSnapshot, type Query } from './lib/data';
import { renderHeadTags, type HeadTag } from './lib/head';
import { createI18n, loadLanguage, translationsQuery } from './lib/i18n';
import type { TranslationRow } from './lib/overrides';
import { localizedPath, splitLanguage } from './lib/paths';
import { eventIdsQuery } from './features/events/api';
import { GLOBAL_QUERIES, matchRoute, RenderedModulesContext, routeQueries, ROUTES } from './routes';

export { LANGUAGES, ROUTES, localizedPath };
export { LOCAL_SITE_ORIGIN, siteOrigin } from './lib/config';
import { config } from './lib/config';

/** The API the pages were built for (the security policy lets them reach it). */
export const supabaseUrl = config.supabaseUrl;

export interface RenderedPage {
  lang: (typeof LANGUAGES)[number];
  /** The inner HTML of #root. */
  html: string;
  /** Head tags (title, description, canonical, alternates, Open Graph, JSON-LD). */
  head: string;
  /** The snapshot script's JSON. */
  snapshot: string;
  /** Source modules of the lazy chunks this page needs (preloaded by the page). */
  modules: string[];
  /** Queries the page needed and could not get (the API was unreachable or refused). */
  missing: string[];
}

// One build reads each query once, whichever pages show its result (the footer's settings, say).
const loads = new Map<string, Promise<unknown>>();

/** Runs `queries`, keeping what succeeds: a page renders what it has and the browser fetches the rest. */
async function fetchAll(queries: Query<unknown>[]): Promise<{ data: Record<string, unknown>; missing: string[] }> {
  const data: Record<string, unknown> = {};
  const missing: string[] = [];
  await Promise.all(
    queries.map((q) => {
      let load = loads.get(q.key);
      if (!load) loads.set(q.key, (load = q.load()));
      return load.then(
        (result) => void (data[q.key] = result),
        () => void missing.push(q.key),
      );
    }),
  );
  return { data, missing };
}

/**
 * Renders `url` (a path such as /en/events). Without `fetchData` every data block renders loading;
 * without `routeData` only the page's own blocks do (the footer and the texts still have theirs).
 */
export async function renderPage(
  url: string,
  options: { fetchData: boolean; routeData: boolean; renderedAt: number },
): Promise<RenderedPage> {
  const { lang, path } = splitLanguage(url);
  const { route, params } = matchRoute(path);
  const queries = options.routeData ? routeQueries(route, params) : GLOBAL_QUERIES;
  const { data, missing } = options.fetchData ? await fetchAll(queries) : { data: {}, missing: [] };
  const i18n = createI18n();
  await Promise.all([
    loadLanguage(i18n, lang, (data[translationsQuery.key] as TranslationRow[] | undefined) ?? []),
    route.page.preload(),
  ]);
  let head: HeadTag[] = [];
  const modules = new Set<string>();
  const html = renderToString(
    <RenderedModulesContext.Provider value={(m) => modules.add(m)}>
      <StaticRouter location={url}>
        <App
          i18n={i18n}
          cache={new QueryCache(data)}
          renderedAt={options.renderedAt}
          renderedUrl={url}
          collectHead={(tags) => (head = tags)}
        />
      </StaticRouter>
    </RenderedModulesContext.Provider>,
  );
  // Every page declares its head (usePageHead); one that did not render it did not render at all.
  if (head.length === 0) throw new Error(`prerender: ${url} rendered no page`);
  const snapshot: PageSnapshot = { route: route.id, lang, url, renderedAt: options.renderedAt, data };
  return {
    lang,
    html,
    head: renderHeadTags(head),
    snapshot: serializeSnapshot(snapshot),
    modules: [...modules],
    missing,
  };
}

/** Every event's id, for a page per event (none when the API cannot be reached). */
export const listEventIds = (): Promise<string[]> => eventIdsQuery.load().then((rows) => rows.map((r) => r.id));
