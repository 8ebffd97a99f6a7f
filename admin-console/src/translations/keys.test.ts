import { describe, expect, it } from 'vitest';
import { buildRows, flattenResources, pluralNumbers, toOverride } from './keys';
import { en } from '@union/shared/i18n/public/en';
import { ar } from '@union/shared/i18n/public/ar';
import { tr } from '@union/shared/i18n/public/tr';

describe('translations page data', () => {
  it('flattens nested resources to dotted keys', () => {
    expect(Array.from(flattenResources({ a: { b: 'x', c: { d: 'y' } }, e: 'z' }))).toEqual([
      ['a.b', 'x'],
      ['a.c.d', 'y'],
      ['e', 'z'],
    ]);
  });

  it('lists every key of the public site with built-in texts and the override', () => {
    const rows = buildRows({ en, ar, tr }, [{ key: 'meta.siteName', en: 'PSU!', ar: null, tr: null }]);
    // English's keys, and the plural forms only other languages have.
    expect(rows.length).toBeGreaterThan(flattenResources(en).size);
    for (const key of flattenResources(en).keys()) expect(rows.map((r) => r.key)).toContain(key);
    expect(rows.length).toBeGreaterThan(50);
    const row = rows.find((r) => r.key === 'meta.siteName')!;
    expect(row.overridden).toBe(true);
    expect(row.override).toEqual({ en: 'PSU!', ar: null, tr: null });
    expect(row.builtIn.en).toBe(en.meta.siteName);
    expect(row.builtIn.ar).toBe(ar.meta.siteName);
    expect(rows.filter((r) => r.overridden)).toHaveLength(1);
  });

  it('stores blank languages as null (built-in text)', () => {
    expect(toOverride({ en: ' Hi ', ar: '  ', tr: '' })).toEqual({ en: 'Hi', ar: null, tr: null });
  });

  it('offers every plural form each language has, only in the languages that have it', () => {
    const rows = buildRows({ en, ar, tr }, [
      { key: 'events.placesLeft_few', en: 'x', ar: 'بقيت {{places}} مقاعد فقط', tr: 'y' },
    ]);
    const forms = rows.filter((r) => r.key.startsWith('events.placesLeft_')).map((r) => [r.key, r.languages]);
    expect(forms).toEqual([
      ['events.placesLeft_zero', ['ar']],
      ['events.placesLeft_one', ['ar', 'en', 'tr']],
      ['events.placesLeft_two', ['ar']],
      ['events.placesLeft_few', ['ar']],
      ['events.placesLeft_many', ['ar']],
      ['events.placesLeft_other', ['ar', 'en', 'tr']],
    ]);
    const few = rows.find((r) => r.key === 'events.placesLeft_few')!;
    expect(few.builtIn.ar).toBe(ar.events.placesLeft_few);
    expect(few.plural).toBe('few');
    // Languages without the form keep no override for it.
    expect(few.override).toEqual({ en: null, ar: 'بقيت {{places}} مقاعد فقط', tr: null });
  });

  it('says which numbers a plural form covers, in the language’s digits', () => {
    expect(pluralNumbers('ar', 'few', '، ')).toMatch(/^٣–١٠، ١٠٣–١١٠، /);
    expect(pluralNumbers('ar', 'many', '، ')).toMatch(/^١١–٩٩، ١١١–١٩٩، /);
    expect(pluralNumbers('ar', 'two', '، ')).toBe('٢، …');
    expect(pluralNumbers('en', 'one', ' · ')).toBe('1 · …');
    expect(pluralNumbers('tr', 'other', ' · ')).toMatch(/^0 · 2–200 · …$/);
  });
});
