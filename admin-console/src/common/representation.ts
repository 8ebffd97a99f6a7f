import type { RaRecord } from 'react-admin';
import { isLanguage } from '@union/shared/constants';
import { localize } from '@union/shared/localized';

/** A record's localized title in the language on screen (for page titles and references). */
export const localizedRepresentation = (source: string) => (record: RaRecord) => {
  const lang = document.documentElement.lang;
  return localize(record?.[source], isLanguage(lang) ? lang : 'ar');
};
