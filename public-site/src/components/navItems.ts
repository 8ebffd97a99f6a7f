import type { LinkPath } from '../routes';

/** A link of the header or footer: a path of the route table (a typo fails the type check) and its label, `nav.<key>`. */
interface NavItem {
  to: LinkPath;
  key: string;
}

/** The header's links, in reading order; labels are `nav.<key>`. */
export const NAV_ITEMS = [
  { to: '/', key: 'home' },
  { to: '/news', key: 'news' },
  { to: '/about', key: 'about' },
  { to: '/sponsor', key: 'sponsor' },
  { to: '/board', key: 'board' },
  { to: '/events', key: 'events' },
  { to: '/library', key: 'library' },
  { to: '/achievements', key: 'achievements' },
  { to: '/contact', key: 'contact' },
] as const satisfies readonly NavItem[];

export const FOOTER_LINKS = [
  { to: '/news', key: 'news' },
  { to: '/about', key: 'about' },
  { to: '/events', key: 'events' },
  { to: '/library', key: 'library' },
  { to: '/contact', key: 'contact' },
] as const satisfies readonly NavItem[];
