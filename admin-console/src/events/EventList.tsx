import { Datagrid, EditButton, List, SelectInput, SimpleList } from 'react-admin';
import { localize } from '@union/shared/localized';
import { formatDateTime } from '@union/shared/format';
import { LocalizedField } from '../common/LocalizedField';
import { DateText } from '../common/DateText';
import { ListActions } from '../common/ListActions';
import { useIsSmall } from '../common/useIsSmall';
import { useLanguage } from '../common/useLanguage';
import { EventStatusBadge } from './EventStatusBadge';
import { msg } from '../i18n/keys';
import type { Rec } from '../types';
import { AttendeesButton } from './attendees/AttendeesButton';
import { useT } from '../i18n/keys';
import { joinParts } from '../common/joinParts';

const filters = [
  <SelectInput
    key="is_past"
    source="is_past"
    label={msg('resources.events.fields.status')}
    alwaysOn
    choices={[
      { id: 'false', name: 'events.filters.upcoming' },
      { id: 'true', name: 'events.filters.past' },
    ]}
  />,
];

export const EventList = () => {
  const isSmall = useIsSmall();
  const lang = useLanguage();
  const translate = useT();
  return (
    <List sort={{ field: 'starts_at', order: 'DESC' }} filters={filters} actions={<ListActions />}>
      {isSmall ? (
        <SimpleList<Rec<'events'>>
          rowClick="edit"
          primaryText={(r) => localize(r.title, lang)}
          secondaryText={(r) => joinParts(translate, [formatDateTime(r.starts_at, lang), localize(r.location, lang)])}
          rightIcon={() => <EventStatusBadge />}
        />
      ) : (
        <Datagrid rowClick="edit" bulkActionButtons={false}>
          <LocalizedField source="title" />
          <DateText source="starts_at" withTime />
          <LocalizedField source="location" sortable={false} />
          <EventStatusBadge label={msg('resources.events.fields.status')} />
          <AttendeesButton />
          <EditButton />
        </Datagrid>
      )}
    </List>
  );
};
