import { Datagrid, EditButton, List, SearchInput, SelectInput, SimpleList, TextField } from 'react-admin';
import { DateText } from '../common/DateText';
import { ListActions } from '../common/ListActions';
import { useIsSmall } from '../common/useIsSmall';
import { EnabledToggle } from './EnabledToggle';
import { ImportStudentsButton } from './ImportStudentsButton';
import { msg } from '../i18n/keys';
import type { Rec } from '../types';

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <SelectInput
    key="enabled"
    source="enabled"
    label={msg('students.status')}
    choices={[
      { id: 'true', name: 'students.enabled' },
      { id: 'false', name: 'students.disabled' },
    ]}
    alwaysOn
  />,
];

// A row opens the student's record; enabling or disabling is the row's own button, confirmed.
export const StudentList = () => {
  const isSmall = useIsSmall();
  return (
    <List
      sort={{ field: 'name', order: 'ASC' }}
      filters={filters}
      actions={
        <ListActions addLabel={msg('students.add')}>
          <ImportStudentsButton />
        </ListActions>
      }
    >
      {isSmall ? (
        <SimpleList<Rec<'students'>>
          rowClick="edit"
          primaryText={(r) => <bdi>{r.name}</bdi>}
          secondaryText={(r) => <bdi>{r.student_number}</bdi>}
          rightIcon={() => <EnabledToggle showButton={false} />}
        />
      ) : (
        <Datagrid rowClick="edit" bulkActionButtons={false}>
          <TextField source="name" />
          <TextField source="student_number" />
          <EnabledToggle label={msg('resources.students.fields.enabled')} />
          <DateText source="created_at" />
          <EditButton />
        </Datagrid>
      )}
    </List>
  );
};
