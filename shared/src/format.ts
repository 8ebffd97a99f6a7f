// './preferences.ts', not './constants': the Edge Function send-mail (Deno) formats its dates here too.
import { DATE_LOCALES, type Language } from './preferences.ts';

/**
 * The union meets in Turkey: dates and times are shown in its time zone whatever the device's
 * own, so an event at 18:00 in Bursa reads 18:00 for everyone, and a page prerendered on a
 * build server shows the same time as the visitor's browser.
 */
export const UNION_TIME_ZONE = 'Europe/Istanbul';

const LONG_DATE: Intl.DateTimeFormatOptions = {
  year: 'numeric',
  month: 'long',
  day: 'numeric',
  timeZone: UNION_TIME_ZONE,
};
const TIME: Intl.DateTimeFormatOptions = { hour: 'numeric', minute: '2-digit', timeZone: UNION_TIME_ZONE };
/**
 * How each language writes the hour: a 12-hour clock without a leading zero ("9:05 AM",
 * «٩:٠٥ ص»), Turkish's 24-hour clock with one ("09:05", where 'numeric' would write "9:05").
 */
const HOUR: Record<Language, 'numeric' | '2-digit'> = { ar: 'numeric', en: 'numeric', tr: '2-digit' };
const LONG_DATE_TIME: Intl.DateTimeFormatOptions = { ...LONG_DATE, ...TIME };
/** An appointment (a mail about an event): the weekday too, which a reader plans by. */
const APPOINTMENT: Intl.DateTimeFormatOptions = { ...LONG_DATE_TIME, weekday: 'long' };
/** A calendar date (YYYY-MM-DD, no time) is the same day everywhere: read and shown in UTC. */
const CALENDAR_DAY: Intl.DateTimeFormatOptions = { ...LONG_DATE, timeZone: 'UTC' };

// Building an Intl formatter loads locale data and costs far more than formatting with it
// (tens of milliseconds on a slow phone for Arabic), so each one is built once and reused.
const dateFormats = new Map<string, Intl.DateTimeFormat>();
const numberFormats = new Map<string, Intl.NumberFormat>();

/** Short names of the options above, for the keys of formatted strings (others go as JSON). */
const OPTION_NAMES = new Map<Intl.DateTimeFormatOptions, string>([
  [LONG_DATE, 'date'],
  [LONG_DATE_TIME, 'time'],
  [CALENDAR_DAY, 'day'],
  [TIME, 'clock'],
  [APPOINTMENT, 'appointment'],
]);
const optionsKey = (options: Intl.DateTimeFormatOptions): string =>
  OPTION_NAMES.get(options) ?? JSON.stringify(options);

