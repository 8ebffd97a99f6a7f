// The texts' loading: Arabic's first download holds only the shell (every page's and the home
// page's texts); the pages' texts come as a chunk of their own, with staff overrides laid over
// both parts alike.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ar } from '@union/shared/i18n/public/ar';
import { arShell } from '@union/shared/i18n/public/ar-shell';
import { PAGE_TEXT_GROUPS } from '@union/shared/i18n/public/types';
import { createI18n, isLanguageLoaded, loadLanguage, textModules } from './i18n';

const overrides = [
  { key: 'home.heroTitle', en: null, ar: 'عنوان من الفريق', tr: null },
  { key: 'about.title', en: null, ar: 'من نحن (معدّل)', tr: null },
];

describe('texts, in parts', () => {
  it('Arabic: the shell first, then the pages', async () => {
    const i18n = createI18n();
    await loadLanguage(i18n, 'ar', overrides, false);
    expect(isLanguageLoaded(i18n, 'ar')).toBe(true);
    expect(isLanguageLoaded(i18n, 'ar', true)).toBe(false);
    expect(i18n.t('home.heroTitle', { lng: 'ar' })).toBe('عنوان من الفريق');
    expect(i18n.exists('about.mission', { lng: 'ar' })).toBe(false);

    await loadLanguage(i18n, 'ar', overrides, true);
    expect(isLanguageLoaded(i18n, 'ar', true)).toBe(true);
    expect(i18n.t('about.title', { lng: 'ar' })).toBe('من نحن (معدّل)');
    expect(i18n.t('privacy.title', { lng: 'ar' })).toBe(ar.privacy.title);
    expect(i18n.t('home.heroTitle', { lng: 'ar' })).toBe('عنوان من الفريق');

    // Asking for the shell again keeps the pages' texts.
    await loadLanguage(i18n, 'ar', overrides, false);
    expect(isLanguageLoaded(i18n, 'ar', true)).toBe(true);
  });

  it('English and Turkish come whole', async () => {
    const i18n = createI18n();
    await loadLanguage(i18n, 'en', [], false);
    expect(isLanguageLoaded(i18n, 'en', true)).toBe(true);
    expect(i18n.exists('privacy.title', { lng: 'en' })).toBe(true);
  });

  it("the shell holds every group but the pages' ones", () => {
    expect(Object.keys(arShell).filter((group) => (PAGE_TEXT_GROUPS as readonly string[]).includes(group))).toEqual([]);
    expect(Object.keys(ar).sort()).toEqual([...Object.keys(arShell), ...PAGE_TEXT_GROUPS].sort());
  });

  it('names text modules that exist (the prerender preloads their chunks)', () => {
    expect(textModules('ar', false)).toEqual([]);
    const modules = [...textModules('ar', true), ...textModules('en', false), ...textModules('tr', true)];
    expect(modules).toHaveLength(3);
    for (const module of modules)
      expect(existsSync(fileURLToPath(new URL(`../../../${module}`, import.meta.url)))).toBe(true);
  });
});
