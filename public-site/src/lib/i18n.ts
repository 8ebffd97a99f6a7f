import { createContext, useContext } from 'react';
import i18next, { type i18n as I18n, type ParseKeys } from 'i18next';
import { I18nContext, initReactI18next, useTranslation as useI18nextTranslation } from 'react-i18next';
import { DEFAULT_LANGUAGE, type Language } from '@union/shared/preferences';
import { arFirst } from '@union/shared/i18n/public/ar-first';
import { mergeTexts } from '@union/shared/i18n/public/merge';
import { localeNumbers, textInterpolation } from '@union/shared/i18n/numbers';
import type { Resources } from '@union/shared/i18n/public/types';
import { applyOverrides, type TranslationRow } from './overrides';
import { query, reads } from './data';
import { restClient } from './rest';

// Texts: i18next + react-i18next over the resources in @union/shared (typed, see i18next.d.ts),
// with the staff's overrides from the `translations` table laid over them. The language of a
// page is the one in its URL (lib/paths.ts), given to components through LanguageContext, so a
// prerendered page and its hydration always agree.

// Arabic, the default, ships in the first download only the texts of the first screen of every
// page and of the home page (ar-first.ts). The rest of every page's frame and of home (the footer,
// home's sections: ar-shell.ts) is a chunk fetched with those parts, which load after the first
// screen (lib/deferred.tsx); the other pages' texts (ar-pages.ts) are a chunk fetched with the
// first such page. English and Turkish are one chunk each, fetched when a page in that language is
// opened. Loaded texts are complete for what they serve, so no fallback language is ever fetched.

/**
 * How much of a language's texts something shows: 'first', only the first screen's (a page's
 * header and menus, the home page's hero); 'shell', also the rest of every page's frame and of the
 * home page (the parts below the first screen); 'pages', all of them. Each includes the one before.
 */
export type TextLevel = 'first' | 'shell' | 'pages';
const LEVELS: readonly TextLevel[] = ['first', 'shell', 'pages'];
const covers = (held: TextLevel, wanted: TextLevel) => LEVELS.indexOf(held) >= LEVELS.indexOf(wanted);

/** Arabic's text files beyond ar-first.ts, each with the level from which it is needed. */
const arabicParts = [
  {
    level: 'shell',
    module: 'shared/src/i18n/public/ar-shell.ts',
    load: () => import('@union/shared/i18n/public/ar-shell').then((m) => m.arShell),
  },
  {
    level: 'pages',
    module: 'shared/src/i18n/public/ar-pages.ts',
    load: () => import('@union/shared/i18n/public/ar-pages').then((m) => m.arPages),
  },
] as const;

type Texts = Partial<Resources>;
const builtIn: Record<Language, (level: TextLevel) => Promise<Texts>> = {
  ar: async (level) =>
    mergeTexts<Texts>(
      arFirst,
      ...(await Promise.all(arabicParts.filter((p) => covers(level, p.level)).map((p) => p.load()))),
    ),
  en: () => import('@union/shared/i18n/public/en').then((m) => m.en),
  tr: () => import('@union/shared/i18n/public/tr').then((m) => m.tr),
};

/**
 * The source modules of the text chunks a page in `lang` loads beyond the first download to show
 * `level`; the prerender preloads their chunks with the page.
 */
export const textModules = (lang: Language, level: TextLevel): string[] =>
  lang === 'ar'
    ? arabicParts.filter((p) => covers(level, p.level)).map((p) => p.module)
    : [`shared/src/i18n/public/${lang}.ts`];

/** Staff overrides of the built-in texts (all rows; each holds up to three languages). */
export const translationsQuery = query(
  'translations',
  async (): Promise<TranslationRow[]> => {
    const { data, error } = await (await restClient()).from('translations').select('key,en,ar,tr').order('key');
    if (error) throw error;
    return data ?? [];
  },
  ...(import.meta.env.SSR ? reads('translations') : []),
);

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

/**
 * i18next copies every bundle it is given (through JSON) unless told not to: a language's texts
 * are never written to after they are built (applyOverrides copies what it changes), so the store
 * may hold them as they are. At start, that copy took about 10 ms with the CPU slowed 4×.
 */
const skipCopy = true;

/** The texts each instance holds per language, and their level. */
const bundles = new WeakMap<I18n, Map<Language, { texts: Texts; level: TextLevel }>>();
/** The overrides each instance's texts were last built with. */
const applied = new WeakMap<I18n, readonly TranslationRow[]>();

/** Loads under way or done, per instance, language and level (one promise each: see loadLanguage). */
const loads = new WeakMap<I18n, Map<string, Promise<void>>>();

/**
 * Makes `lang`'s texts up to `level` available (fetching their chunks once), with `overrides`
 * applied. Call it before rendering something in that language that shows them. The same call
 * while one is under way returns the same promise (React's `use` needs one per load).
 */
export function loadLanguage(
  i18n: I18n,
  lang: Language,
  overrides: readonly TranslationRow[] = [],
  level: TextLevel = 'pages',
): Promise<void> {
  if (isLanguageLoaded(i18n, lang, level)) return Promise.resolve();
  let pending = loads.get(i18n);
  if (!pending) loads.set(i18n, (pending = new Map()));
  const key = `${lang}:${level}`;
  let load = pending.get(key);
  if (!load) {
    pending.set(key, (load = addTexts(i18n, lang, overrides, level)));
    // A chunk that failed to arrive is asked for again next time.
    const failed = load;
    failed.catch(() => pending.get(key) === failed && pending.delete(key));
  }
  return load;
}

async function addTexts(i18n: I18n, lang: Language, overrides: readonly TranslationRow[], level: TextLevel) {
  const texts = await builtIn[lang](level);
  // Loaded meanwhile up to this level or further (a page's texts and its footer's, say): keep those.
  if (isLanguageLoaded(i18n, lang, level)) return;
  let held = bundles.get(i18n);
  if (!held) bundles.set(i18n, (held = new Map()));
  // The overrides the instance already shows are the latest it has (fresh ones reach it through
  // setOverrides, whenever they arrive): texts arriving later get those, not the caller's, which
  // may be older (a part asked for its texts during hydration, the fresh overrides came meanwhile).
  const rows = applied.get(i18n) ?? overrides;
  // More of a language already shown: what is on screen stays as it is, so nothing re-renders (an
  // update would also reach the parts still waiting to hydrate, and React would drop their
  // prerendered HTML: lib/deferred.tsx).
  const silent = held.has(lang);
  held.set(lang, { texts, level: lang === 'ar' ? level : 'pages' });
  i18n.addResourceBundle(lang, 'translation', applyOverrides(texts, rows, lang), false, true, { silent, skipCopy });
  applied.set(i18n, rows);
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
    i18n.addResourceBundle(lang, 'translation', applyOverrides(texts, overrides, lang), false, true, { skipCopy });
}

/** Whether `lang`'s texts up to `level` are there (see loadLanguage). */
export const isLanguageLoaded = (i18n: I18n, lang: Language, level: TextLevel): boolean => {
  const held = bundles.get(i18n)?.get(lang);
  return !!held && covers(held.level, level) && i18n.hasResourceBundle(lang, 'translation');
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
