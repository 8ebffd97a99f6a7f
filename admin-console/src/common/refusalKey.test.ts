import { describe, expect, it } from 'vitest';
import { refusalKey } from './refusalKey';

describe('refusalKey', () => {
  it("shows the database's own refusal key", () => {
    expect(refusalKey(new Error('errors.rate_limited'), 'common.saveError')).toBe('errors.rate_limited');
  });

  it("uses the screen's wording for the refusals it names", () => {
    expect(
      refusalKey(new Error('errors.duplicate'), 'common.saveError', { 'errors.duplicate': 'students.duplicateNumber' }),
    ).toBe('students.duplicateNumber');
  });

  it('falls back for anything that is not a refusal key', () => {
    expect(refusalKey(new Error('Failed to fetch'), 'common.saveError')).toBe('common.saveError');
    expect(refusalKey(undefined, 'common.saveError')).toBe('common.saveError');
    expect(refusalKey({ message: 42 }, 'common.saveError')).toBe('common.saveError');
  });
});
