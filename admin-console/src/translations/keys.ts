import type { Language } from '@union/shared/constants';

type Tree = { [key: string]: unknown };

/** Every leaf of a resource tree as a dotted key → text. */
export function flattenResources(tree: unknown, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  if (!tree || typeof tree !== 'object') return out;
  for (const [key, value] of Object.entries(tree as Tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of flattenResources(value, path)) out.set(k, v);
  }
  return out;
}

export interface TranslationRow {
  key: string;
  builtIn: Record<Language, string>;
  override: Record<Language, string | null>;
  overridden: boolean;
}

/** The public site's keys (from English, the reference) joined with the override rows. */
export function buildRows(
  builtIn: Record<Language, unknown>,
  overrides: { key: string; en?: string | null; ar?: string | null; tr?: string | null }[],
): TranslationRow[] {
  const flat = { en: flattenResources(builtIn.en), ar: flattenResources(builtIn.ar), tr: flattenResources(builtIn.tr) };
  const byKey = new Map(overrides.map((o) => [o.key, o]));
  return Array.from(flat.en.keys()).map((key) => {
    const o = byKey.get(key);
    const override = { en: o?.en ?? null, ar: o?.ar ?? null, tr: o?.tr ?? null };
    return {
      key,
      builtIn: { en: flat.en.get(key) ?? '', ar: flat.ar.get(key) ?? '', tr: flat.tr.get(key) ?? '' },
      override,
      overridden: !!(override.en || override.ar || override.tr),
    };
  });
}

/** Blank fields mean "use the built-in text": stored as null. */
export const toOverride = (values: Record<Language, string>) => ({
  en: values.en.trim() || null,
  ar: values.ar.trim() || null,
  tr: values.tr.trim() || null,
});
