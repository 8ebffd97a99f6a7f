import { describe, expect, it } from 'vitest';
import { altWhenPublished, bodyWhenPublished, completeWhenPublished, newsState } from './newsState';

const NOW = Date.UTC(2026, 10, 26, 12);

describe('newsState', () => {
  it('draft whatever its time; scheduled before its time; published from it', () => {
    expect(newsState({ status: 'draft', publish_at: null }, NOW)).toBe('draft');
    expect(newsState({ status: 'draft', publish_at: '2026-11-20T00:00:00Z' }, NOW)).toBe('draft');
    expect(newsState({ status: 'published', publish_at: '2026-12-01T00:00:00Z' }, NOW)).toBe('scheduled');
    expect(newsState({ status: 'published', publish_at: '2026-11-26T12:00:00Z' }, NOW)).toBe('published');
    expect(newsState({ status: 'published', publish_at: null }, NOW)).toBe('published');
  });
});

describe('validators', () => {
  const partial = { en: 'Only English', ar: '', tr: '' };
  const full = { en: 'a', ar: 'ب', tr: 'c' };
  it('a draft may be unfinished; publishing asks for all three languages', () => {
    expect(completeWhenPublished(partial, { status: 'draft' }, {})).toBeUndefined();
    expect(completeWhenPublished(partial, { status: 'published' }, {})).toBe('errors.news_incomplete');
    expect(completeWhenPublished(full, { status: 'published' }, {})).toBeUndefined();
  });
  it('a body of empty paragraphs is no body', () => {
    expect(bodyWhenPublished('<p></p><p>&nbsp;</p>', { status: 'published' }, {})).toBe('errors.news_incomplete');
    expect(bodyWhenPublished('<p>نص</p>', { status: 'published' }, {})).toBeUndefined();
    expect(bodyWhenPublished('', { status: 'draft' }, {})).toBeUndefined();
  });
  it('the cover description is needed only with a cover', () => {
    expect(altWhenPublished(partial, { status: 'published' }, {})).toBeUndefined();
    expect(altWhenPublished(partial, { status: 'published', cover_path: 'news/x.webp' }, {})).toBe(
      'errors.news_incomplete',
    );
  });
});
