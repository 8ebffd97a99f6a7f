import { describe, expect, it } from 'vitest';
import { applyOverrides } from './overrides';

const bundle = { home: { heroTitle: 'Union', heroSubtitle: 'Welcome' }, about: { title: 'About' } };

describe('applyOverrides', () => {
  it('replaces the text at a dotted key for the language, leaving the original untouched', () => {
    const result = applyOverrides(bundle, [{ key: 'home.heroTitle', en: 'Our union', ar: 'اتحادنا', tr: null }], 'en');
    expect(result.home.heroTitle).toBe('Our union');
    expect(result.home.heroSubtitle).toBe('Welcome');
    expect(bundle.home.heroTitle).toBe('Union');
    expect(
      applyOverrides(bundle, [{ key: 'home.heroTitle', en: 'Our union', ar: 'اتحادنا', tr: null }], 'ar').home
        .heroTitle,
    ).toBe('اتحادنا');
  });

  it('keeps the built-in text when the override is null or blank', () => {
    const rows = [{ key: 'home.heroTitle', en: '  ', ar: null, tr: '' }];
    for (const lang of ['en', 'ar', 'tr'] as const)
      expect(applyOverrides(bundle, rows, lang).home.heroTitle).toBe('Union');
  });

  it('never replaces a whole group by a string, nor walks through a string', () => {
    const rows = [
      { key: 'about', en: 'flat', ar: null, tr: null },
      { key: 'about.title.deeper', en: 'x', ar: null, tr: null },
      { key: '__proto__.polluted', en: 'x', ar: null, tr: null },
    ];
    const result = applyOverrides(bundle, rows, 'en');
    expect(result.about).toEqual({ title: 'About' });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('adds a key that is not built in (staff may add texts ahead of a release)', () => {
    const result = applyOverrides(
      bundle,
      [{ key: 'home.newText', en: 'New', ar: null, tr: null }],
      'en',
    ) as typeof bundle & { home: { newText?: string } };
    expect(result.home.newText).toBe('New');
  });

  it('copies only the groups an override changes: the rest is shared, the bundle stays as it was', () => {
    const before = structuredClone(bundle);
    const result = applyOverrides(bundle, [{ key: 'home.heroTitle', en: 'Our union', ar: null, tr: null }], 'en');
    expect(bundle).toEqual(before);
    expect(result).not.toBe(bundle);
    expect(result.home).not.toBe(bundle.home);
    expect(result.about).toBe(bundle.about);
    // Two rows in one group: both land in the one copy.
    const two = applyOverrides(
      bundle,
      [
        { key: 'home.heroTitle', en: 'A', ar: null, tr: null },
        { key: 'home.heroSubtitle', en: 'B', ar: null, tr: null },
        { key: 'home.deep.newText', en: 'C', ar: null, tr: null },
      ],
      'en',
    ) as typeof bundle & { home: { deep?: { newText: string } } };
    expect(two.home).toEqual({ heroTitle: 'A', heroSubtitle: 'B', deep: { newText: 'C' } });
    expect(bundle).toEqual(before);
  });

  it('is the bundle itself when no override applies', () => {
    expect(applyOverrides(bundle, [], 'en')).toBe(bundle);
    const rows = [
      { key: 'home.heroTitle', en: null, ar: 'اتحادنا', tr: null },
      { key: 'about', en: 'flat', ar: null, tr: null },
      { key: 'about.title.deeper', en: 'x', ar: null, tr: null },
    ];
    expect(applyOverrides(bundle, rows, 'en')).toBe(bundle);
  });

  it("reads only the texts' own keys, never what every object inherits", () => {
    const result = applyOverrides(
      bundle,
      [{ key: 'toString.title', en: 'x', ar: null, tr: null }],
      'en',
    ) as typeof bundle & {
      toString: unknown;
    };
    expect(result.toString).toEqual({ title: 'x' });
    expect(Object.prototype.toString.call([])).toBe('[object Array]');
    expect(({} as { title?: string }).title).toBeUndefined();
  });
});
