// The console's resources: `en.ts` is the reference; `ar.ts` and `tr.ts` are typed
// `Resources`, so a missing or misspelt key fails the type check (and resources.test.ts
// walks the keys at run time too).
import type { en } from './en';

export type DeepStrings<T> = { [K in keyof T]: T[K] extends string ? string : DeepStrings<T[K]> };
export type Resources = DeepStrings<typeof en>;
