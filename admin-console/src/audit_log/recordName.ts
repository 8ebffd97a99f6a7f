import type { Language } from '@union/shared/constants';
import { localize } from '@union/shared/localized';
import { resourceSpec } from '../registry';

const asObject = (value: unknown): Record<string, unknown> | null =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;

/**
 * What an audit entry is about, as people call it: the column that names a row of its table
 * (the registry's `title`: an event's title, a person's name, an account's email, a text's
 * key), from the row image after the change (before it, for a deletion), in the console's
 * language. Null when the entry holds no such field (erasures, retention runs, entries whose
 * personal data was removed): the list then shows the raw id.
 */
export function recordName(
  entry: { table_name?: string; before?: unknown; after?: unknown; [field: string]: unknown },
  lang: Language,
): string | null {
  const field = entry.table_name ? resourceSpec(entry.table_name)?.title : undefined;
  if (!field) return null;
  for (const image of [asObject(entry.after), asObject(entry.before)]) {
    const value = image?.[field];
    const text = typeof value === 'string' ? value.trim() : asObject(value) ? localize(value, lang).trim() : '';
    if (text) return text;
  }
  return null;
}
