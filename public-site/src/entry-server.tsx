// The prerender's entry (built for Node by vite.config.ts, called by prerender/prerender.ts):
// renders one page of the site to HTML, with the data the build could fetch.
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import { LANGUAGES } from '@union/shared/constants';
import { recordDigits, recordFormatted } from '@union/shared/format';
import { publicImageUrl } from '@union/shared/storage';
import { App } from './App';
import { DEFERRED_TEXTS, DeferredTextsContext, loadDeferred } from './lib/deferred';
import { QueryCache, serializeSnapshot, type PageSnapshot, type Query } from './lib/data';
import type { HeadTag } from './lib/head';
import { SiteImagesContext, type SiteImages } from './lib/siteImages';
import { createI18n, loadLanguage, textModules, translationsQuery } from './lib/i18n';
import type { TranslationRow } from './lib/overrides';
import { localizedPath, splitLanguage } from './lib/paths';
import { isPublicTable } from './contentTables';
import { calendarFeed, calendarFeedPath, loadFeedData } from './features/events/feed';
import { allNewsQuery } from './features/news/api';
import { coverSizes, newsFeed } from './features/news/feed';
import { newsFeedPath } from './features/news/feedPath';
import {
  GLOBAL_QUERIES,
  matchRoute,
  RenderedModulesContext,
  routeQueries,
  routeTexts,
  ROUTES,
  type ItemDef,
  type RouteDef,
} from './routes';

export { LANGUAGES, ROUTES, localizedPath };
export { siteOrigin } from './lib/config';
import { config, siteOrigin } from './lib/config';

/** The API the pages were built for (the security policy lets them reach it). */
export const supabaseUrl = config.supabaseUrl;

/** The Storage URL of a stored photo (the prerender copies it into the site from there). */
export const storedImageUrl = (path: string): string | null => publicImageUrl(config, path);

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
  /** Storage paths of the photos the page shows (the prerender copies them into the site). */
  imagePaths: string[];
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
  options: {
    fetchData: boolean;
    routeData: boolean;
    renderedAt: number;
    /** The photos copied into the site so far: the page shows these from there. */
    images?: SiteImages;
  },
): Promise<RenderedPage> {
  const { lang, path } = splitLanguage(url);
  const { route, params } = matchRoute(path);
  const queries = options.routeData ? routeQueries(route, params) : GLOBAL_QUERIES;
  const { data, missing } = options.fetchData ? await fetchAll(queries) : { data: {}, missing: [] };
  // Imported as lib/head.tsx imports it (a chunk of its own in the browser), so that the bundler
  // has one way in to it.
  const { headTags, renderHeadTags } = await import('./lib/headTags');
  // The texts the browser will have when it hydrates each part of the page, no more: a text the
  // page shows from a chunk it does not load is an error here, not a raw key on a visitor's screen.
  // The page's own (its first screen, for home) and its deferred parts' (lib/deferred.tsx), each
  // in an instance of its own when they differ.
  const overrides = (data[translationsQuery.key] as TranslationRow[] | undefined) ?? [];
  const pageTexts = routeTexts(route);
  const i18n = createI18n();
  const deferredI18n = pageTexts === 'first' ? createI18n() : null;
  await Promise.all([
    loadLanguage(i18n, lang, overrides, pageTexts),
    deferredI18n && loadLanguage(deferredI18n, lang, overrides, DEFERRED_TEXTS),
    route.page.preload(),
  ]);
  const missingTexts = new Set<string>();
  for (const instance of [i18n, deferredI18n]) {
    if (!instance) continue;
    instance.options.saveMissing = true;
    instance.options.missingKeyHandler = (_languages, _namespace, key) => void missingTexts.add(key);
  }
  // After the page's own chunk, which may define deferred parts of its own.
  await loadDeferred();
  let head: HeadTag[] = [];
  const modules = new Set<string>();
  const imagePaths = new Set<string>();
  const allImages = options.images ?? {};
  const { result: html, formatted } = recordFormatted(() => {
    // The digits too, for the numbers that change after hydration (the seats left).
    recordDigits(lang);
    return renderToString(
      <RenderedModulesContext.Provider value={(m) => modules.add(m)}>
        <DeferredTextsContext.Provider value={deferredI18n}>
          <SiteImagesContext.Provider value={{ images: allImages, used: (path) => imagePaths.add(path) }}>
            <StaticRouter location={url}>
              <App
                i18n={i18n}
                cache={new QueryCache(data)}
                renderedAt={options.renderedAt}
                renderedUrl={url}
                collectHead={(page, ctx) => (head = headTags(page, ctx))}
              />
            </StaticRouter>
          </SiteImagesContext.Provider>
        </DeferredTextsContext.Provider>
      </RenderedModulesContext.Provider>,
    );
  });
  // Every page declares its head (usePageHead); one that did not render it did not render at all.
  if (head.length === 0) throw new Error(`prerender: ${url} rendered no page`);
  if (missingTexts.size > 0)
    throw new Error(
      `prerender: ${url} shows texts it does not load: ${[...missingTexts].join(', ')} (the first screen of a route with texts: 'first' in routes.tsx shows only ar-first.ts's texts, its deferred parts only those of ar-first.ts and ar-shell.ts)`,
    );
  // Only the page's own photos travel with it, so that hydration shows them as rendered.
  const images = Object.fromEntries(
    [...imagePaths].filter((path) => Object.hasOwn(allImages, path)).map((path) => [path, allImages[path]!]),
  );
  const snapshot: PageSnapshot = {
    route: route.id,
    lang,
    url,
    renderedAt: options.renderedAt,
    data,
    ...(Object.keys(images).length > 0 ? { images } : {}),
    ...(Object.keys(formatted).length > 0 ? { formatted } : {}),
  };
  return {
    lang,
    html,
    head: renderHeadTags(head),
    snapshot: serializeSnapshot(snapshot),
    // Its lazy chunks and the text chunks its language needs beyond the first download.
    modules: [...modules, ...textModules(lang, pageTexts)],
    missing,
    imagePaths: [...imagePaths],
  };
}

