import { DATE_LOCALES, type Language } from './constants';

const LONG_DATE: Intl.DateTimeFormatOptions = { year: 'numeric', month: 'long', day: 'numeric' };

/** A date in the visitor's language with a long month (e.g. "12 March 2026", "١٢ مارس ٢٠٢٦"). */
export function formatDate(
  value: string | number | Date,
  lang: Language,
  options: Intl.DateTimeFormatOptions = LONG_DATE,
): string {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(DATE_LOCALES[lang], options).format(date);
}

/** Date and time, for events. */
export const formatDateTime = (value: string | number | Date, lang: Language): string =>
  formatDate(value, lang, { ...LONG_DATE, hour: '2-digit', minute: '2-digit' });

export const formatNumber = (value: number, lang: Language): string =>
  new Intl.NumberFormat(DATE_LOCALES[lang]).format(value);
