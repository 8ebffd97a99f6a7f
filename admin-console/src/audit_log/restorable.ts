import { RESTORE_DAYS } from '@union/shared/constants';
import { RESTORABLE_TABLES } from '../registry';

const DAY_MS = 24 * 60 * 60 * 1000;

interface Entry {
  action: string;
  table_name: string;
  at: string;
  before: unknown;
}

/** Until when the deleted record of a delete entry can be restored (public.restore_deleted decides). */
export const restorableUntil = (entry: Pick<Entry, 'at'>): Date =>
  new Date(Date.parse(entry.at) + RESTORE_DAYS * DAY_MS);

/**
 * Whether the audit log offers "Restore" for this entry: the deletion of a content record whose
 * row the entry still holds, within the restore period. The database checks the same and more
 * (a record with the same id again), so this only hides a button that would be refused.
 */
export const isRestorable = (entry: Entry, now: Date = new Date()): boolean =>
  entry.action === 'DELETE' &&
  entry.before != null &&
  RESTORABLE_TABLES.includes(entry.table_name) &&
  restorableUntil(entry).getTime() > now.getTime();

/** The list filter of the delete entries still within the restore period (ra-data-postgrest operators). */
export const recentlyDeletedFilter = (now: Date = new Date()) => ({
  action: 'DELETE',
  'table_name@in': `(${RESTORABLE_TABLES.join(',')})`,
  'at@gte': new Date(now.getTime() - RESTORE_DAYS * DAY_MS).toISOString(),
});
