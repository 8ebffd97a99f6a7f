import { useState } from 'react';
import {
  Confirm,
  Datagrid,
  EditButton,
  FunctionField,
  List,
  SimpleList,
  useDelete,
  useGetIdentity,
  useRecordContext,
} from 'react-admin';
import { Box, Button, Chip } from '@mui/material';
import Delete from '@mui/icons-material/Delete';
import { DateText } from '../common/DateText';
import { refusalKey } from '../common/refusalKey';
import { ListActions } from '../common/ListActions';
import { useIsSmall } from '../common/useIsSmall';
import { msg, useNotifyT, useT } from '../i18n/keys';
import type { Rec } from '../types';

/** Delete another person's account (the admin-users function); one's own is refused in the union's words (docs/decisions.md, "Who uses it"). */
const DeleteStaffButton = (_props: { label?: string }) => {
  const record = useRecordContext<Rec<'staff'>>();
  const translate = useT();
  const notify = useNotifyT();
  const { identity } = useGetIdentity();
  const [open, setOpen] = useState(false);
  const [remove, { isPending }] = useDelete();
  if (!record) return null;
  const self = identity?.id === record.user_id;
  // The dialog is in a portal, but React bubbles its clicks through here: stop them before
  // they reach the row (which opens the record).
  return (
    <Box component="span" onClick={(e) => e.stopPropagation()}>
      <Button
        size="small"
        color="error"
        startIcon={<Delete />}
        disabled={isPending}
        onClick={() => {
          if (self) notify('users.cannotDeleteSelf', { type: 'warning' });
          else setOpen(true);
        }}
      >
        {translate('ra.action.delete')}
      </Button>
      <Confirm
        isOpen={open}
        title={translate('common.confirmDeleteTitle')}
        content={translate('common.confirmDelete')}
        confirm="ra.action.delete"
        confirmColor="warning"
        onClose={() => setOpen(false)}
        onConfirm={() => {
          setOpen(false);
          remove(
            'staff',
            { id: record.id, previousData: record },
            {
              mutationMode: 'pessimistic',
              onSuccess: () => notify('users.deleted', { type: 'success' }),
              onError: (error) =>
                notify(refusalKey(error, 'users.deleteError', { 'errors.own_account': 'users.cannotDeleteSelf' }), {
                  type: 'error',
                }),
            },
          );
        }}
      />
    </Box>
  );
};

export const StaffList = () => {
  const translate = useT();
  const { identity } = useGetIdentity();
  const isSmall = useIsSmall();
  const email = (r: Rec<'staff'>) => (
    <>
      <bdi>{r.email}</bdi>
      {identity?.id === r.user_id && <Chip size="small" label={translate('users.you')} sx={{ mx: 1 }} />}
    </>
  );
  return (
    <List
      sort={{ field: 'created_at', order: 'ASC' }}
      actions={<ListActions addLabel={msg('users.add')} exporter={false} />}
      pagination={false}
      perPage={500}
    >
      {isSmall ? (
        <SimpleList<Rec<'staff'>>
          rowClick="edit"
          primaryText={email}
          secondaryText={(r) => translate(`roles.${r.role}`)}
          rightIcon={() => <DeleteStaffButton />}
        />
      ) : (
        <Datagrid rowClick="edit" bulkActionButtons={false}>
          <FunctionField<Rec<'staff'>> source="email" render={email} />
          <FunctionField<Rec<'staff'>> source="role" render={(r) => translate(`roles.${r.role}`)} />
          <DateText source="created_at" />
          <EditButton />
          <DeleteStaffButton />
        </Datagrid>
      )}
    </List>
  );
};
