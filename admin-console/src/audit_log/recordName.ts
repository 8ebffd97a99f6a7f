import type { Language } from '@union/shared/constants';
import { localize } from '@union/shared/localized';

// The columns that name a row, in the order tried: a content row's title or a person's name
// (localized jsonb or plain text), a staff account's email, a text's or a setting's key.
const NAME_FIELDS = ['title', 'name', 'email', 'key'] as const;

const asObject = (value: unknown): Record<string, unknown> | null =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;

/**
 * What an audit entry is about, as people call it: taken from the row image after the change
 * (before it, for a deletion), in the console's language. Null when the entry holds no such
 * field (erasures, retention runs, entries whose personal data was removed): the list then
 * shows the raw id.
 */
export function recordName(
  entry: { before?: unknown; after?: unknown; [field: string]: unknown },
  lang: Language,
): string | null {
  for (const image of [asObject(entry.after), asObject(entry.before)]) {
    if (!image) continue;
    for (const field of NAME_FIELDS) {
      const value = image[field];
      const text = typeof value === 'string' ? value.trim() : asObject(value) ? localize(value, lang).trim() : '';
      if (text) return text;
    }
  }
  return null;
}
