import { describe, expect, it } from 'vitest';
import { RESTORE_DAYS } from '@union/shared/constants';
import { isRestorable, recentlyDeletedFilter, restorableUntil } from './restorable';

const now = new Date('2026-12-01T12:00:00Z');
const daysAgo = (days: number) => new Date(now.getTime() - days * 24 * 60 * 60 * 1000).toISOString();
const deletion = { action: 'DELETE', table_name: 'events', at: daysAgo(1), before: { id: 'e1' } };

describe('isRestorable', () => {
  it('offers the deletion of a content record within the period', () => {
    expect(isRestorable(deletion, now)).toBe(true);
    expect(isRestorable({ ...deletion, table_name: 'board_members', at: daysAgo(RESTORE_DAYS - 0.01) }, now)).toBe(
      true,
    );
  });

  it('not once the period is over', () => {
    expect(isRestorable({ ...deletion, at: daysAgo(RESTORE_DAYS) }, now)).toBe(false);
    expect(restorableUntil(deletion).toISOString()).toBe(daysAgo(1 - RESTORE_DAYS));
  });

  it('not for other changes, other tables, or an entry whose data retention removed', () => {
    expect(isRestorable({ ...deletion, action: 'UPDATE' }, now)).toBe(false);
    expect(isRestorable({ ...deletion, table_name: 'students' }, now)).toBe(false);
    expect(isRestorable({ ...deletion, table_name: 'settings' }, now)).toBe(false);
    expect(isRestorable({ ...deletion, before: null }, now)).toBe(false);
  });
});

describe('recentlyDeletedFilter', () => {
  it('asks for the deletions of content since the period began', () => {
    const filter = recentlyDeletedFilter(now);
    expect(filter.action).toBe('DELETE');
    expect(filter['at@gte']).toBe(daysAgo(RESTORE_DAYS));
    expect(filter['table_name@in']).toMatch(/^\(.*\bevents\b.*\)$/);
    expect(filter['table_name@in']).not.toContain('students');
  });
});
