import { FALLBACK_LANGUAGE, LANGUAGES, type Language } from './preferences';

/** A text in the three languages, stored as jsonb `{en, ar, tr}` (all required by the database). */
export type LocalizedText = Record<Language, string>;

const FALLBACK_ORDER: Language[] = [FALLBACK_LANGUAGE, 'ar', 'tr'];

const asRecord = (value: unknown): Partial<Record<string, unknown>> =>
  value && typeof value === 'object' ? (value as Record<string, unknown>) : {};

/** The text in `lang`, else the first non-empty one in en → ar → tr, else ''. Accepts raw jsonb. */
export function localize(text: unknown, lang: Language): string {
  const record = asRecord(text);
  for (const candidate of [lang, ...FALLBACK_ORDER]) {
    const value = record[candidate];
    if (typeof value === 'string' && value.trim() !== '') return value;
  }
  return '';
}

/** True when all three languages are non-empty strings (the database's own rule). */
export function isLocalizedComplete(text: unknown): text is LocalizedText {
  const record = asRecord(text);
  return LANGUAGES.every((lang) => typeof record[lang] === 'string' && (record[lang] as string).trim() !== '');
}
