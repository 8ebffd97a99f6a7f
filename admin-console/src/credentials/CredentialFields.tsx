import { useRecordContext } from 'react-admin';
import { Chip, Typography, type ChipProps } from '@mui/material';
import { formatDay } from '@union/shared/format';
import { useLanguage } from '../common/useLanguage';
import { useT } from '../i18n/keys';
import type { Rec } from '../types';
import { expiryOptional, expiryState, isCredentialKey, unionToday, type ExpiryState } from './expiry';

/** A token's name in the staff's language (the key is the database's). */
export const CredentialName = (_: { label?: string }) => {
  const translate = useT();
  const record = useRecordContext<Rec<'credentials'>>();
  if (!record || !isCredentialKey(record.key)) return null;
  return (
    <Typography variant="body2" component="span" sx={{ fontWeight: 500 }}>
      {translate(`credentials.names.${record.key}`)}
    </Typography>
  );
};

export const CredentialHolder = (_: { label?: string }) => {
  const translate = useT();
  const record = useRecordContext<Rec<'credentials'>>();
  if (!record) return null;
  return record.holder ? (
    <bdi>{record.holder}</bdi>
  ) : (
    <Typography variant="body2" component="span" color="text.secondary">
      {translate('credentials.notRecorded')}
    </Typography>
  );
};

const COLOR: Record<Exclude<ExpiryState, 'none'>, ChipProps['color']> = {
  expired: 'error',
  soon: 'warning',
  valid: 'success',
};

/** The last day, with whether it has passed or comes within the warning days. */
export const CredentialExpiry = (_: { label?: string }) => {
  const translate = useT();
  const lang = useLanguage();
  const record = useRecordContext<Rec<'credentials'>>();
  if (!record) return null;
  const state = expiryState(record.expires_on, unionToday());
  if (state === 'none' || !record.expires_on)
    return (
      <Typography variant="body2" component="span" color="text.secondary">
        {translate(expiryOptional(record.key) && record.holder ? 'credentials.noExpiry' : 'credentials.notRecorded')}
      </Typography>
    );
  return (
    <span style={{ display: 'inline-flex', flexWrap: 'wrap', alignItems: 'center', gap: 8 }}>
      <Typography variant="body2" component="span">
        {formatDay(record.expires_on, lang)}
      </Typography>
      <Chip
        size="small"
        color={COLOR[state]}
        label={translate(`credentials.states.${state}`)}
        data-testid="credential-state"
        data-state={state}
      />
    </span>
  );
};
