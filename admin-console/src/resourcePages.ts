// Each resource's pages and the component of each page of its own (registry.ts has the rest of
// their entries). Apart from the registry because the pages read the registry (the audit log's
// tables and record names): the registry imports no page, so no import circle joins them.
import type { ComponentType } from 'react';
import type { PagePath, ResourceName } from './registry';
import type { Pages } from './pages';
import events from './events';
import boardMembers from './board_members';
import books from './books';
import achievements from './achievements';
import news from './news';
import statistics from './statistics';
import partners from './partners';
import submissions from './submissions';
import translations from './translations';
import settings from './settings';
import students from './students';
import staff from './staff';
import credentials from './credentials';
import auditLog from './audit_log';
import privacy from './privacy';
import handover from './handover';

/** Every resource of the registry, by name (a resource left out fails the type check). */
export const RESOURCE_PAGES: Record<ResourceName, Pages> = {
  board_members: boardMembers,
  events,
  books,
  achievements,
  news,
  statistics,
  partners,
  submissions,
  translations,
  settings,
  students,
  staff,
  credentials,
  audit_log: auditLog,
};

/** The page at each of the registry's PAGES paths. */
export const PAGE_COMPONENTS: Record<PagePath, ComponentType> = {
  '/privacy': privacy,
  '/handover': handover,
};
