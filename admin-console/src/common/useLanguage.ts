import { useLocaleState } from 'react-admin';
import { DEFAULT_LANGUAGE, isLanguage, type Language } from '@union/shared/constants';

/** The console's current language as a `Language`. */
export const useLanguage = (): Language => {
  const [locale] = useLocaleState();
  return isLanguage(locale) ? locale : DEFAULT_LANGUAGE;
};
