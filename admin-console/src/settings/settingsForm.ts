import { SETTING_KEYS, type SettingKey } from '@union/shared/constants';

export type SettingKind = 'text' | 'multiline' | 'email' | 'url' | 'phone' | 'boolean';

/** The input each of the 9 settings gets. */
export const SETTING_KINDS: Record<SettingKey, SettingKind> = {
  footerAddress: 'multiline',
  footerEmail: 'email',
  footerPhone: 'phone',
  footerFacebook: 'url',
  footerTwitter: 'url',
  footerInstagram: 'url',
  footerLinkedIn: 'url',
  footerYouTube: 'url',
  allStudentsCanBorrow: 'boolean',
};

export type SettingValues = Record<SettingKey, string | boolean>;

/** Stored rows (value jsonb: text, or boolean for allStudentsCanBorrow) → form values. */
export function toFormValues(rows: { key: string; value: unknown }[]): SettingValues {
  const byKey = new Map(rows.map((r) => [r.key, r.value]));
  return Object.fromEntries(
    SETTING_KEYS.map((key) => {
      const value = byKey.get(key);
      if (SETTING_KINDS[key] === 'boolean') return [key, value === true || value === 'true'];
      return [key, typeof value === 'string' ? value : value == null ? '' : String(value)];
    }),
  ) as SettingValues;
}

/** What to write: changed keys only, split into updates (row exists) and inserts (row missing). */
export function settingChanges(existing: { key: string; value: unknown }[], values: SettingValues) {
  const before = toFormValues(existing);
  const present = new Set(existing.map((r) => r.key));
  const updates: { key: SettingKey; value: string | boolean }[] = [];
  const inserts: { key: SettingKey; value: string | boolean }[] = [];
  for (const key of SETTING_KEYS) {
    const raw = values[key];
    const value = SETTING_KINDS[key] === 'boolean' ? raw === true : typeof raw === 'string' ? raw.trim() : '';
    if (present.has(key)) {
      if (value !== before[key]) updates.push({ key, value });
    } else if (value !== '' && value !== false) inserts.push({ key, value });
  }
  return { updates, inserts };
}
