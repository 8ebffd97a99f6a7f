import { describe, expect, it } from 'vitest';
import { recordName } from './recordName';

describe('recordName', () => {
  const title = { en: 'Olive harvest', ar: 'قطف الزيتون', tr: 'Zeytin hasadı' };

  it('names a content row by its title in the language on screen', () => {
    expect(recordName({ table_name: 'events', before: null, after: { id: 'e1', title } }, 'ar')).toBe('قطف الزيتون');
    expect(recordName({ table_name: 'events', before: null, after: { id: 'e1', title } }, 'tr')).toBe('Zeytin hasadı');
  });

  it('uses the row before a deletion, and the newer name after an update', () => {
    expect(recordName({ table_name: 'events', before: { id: 'e1', title }, after: null }, 'en')).toBe('Olive harvest');
    expect(
      recordName({ table_name: 'events', before: { title }, after: { title: { ...title, en: 'Harvest day' } } }, 'en'),
    ).toBe('Harvest day');
  });

  it('names people, staff accounts and texts by the column their table is named by', () => {
    const student = { id: 's1', name: 'Lina Haddad', email: 'lina@example.com' };
    expect(recordName({ table_name: 'submissions', after: student }, 'en')).toBe('Lina Haddad');
    expect(
      recordName(
        { table_name: 'board_members', after: { id: 'b1', name: { en: 'Sara', ar: 'سارة', tr: 'Sara' } } },
        'ar',
      ),
    ).toBe('سارة');
    expect(
      recordName({ table_name: 'staff', after: { user_id: 'u1', email: 'editor@union.test', role: 'editor' } }, 'en'),
    ).toBe('editor@union.test');
    expect(recordName({ table_name: 'translations', after: { key: 'home.title', en: 'Welcome' } }, 'en')).toBe(
      'home.title',
    );
  });

  it('has no name for counts-only, anonymised and unknown entries', () => {
    expect(
      recordName({ table_name: 'privacy', before: null, after: { submissions: 2, students: 1 } }, 'en'),
    ).toBeNull();
    expect(recordName({ table_name: 'events', before: null, after: null }, 'en')).toBeNull();
    expect(recordName({ table_name: 'students', after: { name: '  ' } }, 'en')).toBeNull();
    expect(recordName({ table_name: 'no_such_table', after: { name: 'x' } }, 'en')).toBeNull();
  });
});
