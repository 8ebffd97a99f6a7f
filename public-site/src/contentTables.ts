import type { Database } from '@union/shared/database.types';

// The tables the public site reads, by kind. Pure (no React, no Vite): the prerender's Node code
// and other workspaces' tests import it. Each query names what it reads from these (lib/data.tsx,
// Query.tables, typed by them), and publish-scope.test.ts checks that the lists hold exactly what
// the routes' queries name, so neither can drift from the other.

type Table = keyof Database['public']['Tables'];

/** Content staff edit in the console: a change republishes only the pages whose queries read it. */
export const CONTENT_TABLES = [
  'board_members',
  'events',
  'books',
  'achievements',
  'news',
  'statistics',
  'partners',
] as const satisfies readonly Table[];

/** The site's own tables, read on every page (the footer's settings, the texts' overrides). */
export const SITE_TABLES = ['settings', 'translations'] as const satisfies readonly Table[];

export type ContentTable = (typeof CONTENT_TABLES)[number];
export type SiteTable = (typeof SITE_TABLES)[number];
/** A table some query of the public site reads. */
export type PublicTable = ContentTable | SiteTable;

const PUBLIC_TABLES: ReadonlySet<string> = new Set<string>([...CONTENT_TABLES, ...SITE_TABLES]);

/** Whether the public site reads `table` (a name from the database's change log, say). */
export const isPublicTable = (table: string): table is PublicTable => PUBLIC_TABLES.has(table);
