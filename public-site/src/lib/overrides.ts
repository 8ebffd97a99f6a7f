import type { Language } from '@union/shared/constants';

/** A row of the `translations` table: an override per language at a dotted resource key. */
export interface TranslationRow {
  key: string;
  en: string | null;
  ar: string | null;
  tr: string | null;
}

type Tree = { [key: string]: string | Tree };

const child = (group: Tree, key: string): string | Tree | undefined =>
  Object.hasOwn(group, key) ? group[key] : undefined;

const UNSAFE_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/**
 * Returns `bundle` with each row's text for `lang` placed at its dotted key, leaving `bundle`
 * itself as it was: only the groups on an override's path are copied, the rest is shared (the
 * texts of a language are only read once built). Copying them all at start, as this did, took
 * about 25 ms with the CPU slowed 4×. Without an override that applies it is `bundle` itself.
 * Empty or null texts keep the built-in text (docs/decisions.md: deleting an override shows it again).
 * A key that names a whole group (e.g. "about") is ignored: replacing a group by one string
 * would blank every text inside it.
 */
export function applyOverrides<T extends object>(bundle: T, rows: readonly TranslationRow[], lang: Language): T {
  let result = bundle as unknown as Tree;
  // The groups this call made (copies, new ones): written in place from then on.
  const own = new Set<Tree>();
  const owned = (group: Tree = {}): Tree => {
    if (own.has(group)) return group;
    own.add((group = { ...group }));
    return group;
  };
  for (const row of rows) {
    const text = row[lang];
    const parts = row.key?.split('.') ?? [];
    if (typeof text !== 'string' || !text.trim() || parts.some((part) => !part || UNSAFE_KEYS.has(part))) continue;
    // Found on the texts as they are, before anything is copied: a row that walks through a text
    // or names a whole group changes nothing. Only the texts' own keys count (not "toString").
    let at: string | Tree | undefined = result;
    let throughText = false;
    for (const part of parts) {
      throughText ||= typeof at === 'string';
      at = typeof at === 'object' ? child(at, part) : undefined;
    }
    if (throughText || typeof at === 'object') continue;
    let node = (result = owned(result));
    for (const part of parts.slice(0, -1)) node = node[part] = owned(child(node, part) as Tree | undefined);
    node[parts[parts.length - 1]!] = text;
  }
  return result as unknown as T;
}
