// Translation keys, typed: every key the console passes to translate() must be a leaf of its
// English texts (shared/src/i18n/admin/en.ts) or one of react-admin's own (`ra.*`), so a misspelt key
// fails `npm run typecheck` instead of showing the raw key to staff.
import type { TranslateFunction } from 'react-admin';
import { useNotify, useTranslate } from 'react-admin';
import type { en } from '@union/shared/i18n/admin/en';

/** The dot paths of a texts object's leaves, e.g. `menu.dashboard`. */
type Leaves<T, Prefix extends string = ''> = {
  [K in Extract<keyof T, string>]: T[K] extends string ? `${Prefix}${K}` : Leaves<T[K], `${Prefix}${K}.`>;
}[Extract<keyof T, string>];

// react-admin's own keys (`ra.action.save`, …) are typed by it only as strings, hence the prefix.
export type MessageKey = Leaves<typeof en> | `ra.${string}`;

/** Options of a translation: interpolated values, `smart_count` for plurals, `_` as the fallback text. */
export type TranslateOptions = Parameters<TranslateFunction>[1];

export type Translate = (key: MessageKey, options?: TranslateOptions) => string;

/** react-admin's translate, accepting only keys the texts define. */
export const useT = (): Translate => useTranslate();

/** A key given to a react-admin prop that translates it itself (`label`, `title`, …), checked like translate()'s. */
export const msg = (key: MessageKey): string => key;

type NotifyOptions = Parameters<ReturnType<typeof useNotify>>[1];

/** react-admin's notify (which translates its message), accepting only keys the texts define. */
export const useNotifyT = (): ((key: MessageKey, options?: NotifyOptions) => void) => useNotify();
