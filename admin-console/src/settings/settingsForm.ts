import { SETTING_KEYS, type SettingKey } from '@union/shared/constants';
import { mapLocationProblem, normalizeMapLocation } from '@union/shared/map';

export type SettingKind = 'text' | 'multiline' | 'email' | 'url' | 'phone' | 'coordinates' | 'boolean';

/** The input each of the 10 settings gets. */
export const SETTING_KINDS: Record<SettingKey, SettingKind> = {
  footerAddress: 'multiline',
  mapLocation: 'coordinates',
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

/**
 * The form's check of a 'coordinates' input ("latitude, longitude"): undefined when blank or a
 * place once normalized as it will be saved, else the translation key saying what is wrong.
 * The database's check settings_map_location accepts exactly what passes here.
 */
export function coordinatesError(value: unknown): string | undefined {
  const problem = mapLocationProblem(normalizeMapLocation(typeof value === 'string' ? value : ''));
  return problem === 'format' ? 'settings.mapLocationFormat' : problem === 'range' ? 'settings.mapLocationRange' : undefined;
}

/** A form value as it is stored: trimmed text; coordinates in the strict form (shared/src/map.ts). */
function storedValue(kind: SettingKind, raw: string | boolean | undefined): string | boolean {
  if (kind === 'boolean') return raw === true;
  if (typeof raw !== 'string') return '';
  return kind === 'coordinates' ? normalizeMapLocation(raw) : raw.trim();
}

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
    const value = storedValue(SETTING_KINDS[key], values[key]);
    if (present.has(key)) {
      if (value !== before[key]) updates.push({ key, value });
    } else if (value !== '' && value !== false) inserts.push({ key, value });
  }
  return { updates, inserts };
}
