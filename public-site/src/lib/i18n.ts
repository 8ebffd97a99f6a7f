import { createContext, useContext } from 'react';
import i18next, { type i18n as I18n, type ParseKeys } from 'i18next';
import { I18nContext, initReactI18next, useTranslation as useI18nextTranslation } from 'react-i18next';
import { DEFAULT_LANGUAGE, type Language } from '@union/shared/constants';
import { arShell } from '@union/shared/i18n/public/ar-shell';
import { localeNumbers, textInterpolation } from '@union/shared/i18n/numbers';
import type { Resources, ShellResources } from '@union/shared/i18n/public/types';
import { applyOverrides, type TranslationRow } from './overrides';
import { query } from './data';
import { restClient } from './rest';

// Texts: i18next + react-i18next over the resources in @union/shared (typed, see i18next.d.ts),
// with the staff's overrides from the `translations` table laid over them. The language of a
// page is the one in its URL (lib/paths.ts), given to components through LanguageContext, so a
// prerendered page and its hydration always agree.

// Arabic, the default, ships in the first download the texts every page and the home page show
// (ar-shell.ts); the other pages' texts (ar-pages.ts) are a chunk fetched with the first such
// page. English and Turkish are one chunk each, fetched when a page in that language is opened.
// Loaded texts are complete for the pages they serve (their types say so), so no fallback
// language is ever fetched.
type Texts = ShellResources | Resources;
const builtIn: Record<Language, (pages: boolean) => Promise<Texts>> = {
  ar: (pages) =>
    pages
      ? import('@union/shared/i18n/public/ar-pages').then((m): Resources => ({ ...arShell, ...m.arPages }))
      : Promise.resolve(arShell),
  en: () => import('@union/shared/i18n/public/en').then((m) => m.en),
  tr: () => import('@union/shared/i18n/public/tr').then((m) => m.tr),
};

/**
 * The source modules of the text chunks a page in `lang` loads beyond the first download
 * (`pages`: a page other than home); the prerender preloads their chunks with the page.
 */
export const textModules = (lang: Language, pages: boolean): string[] =>
  lang === 'ar' ? (pages ? ['shared/src/i18n/public/ar-pages.ts'] : []) : [`shared/src/i18n/public/${lang}.ts`];

/** Staff overrides of the built-in texts (all rows; each holds up to three languages). */
export const translationsQuery = query('translations', async (): Promise<TranslationRow[]> => {
  const { data, error } = await (await restClient()).from('translations').select('key,en,ar,tr').order('key');
  if (error) throw error;
  return data ?? [];
});

/** One i18next instance per app (per prerendered page on the server). */
export function createI18n(): I18n {
  const instance = i18next.createInstance();
  // Numbers in every text through the language's formatting (@union/shared/i18n/numbers).
  void instance
    .use(initReactI18next)
    .use(localeNumbers)
    .init({
      resources: {},
      lng: DEFAULT_LANGUAGE,
      fallbackLng: false,
      initAsync: false,
      interpolation: textInterpolation,
      // Re-render when a language's texts are added or replaced (fresh overrides).
      react: { bindI18nStore: 'added', useSuspense: false },
    });
  return instance;
}

/** The texts each instance holds per language, and whether they include the pages' texts. */
const bundles = new WeakMap<I18n, Map<Language, { texts: Texts; pages: boolean }>>();
/** The overrides each instance's texts were last built with. */
const applied = new WeakMap<I18n, readonly TranslationRow[]>();

/**
 * Makes `lang`'s texts available (fetching its chunks once), with `overrides` applied. Call it
 * before rendering a page in that language; `pages`: a page other than home (whose texts Arabic
 * keeps out of the first download).
 */
export async function loadLanguage(
  i18n: I18n,
  lang: Language,
  overrides: readonly TranslationRow[] = [],
  pages = true,
): Promise<void> {
  let loaded = bundles.get(i18n);
  if (!loaded) bundles.set(i18n, (loaded = new Map()));
  if (isLanguageLoaded(i18n, lang, pages)) return;
  const texts = await builtIn[lang](pages);
  // Only the shell asked for, the page texts loaded meanwhile: keep the more complete ones.
  if (isLanguageLoaded(i18n, lang, pages)) return;
  loaded.set(lang, { texts, pages: pages || lang !== 'ar' });
  i18n.addResourceBundle(lang, 'translation', applyOverrides(texts, overrides, lang), false, true);
  applied.set(i18n, overrides);
}

/**
 * Lays fresh `overrides` over the built-in texts of every loaded language. Every text on the page
 * re-renders, so the same rows as before (by reference: the query cache keeps equal results
 * as they were) change nothing.
 */
export function setOverrides(i18n: I18n, overrides: readonly TranslationRow[]): void {
  if (applied.get(i18n) === overrides) return;
  applied.set(i18n, overrides);
  for (const [lang, { texts }] of bundles.get(i18n) ?? [])
    i18n.addResourceBundle(lang, 'translation', applyOverrides(texts, overrides, lang), false, true);
}

/** Whether `lang`'s texts are there, the pages' texts too when `pages` (see loadLanguage). */
export const isLanguageLoaded = (i18n: I18n, lang: Language, pages = false): boolean => {
  const held = bundles.get(i18n)?.get(lang);
  return !!held && (held.pages || !pages) && i18n.hasResourceBundle(lang, 'translation');
};

/**
 * The app's i18next instance itself (react-i18next's hooks hand out a copy of it whenever the
 * language changes, which must not be used to add texts or as a key).
 */
export function useI18n(): I18n {
  const { i18n } = useContext(I18nContext);
  if (!i18n) throw new Error('useI18n needs an I18nextProvider');
  return i18n;
}

/** The language of the page being shown (from its URL). */
export const LanguageContext = createContext<Language>(DEFAULT_LANGUAGE);

export const useLang = (): Language => useContext(LanguageContext);

/** `t` in the page's language and the language itself. Keys are checked by the type checker. */
export function useTranslation() {
  const lang = useLang();
  const { t } = useI18nextTranslation('translation', { lng: lang });
  return { t, lang };
}

export type TFunction = ReturnType<typeof useTranslation>['t'];

/** A key of the public texts (what `t` accepts), for values that name a text. */
export type TextKey = ParseKeys<'translation'>;
