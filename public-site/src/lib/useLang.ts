import type { Language } from '@union/shared/constants';
import { useTranslation } from './i18n';

/** The visitor's current language. */
export function useLang(): Language {
  return useTranslation().lang;
}
