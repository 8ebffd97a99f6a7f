import type { en } from './en';

/** The same tree as the English resources, with every leaf a string: a missing key in ar/tr fails the type check. */
export type DeepStrings<T> = { [K in keyof T]: T[K] extends string ? string : DeepStrings<T[K]> };

export type Resources = DeepStrings<typeof en>;
