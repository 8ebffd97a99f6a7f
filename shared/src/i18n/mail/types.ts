import type { en } from './en.ts';

/** The English tree with every leaf a string: a key missing in ar or tr fails the type check. */
type DeepStrings<T> = { [K in keyof T]: T[K] extends string ? string : DeepStrings<T[K]> };

export type MailResources = DeepStrings<typeof en>;
