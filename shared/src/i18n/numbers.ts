import { MAX_IMAGE_BYTES, PASSWORD_MIN_LENGTH, RATING_MAX } from '../limits';
import { formatNumber } from '../format';
import { isLanguage } from '../preferences';

/**
 * Every number put into a text goes through the language's number formatting (Arabic-Indic
 * digits in Arabic), whatever the text or the caller: i18next calls this for each interpolated
 * value (`alwaysFormat`), so a count can never reach an Arabic reader as «3» beside «١٢ آذار».
 * Strings pass untouched: student numbers, codes and addresses are the caller's to keep Latin.
 * A formatter module rather than i18next's own: its built-in one formats only values that name a
 * format (`{{n, number}}`), which every text and every staff override would have to remember.
 * Typed by its shape (i18next's FormatterModule) so that shared/ needs no i18next of its own.
 */
export const localeNumbers = {
  type: 'formatter' as const,
  init() {},
  add() {},
  addCached() {},
  format: (value: unknown, _format: string | undefined, lng: string | undefined) =>
    typeof value === 'number' && isLanguage(lng) ? formatNumber(value, lng) : value,
};

/**
 * The interpolation settings both apps give i18next (with `localeNumbers`). The limits the texts
 * quote are variables every text may use, so «٨ أحرف» and the rule it states are one fact
 * (constants.ts), formatted like any other number.
 */
export const textInterpolation = {
  // React escapes what it renders.
  escapeValue: false,
  alwaysFormat: true,
  defaultVariables: {
    passwordMinLength: PASSWORD_MIN_LENGTH,
    imageMaxMegabytes: MAX_IMAGE_BYTES / 1024 / 1024,
    ratingMax: RATING_MAX,
  },
};
