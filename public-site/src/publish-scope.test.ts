import { describe, expect, it } from 'vitest';
import { affectedBy } from './entry-server';

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
});