/** When each item's page last changed (its row's updated_at), by its path ('/events/<id>'). */
const updatedAt = new Map<string, string>();

/** The sitemap's <lastmod> of a page, where its content has one (an event's or a news item's page). */
export const lastModified = (path: string): string | undefined => updatedAt.get(path);

/**
 * The id of every row `route` has a page for (for news, only the items a visitor may see now:
 * row-level security decides). The rows come whole, in one request, and stand in for each page's
 * own query (one request instead of one per item: a publish stays quick).
 */
async function listIds(route: RouteDef, item: ItemDef): Promise<string[]> {
  const rows = await loadOnce(item.rows);
  for (const row of rows) {
    loads.set(item.row(row.id).key, Promise.resolve(row));
    updatedAt.set(route.path.replace(':id', row.id), row.updated_at);
  }
  return rows.map((r) => r.id);
}

/** The items of each route with one page per item (RouteDef.item), by its path ('/events/:id' → the event ids). */
export async function listItemIds(): Promise<Record<string, string[]>> {
  const lists = ROUTES.flatMap((route) =>
    route.item ? [listIds(route, route.item).then((ids) => [route.path, ids] as const)] : [],
  );
  return Object.fromEntries(await Promise.all(lists));
}

function loadOnce<T>(q: Query<T>): Promise<T> {
  let load = loads.get(q.key) as Promise<T> | undefined;
  if (!load) loads.set(q.key, (load = q.load()));
  return load;
}

/** The news feed of each language: its file (feed.xml, en/feed.xml, …) and content. */
export async function newsFeeds(renderedAt: number): Promise<{ file: string; content: string }[]> {
  const [items, overrides] = await Promise.all([loadOnce(allNewsQuery), loadOnce(translationsQuery)]);
  const coverBytes = await coverSizes(items);
  const i18n = createI18n();
  const out: { file: string; content: string }[] = [];
  for (const lang of LANGUAGES) {
    await loadLanguage(i18n, lang, overrides);
    out.push({
      file: newsFeedPath(lang).slice(1),
      content: await newsFeed(items, lang, i18n, siteOrigin, { now: new Date(renderedAt), coverBytes }),
    });
  }
  return out;
}

/** The calendar feed of each language: its file (events.ics, en/events.ics, …) and content. */
export async function calendarFeeds(renderedAt: number): Promise<{ file: string; content: string }[]> {
  const [data, overrides] = await Promise.all([loadFeedData(new Date(renderedAt)), translationsQuery.load()]);
  const i18n = createI18n();
  return Promise.all(
    LANGUAGES.map(async (lang) => {
      await loadLanguage(i18n, lang, overrides);
      return {
        file: calendarFeedPath(lang).slice(1),
        content: calendarFeed(data, lang, i18n, siteOrigin, new Date(renderedAt)),
      };
    }),
  );
}

/** A recorded change to public content (private.publish_changes): its table and row key. */
export interface ContentChange {
  content: string;
  row_key: string | null;
}

/**
 * Whether the page at `path` (a route path, without language) shows anything `changes` touched:
 * whether one of its route's queries reads the changed table (settings and translations: every
 * page, through the footer and the texts). An item route's own query of its row counts only for
 * the changed row's page. A table the site reads nowhere (contentTables.ts) counts as touching
 * every page: the change log is the database's, and this renderer, saved at the last build, may
 * predate a content type added since or miss a way its pages read it; a page too many costs a
 * moment, a page missed stays stale until the next full publish.
 */
export function affectedBy(path: string, changes: readonly ContentChange[]): boolean {
  const { route, params } = matchRoute(path);
  const queries = routeQueries(route, params);
  const ownRow = route.item && params.id !== undefined ? route.item.row(params.id).key : undefined;
  return changes.some(({ content, row_key }) => {
    if (!isPublicTable(content)) return true;
    const sameRow = params.id?.toLowerCase() === row_key?.toLowerCase();
    return queries.some((q) => q.tables.includes(content) && (q.key !== ownRow || sameRow));
  });
}
