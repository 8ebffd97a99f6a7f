import { Datagrid, EditButton, List, SimpleList, TextField } from 'react-admin';
import { Alert } from '@mui/material';
import { DateText } from '../common/DateText';
import { useIsSmall } from '../common/useIsSmall';
import { msg, useT } from '../i18n/keys';
import type { Rec } from '../types';
import { CredentialExpiry, CredentialHolder, CredentialName } from './CredentialFields';
import { CREDENTIAL_KEYS, isCredentialKey } from './expiry';

// In the migration's order (the same as the Handover page's), not alphabetically by key: so no
// column sorts the four rows otherwise.
const order = (key: string) => (isCredentialKey(key) ? CREDENTIAL_KEYS.indexOf(key) : CREDENTIAL_KEYS.length);

const Intro = () => {
  const translate = useT();
  return (
    <Alert severity="info" sx={{ mt: 2 }}>
      {translate('credentials.intro')}
    </Alert>
  );
};

export const CredentialList = () => {
  const isSmall = useIsSmall();
  return (
    <>
      <Intro />
      <List
        actions={false}
        exporter={false}
        pagination={false}
        perPage={CREDENTIAL_KEYS.length}
        sort={{ field: 'key', order: 'ASC' }}
        queryOptions={{
          select: (result) => ({ ...result, data: [...result.data].sort((a, b) => order(a.key) - order(b.key)) }),
        }}
      >
        {isSmall ? (
          <SimpleList<Rec<'credentials'>>
            rowClick="edit"
            primaryText={() => <CredentialName />}
            secondaryText={() => <CredentialHolder />}
            tertiaryText={() => <CredentialExpiry />}
          />
        ) : (
          <Datagrid rowClick="edit" bulkActionButtons={false} data-testid="credentials-list">
            <CredentialName label={msg('resources.credentials.fields.key')} />
            <CredentialHolder label={msg('resources.credentials.fields.holder')} />
            <CredentialExpiry label={msg('resources.credentials.fields.expires_on')} />
            <TextField source="note" sortable={false} />
            <DateText source="updated_at" sortable={false} />
            <EditButton />
          </Datagrid>
        )}
      </List>
    </>
  );
};
