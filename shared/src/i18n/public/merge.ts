/**
 * Joins parts of a language's texts written in separate files (Arabic's ar-first.ts, ar-shell.ts
 * and ar-pages.ts) into one tree: a group split between parts gets the keys of each. Written here
 * because i18next merges only into its own store (addResourceBundle's `deep`), and the console and
 * the tests need the whole tree as a value. Later parts win on a key written twice (none is: the
 * parts' types split the groups).
 */
export function mergeTexts<T>(...parts: object[]): T {
  const merged: Record<string, unknown> = {};
  for (const part of parts)
    for (const [key, value] of Object.entries(part)) {
      const held = merged[key];
      merged[key] = isTree(held) && isTree(value) ? mergeTexts<Record<string, unknown>>(held, value) : value;
    }
  return merged as T;
}

const isTree = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
