import type { SettingKey } from '@union/shared/constants';
import { query, reads } from './data';
import { restClient } from './rest';

export type Settings = Partial<Record<SettingKey, string | boolean | number>>;

/** Footer and contact details, the map location and allStudentsCanBorrow: needed on every page. */
export const settingsQuery = query(
  'settings',
  async (): Promise<Settings> => {
    const { data, error } = await (await restClient()).from('settings').select('key,value').order('key');
    if (error) throw error;
    const settings: Settings = {};
    for (const row of data ?? []) settings[row.key as SettingKey] = row.value as string | boolean | number;
    return settings;
  },
  ...(import.meta.env.SSR ? reads('settings') : []),
);

/** A text setting, or '' when unset (jsonb may hold anything; only non-empty strings count). */
export const textSetting = (settings: Settings | undefined, key: SettingKey): string => {
  const value = settings?.[key];
  return typeof value === 'string' ? value.trim() : '';
};
