import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { FALLBACK_LANGUAGE, type Language } from '@union/shared/constants';
import { ar } from '@union/shared/i18n/public/ar';
import type { Resources } from '@union/shared/i18n/public/types';
import { applyDocumentLanguage, detectLanguage, readSavedLanguage, saveLanguage } from './language';
import { applyOverrides, type TranslationRow } from './overrides';
import { rest } from './rest';

// Arabic, the default, ships in the first download (no extra round trip before the first
// paint); English and Turkish are their own chunks, fetched only when needed.
const loaders: Record<Language, () => Promise<Resources>> = {
  ar: () => Promise.resolve(ar),
  en: () => import('@union/shared/i18n/public/en').then((m) => m.en),
  tr: () => import('@union/shared/i18n/public/tr').then((m) => m.tr),
};

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
const bundles = new Map<Language, Resources>();

// Fresh overrides can arrive between React's first render and the moment react-i18next
// subscribes to the store, and that update would be lost. The app reads this version with
// useSyncExternalStore, which re-checks it after subscribing, so the texts always catch up.
let overridesVersion = 0;
const overrideListeners = new Set<() => void>();
export const overridesStore = {
  subscribe(listener: () => void): () => void {
    overrideListeners.add(listener);
    return () => overrideListeners.delete(listener);
  },
  getSnapshot: (): number => overridesVersion,
};

const freshOverrides: Promise<TranslationRow[] | null> = Promise.resolve(rest.from('translations').select('key,en,ar,tr')).then(
  ({ data, error }) => (error ? null : ((data ?? []) as TranslationRow[])),
  () => null,
);

function install(lang: Language): void {
  const bundle = bundles.get(lang);
  if (bundle) i18n.addResourceBundle(lang, 'translation', applyOverrides(bundle, overrides, lang), true, true);
}

async function ensureLanguage(lang: Language): Promise<void> {
  if (bundles.has(lang)) return;
  bundles.set(lang, await loaders[lang]());
  install(lang);
}

export async function initI18n(): Promise<typeof i18n> {
  const lang = detectLanguage(window.location.search, readSavedLanguage());
  saveLanguage(lang);
  applyDocumentLanguage(lang);
  await i18n.use(initReactI18next).init({
    lng: lang,
    fallbackLng: FALLBACK_LANGUAGE,
    resources: {},
    partialBundledLanguages: true,
    interpolation: { escapeValue: false }, // React escapes
    react: { bindI18nStore: 'added' }, // re-render when fresh overrides are installed
  });
  await ensureLanguage(lang);
  if (lang !== FALLBACK_LANGUAGE) void ensureLanguage(FALLBACK_LANGUAGE);
  void freshOverrides.then((rows) => {
    if (!rows) return;
    const changed = JSON.stringify(rows) !== JSON.stringify(overrides);
    overrides = rows;
    try {
      localStorage.setItem(OVERRIDES_CACHE_KEY, JSON.stringify(rows));
    } catch {
      /* not cached: fetched again next visit */
    }
    if (!changed) return;
    for (const l of bundles.keys()) install(l);
    overridesVersion += 1;
    for (const listener of overrideListeners) listener();
  });
  return i18n;
}

export async function changeLanguage(lang: Language): Promise<void> {
  await ensureLanguage(lang);
  await i18n.changeLanguage(lang);
  saveLanguage(lang);
  applyDocumentLanguage(lang);
}

export { i18n };
