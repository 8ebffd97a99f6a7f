import { CreateButton, Datagrid, EditButton, ExportButton, List, SelectInput, TopToolbar } from 'react-admin';
import { LocalizedField } from '../common/LocalizedField';
import { DateText } from '../common/DateText';
import { EventStatusBadge } from './EventStatusBadge';

const filters = [
  <SelectInput
    key="is_past"
    source="is_past"
    label="resources.events.fields.status"
    alwaysOn
    choices={[
      { id: 'false', name: 'events.filters.upcoming' },
      { id: 'true', name: 'events.filters.past' },
    ]}
  />,
];

const Actions = () => (
  <TopToolbar>
    <CreateButton />
    <ExportButton />
  </TopToolbar>
);

export const EventList = () => (
  <List sort={{ field: 'starts_at', order: 'DESC' }} filters={filters} actions={<Actions />}>
    <Datagrid rowClick="edit" bulkActionButtons={false}>
      <LocalizedField source="title" />
      <DateText source="starts_at" withTime />
      <LocalizedField source="location" sortable={false} />
      <EventStatusBadge label="resources.events.fields.status" />
      <EditButton />
    </Datagrid>
  </List>
);
