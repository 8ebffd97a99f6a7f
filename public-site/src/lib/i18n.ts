import { useSyncExternalStore } from 'react';
import type { Language } from '@union/shared/constants';
import { prepareFormats } from '@union/shared/format';
import { ar } from '@union/shared/i18n/public/ar';
import type { Resources } from '@union/shared/i18n/public/types';
import { applyDocumentLanguage, detectLanguage, readSavedLanguage, saveLanguage } from './language';
import { applyOverrides, type TranslationRow } from './overrides';
import { rest } from './rest';
import { createTranslator, type Translator } from './translate';

// Arabic, the default, ships in the first download (no extra round trip before the first
// paint); English and Turkish are their own chunks, fetched only when chosen. Every bundle is
// complete (the type of the resources says so), so no fallback language is ever fetched.
const loaders: Record<Language, () => Promise<Resources>> = {
  ar: () => Promise.resolve(ar),
  en: () => import('@union/shared/i18n/public/en').then((m) => m.en),
  tr: () => import('@union/shared/i18n/public/tr').then((m) => m.tr),
};
// Arabic is always there, so the current translator (Arabic until the visitor's language is
// loaded) can be rebuilt whenever fresh overrides arrive.
const bundles = new Map<Language, Resources>([['ar', ar]]);

// Staff overrides from the `translations` table. The first paint never waits for the network:
// it uses the overrides remembered from the last visit, and the fresh ones replace them as
// soon as they arrive (an unreachable API simply keeps the built-in texts).
const OVERRIDES_CACHE_KEY = 'union.public.translations';

function cachedOverrides(): TranslationRow[] {
  try {
    const rows: unknown = JSON.parse(localStorage.getItem(OVERRIDES_CACHE_KEY) ?? '[]');
    return Array.isArray(rows) ? (rows as TranslationRow[]) : [];
  } catch {
    return [];
  }
}

let overrides = cachedOverrides();

// The current translator is a small store: components read it with useSyncExternalStore, which
// re-renders them when the language changes or fresh overrides arrive, and re-checks it after
// subscribing, so an update landing between the first render and the subscription is not lost.
let current: Translator = createTranslator('ar', ar);
const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const currentTranslator = (): Translator => current;

function publish(lang: Language): void {
  current = createTranslator(lang, applyOverrides(bundles.get(lang)!, overrides, lang));
  for (const listener of listeners) listener();
}

/** `t` for texts and `lang` for the visitor's language; re-renders when either changes. */
export function useTranslation(): Translator {
  return useSyncExternalStore(subscribe, currentTranslator);
}

// The language the visitor chose last: a slower bundle arriving after a newer choice is ignored.
let wanted: Language = 'ar';

async function ensureBundle(lang: Language): Promise<void> {
  if (!bundles.has(lang)) bundles.set(lang, await loaders[lang]());
}

function refreshOverrides(): void {
  void Promise.resolve(rest.from('translations').select('key,en,ar,tr')).then(
    ({ data, error }) => {
      if (error) return;
      const rows = (data ?? []) as TranslationRow[];
      const changed = JSON.stringify(rows) !== JSON.stringify(overrides);
      overrides = rows;
      try {
        localStorage.setItem(OVERRIDES_CACHE_KEY, JSON.stringify(rows));
      } catch {
        /* not cached: fetched again next visit */
      }
      if (changed) publish(current.lang);
    },
    () => undefined,
  );
}

/** Picks the visitor's language (decisions.md), loads its texts and starts fetching the overrides. */
export async function initI18n(): Promise<void> {
  refreshOverrides();
  const lang = detectLanguage(window.location.search, readSavedLanguage());
  wanted = lang;
  saveLanguage(lang);
  applyDocumentLanguage(lang);
  await ensureBundle(lang);
  publish(lang);
  prepareFormats(lang);
}

export async function changeLanguage(lang: Language): Promise<void> {
  wanted = lang;
  await ensureBundle(lang);
  if (lang !== wanted) return;
  publish(lang);
  prepareFormats(lang);
  saveLanguage(lang);
  applyDocumentLanguage(lang);
}
