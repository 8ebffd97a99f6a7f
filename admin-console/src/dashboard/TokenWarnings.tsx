import { useGetList, usePermissions } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { Alert, AlertTitle, Box, Button } from '@mui/material';
import { formatDay, formatNumber } from '@union/shared/format';
import { useLanguage } from '../common/useLanguage';
import { useConsolePath } from '../common/useConsolePath';
import { joinParts } from '../common/joinParts';
import { isSuperadmin } from '../providers/permissions';
import { useT } from '../i18n/keys';
import type { Rec } from '../types';
import { CREDENTIAL_KEYS, expiryWarnings, holderLine, unionToday } from '../credentials/expiry';

// The union's tokens expire by design (docs/data-model.md "credentials"): superadmins read here,
// 30 days ahead, which one to renew and who holds it, and plainly when one has expired. Editors
// see nothing (the list is superadmins' only, in the database too).
export const TokenWarnings = () => {
  const { permissions } = usePermissions();
  const superadmin = isSuperadmin(permissions);
  const { data } = useGetList<Rec<'credentials'>>(
    'credentials',
    { pagination: { page: 1, perPage: CREDENTIAL_KEYS.length } },
    { enabled: superadmin },
  );
  if (!superadmin || !data) return null;
  return <Warnings rows={data} />;
};

const Warnings = ({ rows }: { rows: readonly Rec<'credentials'>[] }) => {
  const translate = useT();
  const lang = useLanguage();
  const path = useConsolePath();
  const { warnings, unrecorded } = expiryWarnings(rows, unionToday());
  if (!warnings.length && !unrecorded.length) return null;
  const open = (
    <Button component={RouterLink} to={path('/credentials')} color="inherit" size="small">
      {translate('dashboard.tokens.open')}
    </Button>
  );
  return (
    <Box sx={{ display: 'grid', gap: 1, mb: 2 }} data-testid="token-warnings">
      {warnings.map((w) => (
        <Alert
          key={w.key}
          severity={w.state === 'expired' ? 'error' : 'warning'}
          action={open}
          data-testid={`token-warning-${w.key}`}
          data-state={w.state}
        >
          <AlertTitle>
            {translate(w.state === 'expired' ? 'dashboard.tokens.expired' : 'dashboard.tokens.expiresSoon', {
              name: translate(`credentials.names.${w.key}`),
              date: formatDay(w.expiresOn, lang),
              days: formatNumber(w.days, lang),
            })}
          </AlertTitle>
          {holderLine(translate, w.holder)}
        </Alert>
      ))}
      {unrecorded.length > 0 && (
        <Alert severity="info" action={open} data-testid="token-unrecorded">
          {translate('dashboard.tokens.unrecorded', {
            names: joinParts(
              translate,
              unrecorded.map((k) => translate(`credentials.names.${k}`)),
            ),
          })}
        </Alert>
      )}
    </Box>
  );
};
