import { useState } from 'react';
import { DateInput, Edit, SimpleForm, TextInput, TopToolbar, useRecordContext, useRedirect } from 'react-admin';
import { Typography } from '@mui/material';
import { FormToolbar } from '../common/FormToolbar';
import { refusalKey } from '../common/refusalKey';
import { EditConflict } from '../common/EditConflict';
import { RecordHistoryButton } from '../common/RecordHistory';
import { staleConflict, type StaleConflict } from '../providers/versions';
import { msg, useNotifyT, useT } from '../i18n/keys';
import type { Rec } from '../types';
import { expiryOptional, isCredentialKey } from './expiry';

const blankToNull = (v: string | null | undefined) => (v && v.trim() ? v.trim() : null);

/** Which token this is and where it is used: the key itself is never edited. */
const Heading = () => {
  const translate = useT();
  const record = useRecordContext<Rec<'credentials'>>();
  if (!record || !isCredentialKey(record.key)) return null;
  return (
    <>
      <Typography variant="h6" component="h2">
        {translate(`credentials.names.${record.key}`)}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {translate(`credentials.uses.${record.key}`)}
      </Typography>
    </>
  );
};

/** The page's title: the token's name, not its key. */
const PageTitle = () => {
  const translate = useT();
  const record = useRecordContext<Rec<'credentials'>>();
  return record && isCredentialKey(record.key) ? <>{translate(`credentials.names.${record.key}`)}</> : null;
};

const ExpiryInput = () => {
  const record = useRecordContext<Rec<'credentials'>>();
  const optional = record ? expiryOptional(record.key) : false;
  return (
    <DateInput
      source="expires_on"
      parse={(v: string) => v || null}
      helperText={msg(optional ? 'credentials.expiresOptionalHelp' : 'credentials.expiresHelp')}
    />
  );
};

// The database's rule (credentials_expiry_recorded), said before the save.
const validate = (values: Record<string, unknown>) =>
  blankToNull(values.holder as string) && !values.expires_on && !expiryOptional(String(values.key))
    ? { expires_on: msg('credentials.expiryRequired') }
    : {};

export const CredentialEdit = () => {
  const notify = useNotifyT();
  const redirect = useRedirect();
  const [conflict, setConflict] = useState<StaleConflict | null>(null);
  return (
    <Edit
      title={<PageTitle />}
      mutationMode="pessimistic"
      actions={
        <TopToolbar>
          <RecordHistoryButton />
        </TopToolbar>
      }
      // Only what staff edit is sent (the key is the row's name; the version is added by the data provider).
      transform={(data: Rec<'credentials'>) => ({
        key: data.key,
        holder: blankToNull(data.holder),
        expires_on: data.expires_on || null,
        note: blankToNull(data.note),
      })}
      mutationOptions={{
        onSuccess: () => {
          notify('credentials.updated', { type: 'success' });
          redirect('list', 'credentials');
        },
        onError: (error) => {
          const stale = staleConflict(error);
          if (stale) return setConflict(stale);
          notify(refusalKey(error, 'common.saveError'), { type: 'error' });
        },
      }}
    >
      <SimpleForm toolbar={<FormToolbar />} validate={validate}>
        <Heading />
        <TextInput source="holder" helperText={msg('credentials.holderHelp')} />
        <ExpiryInput />
        <TextInput source="note" multiline minRows={2} />
        {conflict && <EditConflict conflict={conflict} onConflict={setConflict} />}
      </SimpleForm>
    </Edit>
  );
};
