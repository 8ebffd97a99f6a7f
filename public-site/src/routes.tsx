import { createContext, useContext, useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { matchRoutes } from 'react-router-dom';
import { HOME_LIST_LIMIT } from '@union/shared/limits';
import { LoadFailed, Spinner } from './components/Spinner';
import type { ContentTable } from './contentTables';
import type { Query } from './lib/data';
import { translationsQuery, type TextLevel } from './lib/i18n';
import { settingsQuery } from './lib/settings';
import { partnersQuery } from './features/about/api';
import { achievementsQuery } from './features/achievements/api';
import { boardQuery } from './features/board/api';
import { allEventsQuery, eventQuery, eventsQuery } from './features/events/api';
import HomePage from './features/home/HomePage';
import { statisticsQuery } from './features/home/api';
import { booksQuery } from './features/library/api';
import { allNewsQuery, newsItemQuery, newsListQuery } from './features/news/api';

// The public site's routes, in one table: the router (App.tsx), the prerender (which pages
// exist, what data each embeds), the sitemap, a publish (which pages a change touches, by the
// tables their queries read) and the site's links (navItems.ts, typed by RoutePath) all read it.
// Paths are inside a language (lib/paths.ts adds /en or /tr).

type PageModule = { default: ComponentType<Record<string, unknown>> };

// Every page but home is its own chunk. The glob's keys (source paths) let the prerender find
// each page's chunk in Vite's manifest and preload it, so hydration never waits for it.
const pageModules = import.meta.glob<PageModule>(['./features/*/*Page.tsx', '!./features/home/HomePage.tsx']);

/** Server: records the source module of each page rendered (its chunk is preloaded). */
export const RenderedModulesContext = createContext<((module: string) => void) | null>(null);

export interface Page {
  (props: Record<string, unknown>): ReactNode;
  /** Loads the page's chunk; hydration awaits it so the first client render matches the HTML. */
  preload(): Promise<void>;
}

function lazyPage(module: string): Page {
  const load = pageModules[module];
  if (!load) throw new Error(`no page module ${module}`);
  let loaded: PageModule['default'] | undefined;
  const preload = () =>
    load().then((m) => {
      loaded = m.default;
    });
  function LazyPage(props: Record<string, unknown>) {
    useContext(RenderedModulesContext)?.(`src/${module.slice(2)}`);
    // Loaded before this mount (always when hydrating or prerendering): rendered directly, with
    // no Suspense boundary (React hydrates the inside of one in a later, separate pass). Pinned
    // per mount, so a later re-render never swaps the component type. Otherwise (a page opened in
    // the browser) a spinner until it arrives. Not React.lazy: a chunk that could not arrive
    // (offline) shows an error in the page's place, instead of taking the whole site down.
    const [Loaded, setLoaded] = useState(() => loaded);
    const [failed, setFailed] = useState(false);
    useEffect(() => {
      if (!Loaded)
        preload().then(
          () => setLoaded(() => loaded),
          () => setFailed(true),
        );
    }, [Loaded]);
    if (Loaded) return <Loaded {...props} />;
    return failed ? <LoadFailed /> : <Spinner className="py-24" />;
  }
  return Object.assign(LazyPage, { preload });
}

const eager = (Component: ComponentType): Page =>
  Object.assign((props: Record<string, unknown>) => <Component {...props} />, { preload: () => Promise.resolve() });

/** A row as the prerender lists an item route's rows: the page's id and when it last changed. */
export interface ItemRow {
  id: string;
  updated_at: string;
}

/**
 * A route with a page per row of `table` (its path ends in '/:id'; itemRoutes.ts lists these for
 * the prerender's Node code). Only in the server's build (each route passes it as
 * `...(import.meta.env.SSR && { item: ... })`): `rows` would bring the whole table's query into
 * the home page's scripts, which never need it.
 */
export interface ItemDef<R extends ItemRow = ItemRow> {
  table: ContentTable;
  /** Every row with a page, in one request; each row is what `row` reads for its id. */
  rows: Query<R[]>;
  /** The page's own query of its row: the prerender serves it from `rows` (one request per table). */
  row: (id: string) => Query<R | null>;
}

/** An item route's declaration, its row query checked against its list's rows. */
const item = <R extends ItemRow>(
  table: ContentTable,
  rows: Query<R[]>,
  row: (id: string) => Query<R | null>,
): ItemDef => ({ table, rows, row });

export interface RouteDef {
  id: string;
  /** Path inside a language; ':id' marks a parameter, '*' matches anything else. */
  path: string;
  page: Page;
  props?: Record<string, unknown>;
  /** What the page reads, started together with its chunk and embedded when prerendered. */
  queries?: (params: Record<string, string | undefined>) => Query<unknown>[];
  /** A page per row (see ItemDef): the server's build alone has it. */
  item?: ItemDef;
  /** Listed in sitemap.xml (content pages only). */
  sitemap: boolean;
  /**
   * 'first': the page's first screen shows only the texts of the site's first download (Arabic's
   * ar-first.ts; its parts below the first screen fetch the rest of the shell's, see
   * lib/deferred.tsx). Every other page shows any text ('pages', the default).
   */
  texts?: 'first';
}

/** The texts a route's page shows outside its deferred parts (see RouteDef.texts; lib/i18n.ts TextLevel). */
export const routeTexts = (route: RouteDef): TextLevel => route.texts ?? 'pages';

const eventsPage = lazyPage('./features/events/EventsPage.tsx');

const ROUTE_TABLE = [
  {
    id: 'home',
    path: '/',
    page: eager(HomePage),
    queries: () => [
      eventsQuery('upcoming', HOME_LIST_LIMIT),
      statisticsQuery,
      boardQuery(HOME_LIST_LIMIT),
      achievementsQuery(HOME_LIST_LIMIT),
      newsListQuery(HOME_LIST_LIMIT),
    ],
    sitemap: true,
    texts: 'first',
  },
  {
    id: 'about',
    path: '/about',
    page: lazyPage('./features/about/AboutPage.tsx'),
    queries: () => [partnersQuery],
    sitemap: true,
  },
  { id: 'sponsor', path: '/sponsor', page: lazyPage('./features/sponsor/SponsorPage.tsx'), sitemap: true },
  {
    id: 'board',
    path: '/board',
    page: lazyPage('./features/board/BoardPage.tsx'),
    queries: () => [boardQuery()],
    sitemap: true,
  },
  {
    id: 'events',
    path: '/events',
    page: eventsPage,
    props: { when: 'upcoming' },
    queries: () => [eventsQuery('upcoming')],
    sitemap: true,
  },
  {
    id: 'pastEvents',
    path: '/events/past',
    page: eventsPage,
    props: { when: 'past' },
    queries: () => [eventsQuery('past')],
    sitemap: true,
  },
  {
    id: 'event',
    path: '/events/:id',
    page: lazyPage('./features/events/EventPage.tsx'),
    queries: ({ id }) => [eventQuery(id ?? '')],
    ...(import.meta.env.SSR && { item: item('events', allEventsQuery, eventQuery) }),
    sitemap: true,
  },
  {
    id: 'library',
    path: '/library',
    page: lazyPage('./features/library/LibraryPage.tsx'),
    queries: () => [booksQuery],
    sitemap: true,
  },
  {
    id: 'achievements',
    path: '/achievements',
    page: lazyPage('./features/achievements/AchievementsPage.tsx'),
    queries: () => [achievementsQuery()],
    sitemap: true,
  },
  {
    id: 'news',
    path: '/news',
    page: lazyPage('./features/news/NewsPage.tsx'),
    queries: () => [newsListQuery()],
    sitemap: true,
  },
  {
    id: 'newsItem',
    path: '/news/:id',
    page: lazyPage('./features/news/NewsItemPage.tsx'),
    queries: ({ id }) => [newsItemQuery(id ?? '')],
    ...(import.meta.env.SSR && { item: item('news', allNewsQuery, newsItemQuery) }),
    sitemap: true,
  },
  { id: 'contact', path: '/contact', page: lazyPage('./features/contact/ContactPage.tsx'), sitemap: true },
  { id: 'privacy', path: '/privacy', page: lazyPage('./features/privacy/PrivacyPage.tsx'), sitemap: true },
  // A mail's cancel link (?token=…) opens it; nothing to index.
  { id: 'cancel', path: '/cancel', page: lazyPage('./features/cancel/CancelPage.tsx'), sitemap: false },
  // Forwards to the console's sign-in; kept so old links and bookmarks work.
  { id: 'login', path: '/login', page: lazyPage('./features/login/LoginPage.tsx'), sitemap: false },
  { id: 'notFound', path: '*', page: lazyPage('./features/notfound/NotFoundPage.tsx'), sitemap: false },
] as const satisfies readonly RouteDef[];

export const ROUTES: readonly RouteDef[] = ROUTE_TABLE;

/** A path of the route table (inside a language). */
export type RoutePath = (typeof ROUTE_TABLE)[number]['path'];

/** A path a link may name: a route's own, without a parameter or the catch-all. */
export type LinkPath = Exclude<RoutePath, `${string}:${string}` | '*'>;

/** Read on every page (footer, texts). */
export const GLOBAL_QUERIES: Query<unknown>[] = [settingsQuery, translationsQuery];

/** Everything a route reads with these parameters. */
export const routeQueries = (route: RouteDef, params: Record<string, string | undefined>): Query<unknown>[] => [
  ...GLOBAL_QUERIES,
  ...(route.queries?.(params) ?? []),
];

/** The route a path inside a language shows, and its parameters (the router's own ranking). */
export function matchRoute(path: string): { route: RouteDef; params: Record<string, string | undefined> } {
  // Read only: matchRoutes' parameter is typed as a mutable array.
  const match = matchRoutes(ROUTES as RouteDef[], path)?.at(-1);
  if (!match) throw new Error(`no route for ${path}`); // '*' matches everything
  return { route: match.route, params: match.params };
}
