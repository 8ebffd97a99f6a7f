import { DATE_LOCALES, LANGUAGES, type Language } from '@union/shared/constants';
import { formatNumber } from '@union/shared/format';

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
  /** The stored override row's version (docs/data-model.md "Row versions"), null without a row. */
  version: number | null;
  /** The languages the key is a text of: all three, or for a plural form the languages that have it. */
  languages: Language[];
  /** For a plural form (`…_few`), its CLDR category. */
  plural: Intl.LDMLPluralRule | null;
}

const PLURAL_FORMS: readonly Intl.LDMLPluralRule[] = ['zero', 'one', 'two', 'few', 'many', 'other'];
const pluralOf = (key: string) => {
  const form = /_(zero|one|two|few|many|other)$/.exec(key)?.[1] as Intl.LDMLPluralRule | undefined;
  return form ? { stem: key.slice(0, -form.length - 1), form } : null;
};

/** The plural forms a language has (Arabic six, English and Turkish two), as i18next picks them. */
export const pluralForms = (lang: Language): Intl.LDMLPluralRule[] =>
  new Intl.PluralRules(DATE_LOCALES[lang]).resolvedOptions().pluralCategories as Intl.LDMLPluralRule[];

/**
 * Which whole numbers a plural form covers in a language, in its digits, as ranges up to 200
 * («٣–١٠، ١٠٣–١١٠، …» for Arabic `few`), so staff know which text shows for which count.
 */
export function pluralNumbers(lang: Language, form: Intl.LDMLPluralRule, separator: string): string {
  const rules = new Intl.PluralRules(DATE_LOCALES[lang]);
  const ranges: [number, number][] = [];
  for (let n = 0; n <= 200; n++) {
    if (rules.select(n) !== form) continue;
    const last = ranges[ranges.length - 1];
    if (last && last[1] === n - 1) last[1] = n;
    else ranges.push([n, n]);
  }
  const shown = ranges.map(([a, b]) =>
    a === b ? formatNumber(a, lang) : `${formatNumber(a, lang)}–${formatNumber(b, lang)}`,
  );
  // Past 200 the same pattern repeats; "other" also covers fractions.
  return [...shown, '…'].join(separator);
}

/**
 * The public site's keys joined with the override rows: English's keys (the reference), and for
 * each plural text every form any language has (Arabic's `_zero`, `_two`, `_few`, `_many`), so
 * an override can replace the text for every count.
 */
export function buildRows(
  builtIn: Record<Language, unknown>,
  overrides: { key: string; en?: string | null; ar?: string | null; tr?: string | null; version?: number }[],
): TranslationRow[] {
  const flat = { en: flattenResources(builtIn.en), ar: flattenResources(builtIn.ar), tr: flattenResources(builtIn.tr) };
  const byKey = new Map(overrides.map((o) => [o.key, o]));
  const forms = Object.fromEntries(LANGUAGES.map((l) => [l, pluralForms(l)])) as Record<
    Language,
    Intl.LDMLPluralRule[]
  >;
  const keys: string[] = [];
  const seen = new Set<string>();
  for (const key of flat.en.keys()) {
    const plural = pluralOf(key);
    // A plural text: its forms in CLDR order, once, where English's first form stands.
    const group = plural
      ? PLURAL_FORMS.filter((f) => LANGUAGES.some((l) => forms[l].includes(f))).map((f) => `${plural.stem}_${f}`)
      : [key];
    for (const k of group) {
      if (seen.has(k)) continue;
      seen.add(k);
      keys.push(k);
    }
  }
  return keys.map((key) => {
    const o = byKey.get(key);
    const plural = pluralOf(key)?.form ?? null;
    const languages = plural ? LANGUAGES.filter((l) => forms[l].includes(plural)) : [...LANGUAGES];
    const override = {
      en: languages.includes('en') ? (o?.en ?? null) : null,
      ar: languages.includes('ar') ? (o?.ar ?? null) : null,
      tr: languages.includes('tr') ? (o?.tr ?? null) : null,
    };
    return {
      key,
      builtIn: { en: flat.en.get(key) ?? '', ar: flat.ar.get(key) ?? '', tr: flat.tr.get(key) ?? '' },
      override,
      overridden: !!(override.en || override.ar || override.tr),
      version: o?.version ?? null,
      languages,
      plural,
    };
  });
}

/** Blank fields mean "use the built-in text": stored as null. */
export const toOverride = (values: Record<Language, string>) => ({
  en: values.en.trim() || null,
  ar: values.ar.trim() || null,
  tr: values.tr.trim() || null,
});
