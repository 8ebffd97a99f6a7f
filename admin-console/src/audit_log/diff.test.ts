import { describe, expect, it } from 'vitest';
import { changedFields } from './diff';

describe('changedFields', () => {
  it('lists only the fields that differ, ignoring updated_at and the row version', () => {
    expect(
      changedFields(
        { id: 1, role: 'editor', updated_at: 'a', version: 1, title: { en: 'x' } },
        { id: 1, role: 'superadmin', updated_at: 'b', version: 2, title: { en: 'x' } },
      ),
    ).toEqual([{ field: 'role', before: 'editor', after: 'superadmin' }]);
  });
  it('shows every field for an insert or a delete', () => {
    expect(changedFields(null, { id: 1, name: 'A' })).toEqual([
      { field: 'id', before: undefined, after: 1 },
      { field: 'name', before: undefined, after: 'A' },
    ]);
    expect(changedFields({ id: 1 }, null)).toEqual([{ field: 'id', before: 1, after: undefined }]);
  });
});
