import {
  Datagrid,
  EditButton,
  FunctionField,
  List,
  NumberField,
  SimpleList,
  useTranslate,
  type RaRecord,
} from 'react-admin';
import { Avatar } from '@mui/material';
import { smallImageUrl } from '@union/shared/storage';
import { localize } from '@union/shared/localized';
import { LocalizedField } from '../common/LocalizedField';
import { ListActions } from '../common/ListActions';
import { DEFAULT_AVATARS } from '../common/avatars';
import { useIsSmall } from '../common/useIsSmall';
import { useLanguage } from '../common/useLanguage';
import { config } from '../providers/supabase';

const photo = (r: RaRecord) =>
  smallImageUrl(config, r.photo_path) ?? DEFAULT_AVATARS[r.gender === 'female' ? 'female' : 'male'];

export const BoardMemberList = () => {
  const translate = useTranslate();
  const isSmall = useIsSmall();
  const lang = useLanguage();
  const role = (r: RaRecord) => translate(`board.roles.${r.role}`, { context: r.gender });
  return (
    <List sort={{ field: 'sort_order', order: 'ASC' }} actions={<ListActions />}>
      {isSmall ? (
        <SimpleList
          rowClick="edit"
          leftAvatar={(r) => <Avatar src={photo(r)} alt="" />}
          primaryText={(r) => localize(r.name, lang)}
          secondaryText={role}
        />
      ) : (
        <Datagrid rowClick="edit" bulkActionButtons={false}>
          <FunctionField
            label="resources.board_members.fields.photo_path"
            render={(r) => <Avatar src={photo(r)} alt="" />}
          />
          <LocalizedField source="name" />
          <FunctionField source="role" render={role} />
          <NumberField source="sort_order" />
          <EditButton />
        </Datagrid>
      )}
    </List>
  );
};
