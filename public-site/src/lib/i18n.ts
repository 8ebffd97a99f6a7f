import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { FALLBACK_LANGUAGE, type Language } from '@union/shared/constants';
import type { Resources } from '@union/shared/i18n/public/types';
import { applyDocumentLanguage, detectLanguage, readSavedLanguage, saveLanguage } from './language';
import { applyOverrides, type TranslationRow } from './overrides';
import { rest } from './rest';

// Each language is its own chunk: a visitor downloads only the texts they read (plus English
// as the fallback, fetched in the background).
const loaders: Record<Language, () => Promise<Resources>> = {
  ar: () => import('@union/shared/i18n/public/ar').then((m) => m.ar),
  en: () => import('@union/shared/i18n/public/en').then((m) => m.en),
  tr: () => import('@union/shared/i18n/public/tr').then((m) => m.tr),
};

/** Staff overrides from the `translations` table; an unreachable API keeps the built-in texts. */
const overridesPromise: Promise<TranslationRow[]> = Promise.resolve(
  rest.from('translations').select('key,en,ar,tr'),
).then(
  ({ data }) => (data ?? []) as TranslationRow[],
  () => [],
);

// Waiting for overrides forever would leave a slow network staring at a blank page.
const OVERRIDE_WAIT_MS = 1500;
const withTimeout = <T,>(promise: Promise<T>, fallback: T) =>
  Promise.race([promise, new Promise<T>((resolve) => setTimeout(() => resolve(fallback), OVERRIDE_WAIT_MS))]);

async function ensureLanguage(lang: Language): Promise<void> {
  if (i18n.hasResourceBundle(lang, 'translation')) return;
  const [bundle, rows] = await Promise.all([loaders[lang](), withTimeout(overridesPromise, null)]);
  i18n.addResourceBundle(lang, 'translation', applyOverrides(bundle, rows ?? [], lang), true, true);
  if (rows === null) {
    // Overrides arrived late: apply them when they come.
    void overridesPromise.then((late) => {
      i18n.addResourceBundle(lang, 'translation', applyOverrides(bundle, late, lang), true, true);
    });
  }
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
    react: { bindI18nStore: 'added' },
    returnNull: false,
  });
  await ensureLanguage(lang);
  if (lang !== FALLBACK_LANGUAGE) void ensureLanguage(FALLBACK_LANGUAGE);
  return i18n;
}

export async function changeLanguage(lang: Language): Promise<void> {
  await ensureLanguage(lang);
  await i18n.changeLanguage(lang);
  saveLanguage(lang);
  applyDocumentLanguage(lang);
}

export { i18n };
