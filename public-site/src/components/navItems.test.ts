import { describe, expect, it } from 'vitest';
import { matchRoute, type LinkPath } from '../routes';
import { FOOTER_LINKS, NAV_ITEMS } from './navItems';

// The links are typed by the route table (LinkPath): these lines fail `npm run typecheck` if a
// path that is no route, or a route's parameter pattern, could be linked.
// @ts-expect-error no route has this path
const nowhere: LinkPath = '/nowhere';
// @ts-expect-error an item route's pattern is no page to link to
const pattern: LinkPath = '/events/:id';

describe('the header and footer links', () => {
  it("each opens its route's own page, not the catch-all", () => {
    for (const { to } of [...NAV_ITEMS, ...FOOTER_LINKS]) expect(matchRoute(to).route.path).toBe(to);
    expect([nowhere, pattern].map((to) => matchRoute(to).route.path)).toEqual(['*', '/events/:id']);
  });
});
