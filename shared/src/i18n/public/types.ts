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

/**
 * The text groups only pages other than home show (about, forms, the library…). Arabic, the
 * default language, keeps them in a file of their own (ar-pages.ts), fetched with such a page.
 */
export const PAGE_TEXT_GROUPS = [
  'about',
  'sponsor',
  'registration',
  'cancel',
  'evaluation',
  'library',
  'contact',
  'form',
  'privacy',
  'login',
  'notFound',
] as const satisfies readonly (keyof Resources)[];
export type PageTextGroup = (typeof PAGE_TEXT_GROUPS)[number];
export type ShellResources = Omit<Resources, PageTextGroup>;
export type PageResources = Pick<Resources, PageTextGroup>;

/**
 * The texts the first screen of every page (header, menus, the loading spinner) and the home
 * page's hero show: a group's keys, or the whole group. Arabic writes them in ar-first.ts, the
 * site's first download; the rest of the groups every page and home show is in ar-shell.ts.
 */
export const FIRST_SCREEN_TEXTS = {
  meta: ['siteName', 'siteShortName', 'description'],
  nav: 'all',
  languages: 'all',
  common: ['loading', 'loadError', 'retry'],
  home: ['logoAlt', 'heroTitle', 'heroSubtitle', 'exploreEvents', 'learnMore', 'highlights'],
  news: ['feedTitle'],
} as const satisfies { [G in keyof ShellResources]?: 'all' | readonly (keyof Resources[G])[] };
type FirstSpec = typeof FIRST_SCREEN_TEXTS;
type FirstKeys<G extends keyof FirstSpec> = Extract<FirstSpec[G], readonly unknown[]>[number];

export type FirstScreenResources = {
  [G in keyof FirstSpec]: FirstSpec[G] extends 'all'
    ? Resources[G]
    : Pick<Resources[G], FirstKeys<G> & keyof Resources[G]>;
};
/** The shell's texts but the first screen's (groups wholly on the first screen are left out). */
export type ShellRestResources = {
  [
    G in keyof ShellResources as G extends keyof FirstSpec ? (FirstSpec[G] extends 'all' ? never : G) : G
  ]: G extends keyof FirstSpec ? Omit<Resources[G], FirstKeys<G>> : Resources[G];
};
