// When the union's tokens expire (docs/data-model.md "credentials"): the dashboard warns
// superadmins this many days ahead, and says plainly once a token has expired.
import { UNION_TIME_ZONE } from '@union/shared/format';
import type { Translate } from '../i18n/keys';
import type { Row } from '../types';

/** Who holds a token, the name isolated inside the sentence (docs/glossary.md), or that nobody is recorded. */
export const holderLine = (translate: Translate, holder: string | null | undefined): string =>
  holder
    ? translate('dashboard.tokens.holder', { holder: `\u2068${holder}\u2069` })
    : translate('dashboard.tokens.noHolder');

export const EXPIRY_WARNING_DAYS = 30;

/** In the order the migration lists them, which the list and the Handover page keep. */
export const CREDENTIAL_KEYS = [
  'supabase_access_token',
  'cloudflare_api_token',
  'publish_hook_token',
  'smtp_password',
] as const;
export type CredentialKey = (typeof CREDENTIAL_KEYS)[number];
export const isCredentialKey = (key: string): key is CredentialKey =>
  (CREDENTIAL_KEYS as readonly string[]).includes(key);

/** The only one that may have no expiry (a mail provider's password may never expire). */
export const expiryOptional = (key: string) => key === 'smtp_password';

type Credential = Pick<Row<'credentials'>, 'key' | 'holder' | 'expires_on'>;

/** Today's date (YYYY-MM-DD) where the union is: a token's last day is a day of its calendar. */
export const unionToday = (now = new Date()): string =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone: UNION_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);

/** Whole days from `today` to `day` (both YYYY-MM-DD): 0 on the last day, negative after it. */
export const daysUntil = (day: string, today: string): number =>
  Math.round((Date.parse(`${day}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 86_400_000);

export type ExpiryState = 'expired' | 'soon' | 'valid' | 'none';

/** expired: its last day has passed; soon: it ends within the warning days; none: no date recorded. */
export function expiryState(expiresOn: string | null, today: string): ExpiryState {
  if (!expiresOn) return 'none';
  const days = daysUntil(expiresOn, today);
  return days < 0 ? 'expired' : days <= EXPIRY_WARNING_DAYS ? 'soon' : 'valid';
}

export interface ExpiryWarning {
  key: CredentialKey;
  state: 'expired' | 'soon';
  expiresOn: string;
  days: number;
  holder: string | null;
}

/** What the dashboard says: the tokens expired or expiring soon (soonest first), and those unrecorded. */
export function expiryWarnings(rows: readonly Credential[], today: string) {
  const warnings: ExpiryWarning[] = [];
  const unrecorded: CredentialKey[] = [];
  for (const key of CREDENTIAL_KEYS) {
    const row = rows.find((r) => r.key === key);
    if (!row) continue;
    const state = expiryState(row.expires_on, today);
    if ((state === 'expired' || state === 'soon') && row.expires_on)
      warnings.push({
        key,
        state,
        expiresOn: row.expires_on,
        days: daysUntil(row.expires_on, today),
        holder: row.holder,
      });
    else if (!row.holder || (state === 'none' && !expiryOptional(key))) unrecorded.push(key);
  }
  warnings.sort((a, b) => a.days - b.days);
  return { warnings, unrecorded };
}
