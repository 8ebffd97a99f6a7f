import { CreateButton, Datagrid, EditButton, ExportButton, List, SearchInput, SelectInput, TextField, TopToolbar, useNotify, useRecordContext, useTranslate, useUpdate } from 'react-admin';
import { Button, Chip } from '@mui/material';
import { DateText } from '../common/DateText';
import { ImportStudentsButton } from './ImportStudentsButton';

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <SelectInput
    key="enabled"
    source="enabled"
    choices={[
      { id: 'true', name: 'students.enabled' },
      { id: 'false', name: 'students.disabled' },
    ]}
    alwaysOn
  />,
];

const Actions = () => (
  <TopToolbar>
    <CreateButton label="students.add" />
    <ImportStudentsButton />
    <ExportButton />
  </TopToolbar>
);

const EnabledToggle = (_props: { label?: string }) => {
  const record = useRecordContext();
  const translate = useTranslate();
  const notify = useNotify();
  const [update, { isPending }] = useUpdate();
  if (!record) return null;
  return (
    <>
      <Chip size="small" color={record.enabled ? 'success' : 'default'} label={translate(record.enabled ? 'students.enabled' : 'students.disabled')} sx={{ mx: 1 }} />
      <Button
        size="small"
        disabled={isPending}
        onClick={(e) => {
          e.stopPropagation();
          update(
            'students',
            { id: record.id, data: { enabled: !record.enabled }, previousData: record },
            { mutationMode: 'pessimistic', onSuccess: () => notify('students.updated', { type: 'success' }) },
          );
        }}
      >
        {translate(record.enabled ? 'students.disable' : 'students.enable')}
      </Button>
    </>
  );
};

export const StudentList = () => (
  <List sort={{ field: 'name', order: 'ASC' }} filters={filters} actions={<Actions />}>
    <Datagrid rowClick="edit" bulkActionButtons={false}>
      <TextField source="name" />
      <TextField source="student_number" />
      <EnabledToggle label="resources.students.fields.enabled" />
      <DateText source="created_at" />
      <EditButton />
    </Datagrid>
  </List>
);
