import type { SettingKey } from '@union/shared/constants';
import { rest } from './rest';

export type Settings = Partial<Record<SettingKey, string | boolean>>;

let cache: Promise<Settings> | null = null;

/** Footer and contact details (and allStudentsCanBorrow), read once per visit. */
export function loadSettings(): Promise<Settings> {
  cache ??= Promise.resolve(rest.from('settings').select('key,value')).then(({ data, error }) => {
    if (error) {
      cache = null; // let a later page try again
      throw error;
    }
    const settings: Settings = {};
    for (const row of data ?? []) settings[row.key as SettingKey] = row.value as string | boolean;
    return settings;
  });
  return cache;
}

/** A text setting, or '' when unset (jsonb may hold anything; only non-empty strings count). */
export const textSetting = (settings: Settings | undefined, key: SettingKey): string => {
  const value = settings?.[key];
  return typeof value === 'string' ? value.trim() : '';
};