function dateFormat(lang: Language, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${lang}|${optionsKey(options)}`;
  let format = dateFormats.get(key);
  if (!format) {
    const localOptions = options.hour ? { ...options, hour: HOUR[lang] } : options;
    dateFormats.set(key, (format = new Intl.DateTimeFormat(DATE_LOCALES[lang], localOptions)));
  }
  return format;
}

/*
 * Strings formatted for a page, handed to the page's browser. Even built once, the first formatter
 * of a language is a single task of 15-25 ms on a fast machine (its locale data loads), four
 * times that on a phone, which hydration would spend on dates and numbers the prerendered page
 * already shows. So the public site's prerender records what each page formatted
 * (recordFormatted) into the page's snapshot, and the browser gives it back (reuseFormatted)
 * before hydrating: those values are read here, and a formatter is built only for a value the
 * page did not have (new content, another language).
 */
const reused = new Map<string, string>();
let recording: Map<string, string> | null = null;

/** `format()`, or the string recorded for `key`; recorded too while recordFormatted runs. */
export function remembered(key: string, format: () => string): string {
  let text = reused.get(key);
  if (text === undefined) text = format();
  recording?.set(key, text);
  return text;
}

/** Runs `render` (synchronous, as renderToString) and returns what it formatted here, by key. */
export function recordFormatted<T>(render: () => T): { result: T; formatted: Record<string, string> } {
  const outer = recording;
  const mine = new Map<string, string>();
  recording = mine;
  try {
    return { result: render(), formatted: Object.fromEntries(mine) };
  } finally {
    recording = outer;
  }
}

/** Strings recorded by recordFormatted (elsewhere) that this module returns instead of formatting them. */
export function reuseFormatted(formatted: Record<string, string>): void {
  for (const [key, text] of Object.entries(formatted)) if (typeof text === 'string') reused.set(key, text);
}

/** A date in the visitor's language with a long month (e.g. "March 12, 2026", «١٢ آذار ٢٠٢٦»). */
export function formatDate(
  value: string | number | Date,
  lang: Language,
  options: Intl.DateTimeFormatOptions = LONG_DATE,
): string {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return remembered(`d|${lang}|${optionsKey(options)}|${date.getTime()}`, () => dateFormat(lang, options).format(date));
}

/** Date and time, for events. */
export const formatDateTime = (value: string | number | Date, lang: Language): string =>
  formatDate(value, lang, LONG_DATE_TIME);

/** The time of day alone, in the union's time zone ("2:00 PM", «٢:٠٠ م», "14:00"). */
export const formatTime = (value: string | number | Date, lang: Language): string => formatDate(value, lang, TIME);

/** Weekday, date and time, for a mail about an event ("Thursday, March 12, 2026 at 2:00 PM"). */
export const formatAppointment = (value: string | number | Date, lang: Language): string =>
  formatDate(value, lang, APPOINTMENT);

/** A `date` column (YYYY-MM-DD) with a long month, the same day in every time zone. */
export const formatDay = (day: string, lang: Language): string => formatDate(`${day}T00:00:00Z`, lang, CALENDAR_DAY);

/** The number formatters, by the letter that also starts the keys of their strings. */
const NUMBER_OPTIONS = {
  /** Plain numbers. */
  n: {},
  /** Years: no group separator. */
  y: { useGrouping: false },
  /** A number of months in words. */
  m: { style: 'unit', unit: 'month', unitDisplay: 'long' },
} satisfies Record<string, Intl.NumberFormatOptions>;

function numberFormat(kind: keyof typeof NUMBER_OPTIONS, lang: Language): Intl.NumberFormat {
  const key = `${kind}|${lang}`;
  let format = numberFormats.get(key);
  if (!format) numberFormats.set(key, (format = new Intl.NumberFormat(DATE_LOCALES[lang], NUMBER_OPTIONS[kind])));
  return format;
}

export const formatNumber = (value: number, lang: Language): string =>
  remembered(`n|${lang}|${value}`, () => fromDigits(value, lang) ?? numberFormat('n', lang).format(value));

/**
 * A whole number below 1000 has no group separator: it is its digits, each as the language writes
 * it. With the ten digits among the reused strings (recordDigits), such a number needs no
 * formatter: a count that changes after hydration (the seats left, fetched live) would otherwise
 * build the language's first NumberFormat then.
 */
function fromDigits(value: number, lang: Language): string | undefined {
  if (!Number.isInteger(value) || value < 0 || value >= 1000) return undefined;
  let text = '';
  for (const digit of String(value)) {
    const written = reused.get(`n|${lang}|${digit}`);
    if (written === undefined) return undefined;
    text += written;
  }
  return text;
}

/** Formats the ten digits of `lang`, so that a recording holds them (see fromDigits). */
export function recordDigits(lang: Language): void {
  for (let digit = 0; digit < 10; digit++) formatNumber(digit, lang);
}

/** A year in the language's digits without a group separator («٢٠٢٦», "2026", not "2,026"). */
export const formatYear = (year: number, lang: Language): string =>
  remembered(`y|${lang}|${year}`, () => numberFormat('y', lang).format(year));

/**
 * A number of months in words, with the noun in the form the number asks for: "12 months",
 * «١٢ شهرًا» but «٦ أشهر» in Arabic, "12 ay" in Turkish (ICU's plural rules, not a text's).
 */
export const formatMonths = (months: number, lang: Language): string =>
  remembered(`m|${lang}|${months}`, () => numberFormat('m', lang).format(months));
