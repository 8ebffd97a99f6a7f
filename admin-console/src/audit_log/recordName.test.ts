import { describe, expect, it } from 'vitest';
import { recordName } from './recordName';

describe('recordName', () => {
  const title = { en: 'Olive harvest', ar: 'قطف الزيتون', tr: 'Zeytin hasadı' };

  it('names a content row by its title in the language on screen', () => {
    expect(recordName({ before: null, after: { id: 'e1', title } }, 'ar')).toBe('قطف الزيتون');
    expect(recordName({ before: null, after: { id: 'e1', title } }, 'tr')).toBe('Zeytin hasadı');
  });

  it('uses the row before a deletion, and the newer name after an update', () => {
    expect(recordName({ before: { id: 'e1', title }, after: null }, 'en')).toBe('Olive harvest');
    expect(recordName({ before: { title }, after: { title: { ...title, en: 'Harvest day' } } }, 'en')).toBe(
      'Harvest day',
    );
  });

  it('names people, staff accounts and texts by their own fields', () => {
    expect(recordName({ after: { id: 's1', name: 'Lina Haddad', email: 'lina@example.com' } }, 'en')).toBe(
      'Lina Haddad',
    );
    expect(recordName({ after: { id: 'b1', name: { en: 'Sara', ar: 'سارة', tr: 'Sara' } } }, 'ar')).toBe('سارة');
    expect(recordName({ after: { user_id: 'u1', email: 'editor@union.test', role: 'editor' } }, 'en')).toBe(
      'editor@union.test',
    );
    expect(recordName({ after: { key: 'home.title', en: 'Welcome' } }, 'en')).toBe('home.title');
  });

  it('has no name for counts-only and anonymised entries', () => {
    expect(recordName({ before: null, after: { submissions: 2, students: 1 } }, 'en')).toBeNull();
    expect(recordName({ before: null, after: null }, 'en')).toBeNull();
    expect(recordName({ after: { name: '  ' } }, 'en')).toBeNull();
  });
});
