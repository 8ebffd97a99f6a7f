// The texts' loading: Arabic's first download holds only the first screen's texts (ar-first.ts);
// the rest of the shell (ar-shell.ts) and the pages' texts (ar-pages.ts) come as chunks of their
// own, with staff overrides laid over every part alike.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ar } from '@union/shared/i18n/public/ar';
import { arFirst } from '@union/shared/i18n/public/ar-first';
import { arPages } from '@union/shared/i18n/public/ar-pages';
import { arShell } from '@union/shared/i18n/public/ar-shell';
import { FIRST_SCREEN_TEXTS } from '@union/shared/i18n/public/types';
import { createI18n, isLanguageLoaded, loadLanguage, setOverrides, textModules } from './i18n';

const overrides = [
  { key: 'home.heroTitle', en: null, ar: 'عنوان من الفريق', tr: null },
  { key: 'footer.aboutTitle', en: null, ar: 'عن الاتحاد (معدّل)', tr: null },
  { key: 'about.title', en: null, ar: 'من نحن (معدّل)', tr: null },
];

/** Every dotted key of a tree of texts. */
const keysOf = (tree: object, prefix = ''): string[] =>
  Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'object' && value !== null ? keysOf(value as object, `${prefix}${key}.`) : [`${prefix}${key}`],
  );

describe('texts, in parts', () => {
  it('Arabic: the first screen, then the shell, then the pages', async () => {
    const i18n = createI18n();
    await loadLanguage(i18n, 'ar', overrides, 'first');
    expect(isLanguageLoaded(i18n, 'ar', 'first')).toBe(true);
    expect(isLanguageLoaded(i18n, 'ar', 'shell')).toBe(false);
    expect(i18n.t('home.heroTitle', { lng: 'ar' })).toBe('عنوان من الفريق');
    expect(i18n.exists('home.upcomingEvents', { lng: 'ar' })).toBe(false);
    expect(i18n.exists('about.mission', { lng: 'ar' })).toBe(false);

    await loadLanguage(i18n, 'ar', overrides, 'shell');
    expect([isLanguageLoaded(i18n, 'ar', 'shell'), isLanguageLoaded(i18n, 'ar', 'pages')]).toEqual([true, false]);
    expect(i18n.t('home.upcomingEvents', { lng: 'ar' })).toBe(ar.home.upcomingEvents);
    expect(i18n.t('footer.aboutTitle', { lng: 'ar' })).toBe('عن الاتحاد (معدّل)');
    expect(i18n.t('home.heroTitle', { lng: 'ar' })).toBe('عنوان من الفريق');

    await loadLanguage(i18n, 'ar', overrides, 'pages');
    expect(isLanguageLoaded(i18n, 'ar', 'pages')).toBe(true);
    expect(i18n.t('about.title', { lng: 'ar' })).toBe('من نحن (معدّل)');
    expect(i18n.t('privacy.title', { lng: 'ar' })).toBe(ar.privacy.title);
    expect(i18n.t('home.heroTitle', { lng: 'ar' })).toBe('عنوان من الفريق');

    // Asking for less again keeps everything.
    await loadLanguage(i18n, 'ar', overrides, 'first');
    expect(isLanguageLoaded(i18n, 'ar', 'pages')).toBe(true);
  });

  it('gives the same promise to the same load under way', async () => {
    const i18n = createI18n();
    const first = loadLanguage(i18n, 'ar', [], 'shell');
    expect(loadLanguage(i18n, 'ar', [], 'shell')).toBe(first);
    await first;
  });

  it('re-renders nothing for more of a language already shown, and everything for new overrides', async () => {
    const i18n = createI18n();
    const added: string[] = [];
    i18n.store.on('added', (lng: string) => added.push(lng));
    await loadLanguage(i18n, 'ar', overrides, 'first');
    expect(added).toEqual(['ar']);
    await loadLanguage(i18n, 'ar', overrides, 'shell');
    expect(added).toEqual(['ar']);
    setOverrides(i18n, [...overrides]);
    expect(added).toEqual(['ar', 'ar']);
  });

  it('lays the latest overrides over texts that arrive after them, whatever the caller had', async () => {
    const i18n = createI18n();
    await loadLanguage(i18n, 'ar', [], 'first');
    // Fresh overrides arrive while the page's parts below still wait for their texts…
    setOverrides(i18n, overrides);
    expect(i18n.t('home.heroTitle', { lng: 'ar' })).toBe('عنوان من الفريق');
    // …which they asked for with the overrides of the HTML (none).
    await loadLanguage(i18n, 'ar', [], 'shell');
    expect(i18n.t('footer.aboutTitle', { lng: 'ar' })).toBe('عن الاتحاد (معدّل)');
    expect(i18n.t('home.heroTitle', { lng: 'ar' })).toBe('عنوان من الفريق');
  });

  it('English and Turkish come whole', async () => {
    const i18n = createI18n();
    await loadLanguage(i18n, 'en', [], 'first');
    expect(isLanguageLoaded(i18n, 'en', 'pages')).toBe(true);
    expect(i18n.exists('privacy.title', { lng: 'en' })).toBe(true);
  });

  it('writes each Arabic text in exactly one part, the first screen’s in the first one', () => {
    const parts = [arFirst, arShell, arPages].map((part) => keysOf(part));
    expect(parts.flat().sort()).toEqual(keysOf(ar).sort());
    expect(new Set(parts.flat()).size).toBe(parts.flat().length);
    const first = Object.entries(FIRST_SCREEN_TEXTS).flatMap(([group, keys]) =>
      keys === 'all'
        ? keysOf(ar[group as keyof typeof ar], `${group}.`)
        : keys.flatMap((key) => {
            const value = (ar[group as keyof typeof ar] as Record<string, unknown>)[key];
            return typeof value === 'object' ? keysOf(value as object, `${group}.${key}.`) : [`${group}.${key}`];
          }),
    );
    expect(parts[0]!.sort()).toEqual(first.sort());
  });

  it('names text modules that exist (the prerender preloads their chunks)', () => {
    expect(textModules('ar', 'first')).toEqual([]);
    expect(textModules('ar', 'shell')).toEqual(['shared/src/i18n/public/ar-shell.ts']);
    const modules = [...textModules('ar', 'pages'), ...textModules('en', 'first'), ...textModules('tr', 'pages')];
    expect(modules).toHaveLength(4);
    for (const module of modules)
      expect(existsSync(fileURLToPath(new URL(`../../../${module}`, import.meta.url)))).toBe(true);
  });
});
