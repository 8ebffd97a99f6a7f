import { describe, expect, it } from 'vitest';
import { buildRows, flattenResources, toOverride } from './keys';
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
    expect(rows.length).toBe(flattenResources(en).size);
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
});
