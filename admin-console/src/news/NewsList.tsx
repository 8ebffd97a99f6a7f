import {
  BooleanField,
  Datagrid,
  EditButton,
  FunctionField,
  List,
  NullableBooleanInput,
  ReferenceField,
  ReferenceInput,
  SelectInput,
  SimpleList,
  TextField,
} from 'react-admin';
import { localize } from '@union/shared/localized';
import { formatDateTime } from '@union/shared/format';
import { LocalizedField } from '../common/LocalizedField';
import { DateText } from '../common/DateText';
import { ListActions } from '../common/ListActions';
import { useIsSmall } from '../common/useIsSmall';
import { useLanguage } from '../common/useLanguage';
import { msg } from '../i18n/keys';
import type { Rec } from '../types';
import { NewsStateChip } from './NewsStateChip';
import { PreviewButton } from './NewsEdit';

const filters = [
  <SelectInput
    key="status"
    source="status"
    alwaysOn
    choices={[
      { id: 'draft', name: 'news.state.draft' },
      { id: 'published', name: 'news.state.published' },
    ]}
  />,
  <NullableBooleanInput key="pinned" source="pinned" />,
  <ReferenceInput key="author_id" source="author_id" reference="staff">
    <SelectInput optionText="email" />
  </ReferenceInput>,
];

export const NewsList = () => {
  const isSmall = useIsSmall();
  const lang = useLanguage();
  return (
    <List
      sort={{ field: 'updated_at', order: 'DESC' }}
      filters={filters}
      actions={<ListActions />}
      filterDefaultValues={{}}
    >
      {isSmall ? (
        <SimpleList<Rec<'news'>>
          rowClick="edit"
          primaryText={(r) => localize(r.title, lang)}
          secondaryText={(r) => (r.publish_at ? formatDateTime(r.publish_at, lang) : '')}
          tertiaryText={(r) => <NewsStateChip record={r} />}
        />
      ) : (
        <Datagrid rowClick="edit" bulkActionButtons={false}>
          <LocalizedField source="title" />
          <FunctionField<Rec<'news'>>
            label={msg('resources.news.fields.status')}
            sortBy="status"
            render={(r) => <NewsStateChip record={r} />}
          />
          <DateText source="publish_at" withTime />
          <ReferenceField source="author_id" reference="staff" link={false} sortable={false}>
            <TextField source="email" />
          </ReferenceField>
          <BooleanField source="pinned" />
          <DateText source="updated_at" withTime />
          <PreviewButton />
          <EditButton />
        </Datagrid>
      )}
    </List>
  );
};
