import { useState } from 'react';
import { Edit, SelectInput, SimpleForm, WithRecord, required, useGetIdentity, useRedirect } from 'react-admin';
import { Alert, Box, Typography } from '@mui/material';
import { staffRoleChoices } from '../common/choices';
import { refusalKey } from '../common/refusalKey';
import { EditConflict } from '../common/EditConflict';
import { staleConflict, type StaleConflict } from '../providers/versions';
import { FormToolbar } from '../common/FormToolbar';
import { CancelButton } from '../common/CancelButton';
import { useNotifyT, useT } from '../i18n/keys';
import type { Rec } from '../types';

/** Changing the role of another person (a plain update; the database refuses one's own). */
export const StaffEdit = () => {
  const notify = useNotifyT();
  const redirect = useRedirect();
  const translate = useT();
  const { identity } = useGetIdentity();
  const [conflict, setConflict] = useState<StaleConflict | null>(null);
  return (
    <Edit
      mutationMode="pessimistic"
      redirect="list"
      mutationOptions={{
        onSuccess: () => {
          notify('users.roleUpdated', { type: 'success' });
          redirect('list', 'staff');
        },
        onError: (error) => {
          const stale = staleConflict(error);
          if (stale) return setConflict(stale);
          notify(refusalKey(error, 'users.roleUpdateError', { 'errors.own_account': 'users.cannotChangeOwnRole' }), {
            type: 'error',
          });
        },
      }}
    >
      <WithRecord<Rec<'staff'>>
        render={(record) =>
          identity?.id === record.user_id ? (
            <Box sx={{ m: 2 }}>
              <Alert severity="warning" data-testid="own-account">
                {translate('users.cannotEditSelf')}
              </Alert>
              <Box sx={{ mt: 2 }}>
                <CancelButton />
              </Box>
            </Box>
          ) : (
            <SimpleForm toolbar={<FormToolbar />}>
              <Typography variant="h6" component="p" sx={{ mb: 2 }}>
                <bdi>{record.email}</bdi>
              </Typography>
              <SelectInput source="role" choices={staffRoleChoices} validate={required()} />
              {conflict && <EditConflict conflict={conflict} onConflict={setConflict} />}
            </SimpleForm>
          )
        }
      />
    </Edit>
  );
};
