import { Datagrid, EditButton, FunctionField, List, NumberField, useTranslate } from 'react-admin';
import { Avatar } from '@mui/material';
import { smallImageUrl } from '@union/shared/storage';
import { LocalizedField } from '../common/LocalizedField';
import { DEFAULT_AVATARS } from '../common/avatars';
import { config } from '../providers/supabase';

export const BoardMemberList = () => {
  const translate = useTranslate();
  return (
    <List sort={{ field: 'sort_order', order: 'ASC' }}>
      <Datagrid rowClick="edit" bulkActionButtons={false}>
        <FunctionField
          label="resources.board_members.fields.photo_path"
          render={(r) => <Avatar src={smallImageUrl(config, r.photo_path) ?? DEFAULT_AVATARS[r.gender === 'female' ? 'female' : 'male']} alt="" />}
        />
        <LocalizedField source="name" />
        <FunctionField source="role" render={(r) => translate(`board.roles.${r.role}`, { context: r.gender })} />
        <NumberField source="sort_order" />
        <EditButton />
      </Datagrid>
    </List>
  );
};
