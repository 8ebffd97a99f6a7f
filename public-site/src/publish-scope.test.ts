import { afterEach, describe, expect, it, vi } from 'vitest';
import { CONTENT_TABLES, SITE_TABLES } from './contentTables';
import { affectedBy, lastModified, listItemIds } from './entry-server';
import { ITEM_ROUTES } from './itemRoutes';
import { GLOBAL_QUERIES, matchRoute, routeQueries, ROUTES } from './routes';

// A local publish renders only the pages a change touches (prerender/publish.ts): the pages that
// read the changed table, by the queries their routes declare; everything for what is on every page.
const EVENT = 'e0000000-0000-4000-8000-000000000001';
const OTHER = 'e0000000-0000-4000-8000-000000000002';

describe('affectedBy', () => {
  it('an event change touches its page, the lists and home, not the others', () => {
    const change = [{ content: 'events', row_key: EVENT }];
    for (const path of ['/', '/events', '/events/past', `/events/${EVENT}`])
      expect(affectedBy(path, change)).toBe(true);
    for (const path of [`/events/${OTHER}`, '/board', '/library', '/about', '/events/404'])
      expect(affectedBy(path, change)).toBe(false);
  });

  it('a board member, a book, an achievement, a statistic: their pages', () => {
    expect(affectedBy('/board', [{ content: 'board_members', row_key: 'x' }])).toBe(true);
    expect(affectedBy('/', [{ content: 'board_members', row_key: 'x' }])).toBe(true);
    expect(affectedBy('/events', [{ content: 'board_members', row_key: 'x' }])).toBe(false);
    expect(affectedBy('/library', [{ content: 'books', row_key: 'x' }])).toBe(true);
    expect(affectedBy('/achievements', [{ content: 'achievements', row_key: 'x' }])).toBe(true);
    expect(affectedBy('/', [{ content: 'statistics', row_key: 'x' }])).toBe(true);
    expect(affectedBy('/about', [{ content: 'statistics', row_key: 'x' }])).toBe(false);
  });

  it('a news item touches its page, the list and home, not other items or pages', () => {
    const NEWS = 'a0000000-0000-4000-8000-000000000001';
    const change = [{ content: 'news', row_key: NEWS }];
    for (const path of ['/', '/news', `/news/${NEWS}`]) expect(affectedBy(path, change)).toBe(true);
    for (const path of ['/news/a0000000-0000-4000-8000-000000000002', '/events', '/about', '/news/404'])
      expect(affectedBy(path, change)).toBe(false);
  });

  it('settings, translations and tables it does not know touch every page', () => {
    for (const content of ['settings', 'translations', 'a_future_table'])
      for (const path of ['/about', '/404', `/events/${OTHER}`])
        expect(affectedBy(path, [{ content, row_key: 'k' }])).toBe(true);
  });

  it('a table no query reads touches every page of the route table', () => {
    for (const path of PAGES) expect(affectedBy(path, [{ content: 'a_future_table', row_key: null }])).toBe(true);
  });

  it("a content table touches exactly the pages whose route's queries read it", () => {
    // Home does not show books today, the library does: the declarations decide, not a list here.
    expect(readsTable('/library', 'books')).toBe(true);
    expect(readsTable('/', 'books')).toBe(false);
    expect(affectedBy('/library', [{ content: 'books', row_key: '1' }])).toBe(true);
    expect(affectedBy('/', [{ content: 'books', row_key: '1' }])).toBe(false);
    // An item route's own table is the next test's: only its row's page.
    for (const table of CONTENT_TABLES)
      for (const path of PAGES.filter((p) => itemTable(p) !== table))
        expect(affectedBy(path, [{ content: table, row_key: '1' }]), `${table} on ${path}`).toBe(
          readsTable(path, table),
        );
  });

  it("an item route's own table touches only the page of the changed row", () => {
    for (const route of ROUTES.filter((r) => r.item)) {
      const page = route.path.replace(':id', EVENT);
      expect(affectedBy(page, [{ content: route.item!.table, row_key: EVENT.toUpperCase() }])).toBe(true);
      expect(affectedBy(page, [{ content: route.item!.table, row_key: OTHER }])).toBe(false);
      expect(affectedBy(page, [{ content: route.item!.table, row_key: null }])).toBe(false);
    }
  });
});

/** A path of every route ('/404' for the catch-all, an id for an item route). */
const PAGES = ROUTES.map((r) => (r.path === '*' ? '/404' : r.path.replace(':id', OTHER)));
const itemTable = (path: string) => matchRoute(path).route.item?.table;
const readsTable = (path: string, table: string) => {
  const { route, params } = matchRoute(path);
  return routeQueries(route, params).some((q) => (q.tables as readonly string[]).includes(table));
};

/** Every query the routes declare (an item route's for some id), with the item routes' lists of rows. */
const allQueries = () => [
  ...GLOBAL_QUERIES,
  ...ROUTES.flatMap((r) => [...(r.queries?.({ id: EVENT }) ?? []), ...(r.item ? [r.item.rows] : [])]),
];

describe('the tables the routes read', () => {
  it('every query declares the tables it reads', () => {
    for (const q of allQueries()) expect(q.tables.length, q.key).toBeGreaterThan(0);
  });

  it('contentTables.ts lists exactly what the queries read: the site tables on every page, the content tables by route', () => {
    const global = new Set(GLOBAL_QUERIES.flatMap((q) => q.tables));
    expect([...global].sort()).toEqual([...SITE_TABLES].sort());
    const content = new Set(allQueries().flatMap((q) => q.tables));
    for (const table of global) content.delete(table);
    expect([...content].sort()).toEqual([...CONTENT_TABLES].sort());
  });

  it("the item routes are itemRoutes.ts's, each with its table, and its rows stand in for the page's own query", () => {
    const items = ROUTES.filter((r) => r.item);
    expect(items.map((r) => ({ path: r.path, table: r.item!.table }))).toEqual(ITEM_ROUTES);
    for (const route of items) {
      expect(route.item!.rows.tables).toEqual([route.item!.table]);
      expect(route.item!.row(EVENT).tables).toEqual([route.item!.table]);
      // The key listItemIds fills is one the page reads.
      expect(route.queries?.({ id: EVENT }).map((q) => q.key)).toContain(route.item!.row(EVENT).key);
    }
  });
});

describe('listItemIds', () => {
  afterEach(() => vi.restoreAllMocks());

  it("lists each item route's ids with one request per table, and their pages' last change", async () => {
    const loads = ROUTES.filter((r) => r.item).map((route, i) => {
      const id = `a000000${i}-0000-4000-8000-000000000009`;
      const row = { id, updated_at: '2026-11-02T10:15:30+03:00' };
      return { route, id, load: vi.spyOn(route.item!.rows, 'load').mockResolvedValue([row]) };
    });
    const ids = await listItemIds();
    expect(Object.keys(ids).sort()).toEqual(ITEM_ROUTES.map((r) => r.path).sort());
    for (const { route, id, load } of loads) {
      expect(ids[route.path]).toEqual([id]);
      expect(load).toHaveBeenCalledTimes(1);
      expect(lastModified(route.path.replace(':id', id))).toBe('2026-11-02T10:15:30+03:00');
    }
  });
});
