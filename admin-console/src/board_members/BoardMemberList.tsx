import { Datagrid, EditButton, FunctionField, List, NumberField, SimpleList } from 'react-admin';
import { Avatar } from '@mui/material';
import { smallImageUrl } from '@union/shared/storage';
import { localize } from '@union/shared/localized';
import { LocalizedField } from '../common/LocalizedField';
import { ListActions } from '../common/ListActions';
import { DEFAULT_AVATARS } from '../common/avatars';
import { useIsSmall } from '../common/useIsSmall';
import { DATE_LOCALES } from '@union/shared/constants';
import { useLanguage } from '../common/useLanguage';
import { config } from '../providers/supabase';
import { msg, useT } from '../i18n/keys';
import type { Rec } from '../types';

const photo = (r: Rec<'board_members'>) =>
  smallImageUrl(config, r.photo_path) ?? DEFAULT_AVATARS[r.gender === 'female' ? 'female' : 'male'];

export const BoardMemberList = () => {
  const translate = useT();
  const isSmall = useIsSmall();
  const lang = useLanguage();
  const role = (r: Rec<'board_members'>) => translate(`board.roles.${r.role}`, { context: r.gender });
  return (
    <List sort={{ field: 'sort_order', order: 'ASC' }} actions={<ListActions />}>
      {isSmall ? (
        <SimpleList<Rec<'board_members'>>
          rowClick="edit"
          leftAvatar={(r) => <Avatar src={photo(r)} alt="" />}
          primaryText={(r) => localize(r.name, lang)}
          secondaryText={role}
        />
      ) : (
        <Datagrid rowClick="edit" bulkActionButtons={false}>
          <FunctionField<Rec<'board_members'>>
            label={msg('resources.board_members.fields.photo_path')}
            render={(r) => <Avatar src={photo(r)} alt="" />}
          />
          <LocalizedField source="name" />
          <FunctionField<Rec<'board_members'>> source="role" render={role} />
          <NumberField source="sort_order" locales={DATE_LOCALES[lang]} />
          <EditButton />
        </Datagrid>
      )}
    </List>
  );
};
