import { useState } from 'react';
import { Confirm, CreateButton, Datagrid, EditButton, FunctionField, List, TopToolbar, useDelete, useGetIdentity, useNotify, useRecordContext, useTranslate } from 'react-admin';
import { Button, Chip } from '@mui/material';
import Delete from '@mui/icons-material/Delete';
import { DateText } from '../common/DateText';
import { refusalKey } from '../common/refusalKey';

const Actions = () => (
  <TopToolbar>
    <CreateButton label="users.add" />
  </TopToolbar>
);

/** Delete another person's account (the admin-users function); one's own is refused with the spec's words. */
const DeleteStaffButton = (_props: { label?: string }) => {
  const record = useRecordContext();
  const translate = useTranslate();
  const notify = useNotify();
  const { identity } = useGetIdentity();
  const [open, setOpen] = useState(false);
  const [remove, { isPending }] = useDelete();
  if (!record) return null;
  const self = identity?.id === record.user_id;
  return (
    <>
      <Button
        size="small"
        color="error"
        startIcon={<Delete />}
        disabled={isPending}
        onClick={(e) => {
          e.stopPropagation();
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
        onClose={() => setOpen(false)}
        onConfirm={() => {
          setOpen(false);
          remove(
            'staff',
            { id: record.id, previousData: record },
            {
              mutationMode: 'pessimistic',
              onSuccess: () => notify('users.deleted', { type: 'success' }),
              onError: (error) => notify(refusalKey(error, 'users.deleteError', { 'errors.own_account': 'users.cannotDeleteSelf' }), { type: 'error' }),
            },
          );
        }}
      />
    </>
  );
};

export const StaffList = () => {
  const translate = useTranslate();
  const { identity } = useGetIdentity();
  return (
    <List sort={{ field: 'created_at', order: 'ASC' }} actions={<Actions />} pagination={false} perPage={500}>
      <Datagrid rowClick="edit" bulkActionButtons={false}>
        <FunctionField
          source="email"
          render={(r) => (
            <>
              <bdi>{r.email}</bdi>
              {identity?.id === r.user_id && <Chip size="small" label={translate('users.you')} sx={{ mx: 1 }} />}
            </>
          )}
        />
        <FunctionField source="role" render={(r) => translate(`roles.${r.role}`)} />
        <DateText source="created_at" />
        <EditButton />
        <DeleteStaffButton />
      </Datagrid>
    </List>
  );
};
