import { describe, expect, it } from 'vitest';
import { changedFields, displayValue } from './conflict';
import { fieldValue } from './fieldValue';

describe('changedFields', () => {
  it('lists what differs, not the bookkeeping every save changes', () => {
    const previous = { id: 'e', title: { en: 'A', ar: 'أ' }, capacity: 30, version: 1, updated_at: 'x' };
    const current = { id: 'e', title: { en: 'B', ar: 'أ' }, capacity: 30, version: 2, updated_at: 'y' };
    expect(changedFields(previous, current)).toEqual([
      { field: 'title', before: { en: 'A', ar: 'أ' }, now: { en: 'B', ar: 'أ' } },
    ]);
  });

  it('says nothing when the record could not be read again', () => {
    expect(changedFields({ id: 'e', version: 1 }, null)).toEqual([]);
  });
});

describe('displayValue', () => {
  it("shows a localized value in the reader's language, else another", () => {
    expect(displayValue({ en: 'Hall', ar: 'القاعة' }, 'ar')).toBe('القاعة');
    expect(displayValue({ en: 'Hall' }, 'tr')).toBe('Hall');
  });

  it('shows nothing for empty values and text for the rest', () => {
    expect(displayValue(null, 'en')).toBeNull();
    expect(displayValue('', 'en')).toBeNull();
    expect(displayValue(30, 'en')).toBe('30');
    expect(displayValue(true, 'en')).toBe('true');
  });
});

describe('fieldValue', () => {
  const translate = ((key: string) =>
    ({ 'common.languages.en': 'English', 'conflict.empty': '(empty)' })[key] ?? key) as never;
  it("names the language that changed when the reader's did not", () => {
    const before = { ar: 'عنوان', en: 'Title' };
    const after = { ar: 'عنوان', en: 'Title moved' };
    expect(fieldValue(after, 'ar', translate, before)).toBe('English: \u2068Title moved\u2069');
    expect(fieldValue({ ar: 'جديد', en: 'Title' }, 'ar', translate, before)).toBe('جديد');
  });

  it('writes numbers in the reader’s digits', () => {
    expect(fieldValue(40, 'ar', translate)).toBe('٤٠');
  });
});
