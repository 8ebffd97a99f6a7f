import type { ContentTable } from './contentTables';

// The routes with a page per row, with the table of their rows: pure data, for the prerender's
// Node code that cannot load the route table itself (prerender/publish.ts removes the page of a
// row that is gone, prerender/files.ts writes the host's fallback rules per folder). routes.tsx
// declares these routes with these paths and tables (RouteDef.item; a test holds them equal).

export const ITEM_ROUTES = [
  { path: '/events/:id', table: 'events' },
  { path: '/news/:id', table: 'news' },
] as const satisfies readonly { path: `/${string}/:id`; table: ContentTable }[];

export type ItemRoutePath = (typeof ITEM_ROUTES)[number]['path'];

/** The folder of an item route's pages: '/events/:id' → '/events'. */
export const itemFolder = (path: string): string => path.replace(/\/:id$/, '');

/** Each item route's folder, in the route table's order. */
export const ITEM_FOLDERS: readonly string[] = ITEM_ROUTES.map((route) => itemFolder(route.path));
