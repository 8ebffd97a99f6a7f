import { DEFAULT_RETENTION_MONTHS, SETTING_KEYS, type SettingKey } from '@union/shared/constants';
import { mapLocationProblem, normalizeMapLocation } from '@union/shared/map';

export type SettingKind = 'text' | 'multiline' | 'email' | 'url' | 'phone' | 'coordinates' | 'boolean' | 'months';

/** The input each setting gets. */
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
  submissionRetentionMonths: 'months',
  auditRetentionMonths: 'months',
};

export type SettingValue = string | boolean | number;
export type SettingValues = Record<SettingKey, SettingValue>;

/** Retention periods: whole months, at least one, at most ten years (the database's check). */
export const MONTHS_RANGE = { min: 1, max: 120 } as const;

/**
 * The form's check of a 'coordinates' input ("latitude, longitude"): undefined when blank or a
 * place once normalized as it will be saved, else the translation key saying what is wrong.
 * The database's check settings_map_location accepts exactly what passes here.
 */
export function coordinatesError(value: unknown): string | undefined {
  const problem = mapLocationProblem(normalizeMapLocation(typeof value === 'string' ? value : ''));
  return problem === 'format'
    ? 'settings.mapLocationFormat'
    : problem === 'range'
      ? 'settings.mapLocationRange'
      : undefined;
}

/** A form value as it is stored: trimmed text; coordinates in the strict form (shared/src/map.ts). */
function storedValue(kind: SettingKind, raw: SettingValue | undefined): SettingValue {
  if (kind === 'boolean') return raw === true;
  if (kind === 'months') return Number(raw);
  if (typeof raw !== 'string') return '';
  return kind === 'coordinates' ? normalizeMapLocation(raw) : raw.trim();
}

/** Stored rows (value jsonb: text, a boolean for allStudentsCanBorrow, a number of months) → form values. */
export function toFormValues(rows: { key: string; value: unknown }[]): SettingValues {
  const byKey = new Map(rows.map((r) => [r.key, r.value]));
  return Object.fromEntries(
    SETTING_KEYS.map((key) => {
      const value = byKey.get(key);
      if (SETTING_KINDS[key] === 'boolean') return [key, value === true || value === 'true'];
      if (SETTING_KINDS[key] === 'months') return [key, typeof value === 'number' ? value : DEFAULT_RETENTION_MONTHS];
      return [key, typeof value === 'string' ? value : value == null ? '' : String(value)];
    }),
  ) as SettingValues;
}

/** What to write: changed keys only, split into updates (row exists) and inserts (row missing). */
export function settingChanges(existing: { key: string; value: unknown }[], values: SettingValues) {
  const before = toFormValues(existing);
  const present = new Set(existing.map((r) => r.key));
  const updates: { key: SettingKey; value: SettingValue }[] = [];
  const inserts: { key: SettingKey; value: SettingValue }[] = [];
  for (const key of SETTING_KEYS) {
    const value = storedValue(SETTING_KINDS[key], values[key]);
    // A missing row reads as its default (blank, off, DEFAULT_RETENTION_MONTHS), as in the
    // database: it is written only once it differs from that.
    if (value !== before[key]) (present.has(key) ? updates : inserts).push({ key, value });
  }
  return { updates, inserts };
}
