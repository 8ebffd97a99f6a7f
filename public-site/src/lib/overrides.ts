import type { Language } from '@union/shared/constants';

/** A row of the `translations` table: an override per language at a dotted resource key. */
export interface TranslationRow {
  key: string;
  en: string | null;
  ar: string | null;
  tr: string | null;
}

type Tree = { [key: string]: string | Tree };

/**
 * Returns a copy of `bundle` with each row's text for `lang` placed at its dotted key.
 * Empty or null texts keep the built-in text (docs/decisions.md: deleting an override shows it again).
 * A key that names a whole group (e.g. "about") is ignored: replacing a group by one string
 * would blank every text inside it.
 */
export function applyOverrides<T extends object>(bundle: T, rows: readonly TranslationRow[], lang: Language): T {
  const result = structuredClone(bundle) as unknown as Tree;
  for (const row of rows) {
    const text = row[lang];
    if (typeof text !== 'string' || text.trim() === '' || !row.key) continue;
    const parts = row.key.split('.');
    if (parts.some((part) => part === '' || part === '__proto__' || part === 'constructor' || part === 'prototype'))
      continue;
    let node: Tree = result;
    let ok = true;
    for (const part of parts.slice(0, -1)) {
      const next = node[part];
      if (next === undefined) node[part] = {};
      else if (typeof next === 'string') {
        ok = false;
        break;
      }
      node = node[part] as Tree;
    }
    const leaf = parts[parts.length - 1]!;
    if (!ok || typeof node[leaf] === 'object') continue;
    node[leaf] = text;
  }
  return result as unknown as T;
}
