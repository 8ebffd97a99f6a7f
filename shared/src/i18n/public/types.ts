import type { en } from './en';

/**
 * i18next plurals: a text that depends on a count is a group of keys `<key>_<form>`, the forms
 * being the CLDR plural categories of the language (Intl.PluralRules). English writes `_one` and
 * `_other`; Arabic adds `_zero`, `_two`, `_few` and `_many` (Turkish has `_one` and `_other`).
 */
export const PLURAL_FORMS = ['zero', 'one', 'two', 'few', 'many', 'other'] as const;
type ExtraPluralForm = Exclude<(typeof PLURAL_FORMS)[number], 'one' | 'other'>;
type PluralExtras<T> = {
  [K in keyof T as K extends `${infer Base}_other` ? `${Base}_${ExtraPluralForm}` : never]?: string;
};

/**
 * The same tree as the English resources, with every leaf a string: a missing key in ar/tr fails
 * the type check. A plural group may have the forms English lacks (resources.test.ts checks that
 * each language has exactly its own).
 */
export type DeepStrings<T> = { [K in keyof T]: T[K] extends string ? string : DeepStrings<T[K]> } & PluralExtras<T>;

export type Resources = DeepStrings<typeof en>;
