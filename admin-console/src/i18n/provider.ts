import { useEffect, useMemo } from 'react';
import type { I18nProvider } from 'react-admin';
import { useI18nextProvider } from 'ra-i18n-i18next';
import { createInstance } from 'i18next';
import { isLanguage, type Language } from '@union/shared/constants';
import { localeNumbers, textInterpolation } from '@union/shared/i18n/numbers';
import { rememberLanguage } from '../providers/userLanguage';
import type { Tree } from './messages';

/** The language on screen and its texts, loaded before anything is drawn in it. */
export interface Texts {
  lang: Language;
  tree: Tree;
}

const availableLocales = [
  { locale: 'ar', name: 'العربية' },
  { locale: 'en', name: 'English' },
  { locale: 'tr', name: 'Türkçe' },
];

/**
 * react-admin's i18n provider for one language, through ra-i18n-i18next: the sign-in page and
 * the console share it. Switching language asks `onLanguage` for the other texts, and the
 * caller draws everything again under a new key (as react-admin itself re-renders the whole
 * page on a locale change). Null until i18next is ready.
 */
export function useConsoleI18nProvider(
  { lang, tree }: Texts,
  onLanguage: (lang: Language) => Promise<void>,
): I18nProvider | null {
  const options = useMemo(
    () => ({
      resources: { [lang]: { translation: tree } },
      lng: lang,
      // Every language has every key (i18n/resources.test.ts), so there is nothing to fall back to.
      fallbackLng: false as const,
      supportedLngs: [lang],
      nsSeparator: false as const,
      interpolation: textInterpolation,
    }),
    [lang, tree],
  );
  // Numbers in every text through the language's formatting (@union/shared/i18n/numbers).
  const instance = useMemo(() => createInstance().use(localeNumbers), []);
  const base = useI18nextProvider({ i18nextInstance: instance, options, availableLocales });
  const i18nProvider = useMemo<I18nProvider | null>(
    () =>
      base && {
        ...base,
        getLocale: () => lang,
        changeLocale: async (locale: string) => {
          if (!isLanguage(locale) || locale === lang) return;
          // Signed in, the choice also goes to the account, for the password-reset mail.
          void rememberLanguage(locale);
          await onLanguage(locale);
        },
      },
    [base, lang, onLanguage],
  );
  // The browser tab says where the staff member is, in their language.
  useEffect(() => {
    if (i18nProvider) document.title = i18nProvider.translate('app.title');
  }, [i18nProvider]);
  return i18nProvider;
}
