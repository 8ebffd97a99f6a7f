import type { Language } from '@union/shared/constants';
import { BOOKKEEPING } from '../providers/merge';

export interface FieldChange {
  field: string;
  before: unknown;
  now: unknown;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** The fields that differ between the record as read and as it is now, in the record's order. */
export function changedFields(
  previous: Record<string, unknown> | undefined,
  current: Record<string, unknown> | null,
): FieldChange[] {
  if (!previous || !current) return [];
  return Object.keys(current)
    .filter((field) => !BOOKKEEPING.has(field) && !same(previous[field], current[field]))
    .map((field) => ({ field, before: previous[field], now: current[field] }));
}

/** A field's value as one line of text: a localized value in the reader's language first. */
export function displayValue(value: unknown, language: Language): string | null {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'object' && !Array.isArray(value)) {
    const texts = value as Record<string, unknown>;
    const text = texts[language] ?? texts.en ?? texts.ar ?? texts.tr;
    if (typeof text === 'string') return text || null;
  }
  return typeof value === 'string' ? value : JSON.stringify(value);
}
