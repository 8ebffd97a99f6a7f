import type { RaRecord } from 'react-admin';
import { isLanguage } from '@union/shared/constants';
import { localize } from '@union/shared/localized';

/**
 * A record's name for page titles and references: its `source` column, localized into the
 * language on screen when it is a { ar, en, tr } object, as it is when it is text.
 */
export const recordRepresentation = (source: string) => (record: RaRecord) => {
  const value: unknown = record?.[source];
  if (typeof value === 'string') return value;
  const lang = document.documentElement.lang;
  return localize(value, isLanguage(lang) ? lang : 'ar');
};
