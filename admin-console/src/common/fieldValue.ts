import type { Language } from '@union/shared/constants';
import { formatDateTime, formatNumber } from '@union/shared/format';
import { displayValue } from './conflict';
import type { Translate } from '../i18n/keys';

const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/**
 * One stored value as staff read it in a conflict or a history: numbers, dates and yes/no in the
 * reader's language (Arabic-Indic digits in Arabic), a localized text in theirs.
 */
export function fieldValue(value: unknown, language: Language, translate: Translate, other?: unknown): string {
  // A localized text whose reader's language did not change: show a language that did, named.
  const changed = changedLanguage(value, other, language);
  if (changed && changed !== language) {
    const text = (value as Record<string, unknown>)[changed];
    // The text in a first-strong isolate (U+2068 … U+2069): an English title after an Arabic
    // language name keeps its own direction, hyphens and all.
    const shown = typeof text === 'string' && text ? text : translate('conflict.empty');
    return `${translate(`common.languages.${changed}`)}: \u2068${shown}\u2069`;
  }
  if (typeof value === 'boolean') return translate(value ? 'ra.boolean.true' : 'ra.boolean.false');
  if (typeof value === 'number') return formatNumber(value, language);
  if (typeof value === 'string' && ISO_TIME.test(value) && !Number.isNaN(Date.parse(value)))
    return formatDateTime(value, language);
  return displayValue(value, language) ?? translate('conflict.empty');
}

const isTexts = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

/** For two localized values, the language whose text differs: the reader's first, else ar, en, tr. */
export function changedLanguage(value: unknown, other: unknown, language: Language): Language | null {
  if (!isTexts(value) || !isTexts(other)) return null;
  const order: Language[] = [language, ...(['ar', 'en', 'tr'] as const).filter((l) => l !== language)];
  return order.find((l) => (value[l] ?? null) !== (other[l] ?? null)) ?? null;
}

/** The arrow from a before to an after, pointing the way the reader reads. */
export const arrow = (language: Language) => (language === 'ar' ? ' ← ' : ' → ');
