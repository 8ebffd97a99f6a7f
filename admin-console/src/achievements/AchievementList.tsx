import { Datagrid, EditButton, FunctionField, List } from 'react-admin';
import { Avatar } from '@mui/material';
import EmojiEvents from '@mui/icons-material/EmojiEvents';
import { smallImageUrl } from '@union/shared/storage';
import { LocalizedField } from '../common/LocalizedField';
import { DateText } from '../common/DateText';
import { config } from '../providers/supabase';

export const AchievementList = () => (
  <List sort={{ field: 'achieved_on', order: 'DESC' }}>
    <Datagrid rowClick="edit" bulkActionButtons={false}>
      <FunctionField
        label="resources.achievements.fields.photo_path"
        render={(r) => (
          <Avatar variant="rounded" src={smallImageUrl(config, r.photo_path) ?? undefined} alt="">
            <EmojiEvents />
          </Avatar>
        )}
      />
      <LocalizedField source="title" />
      <DateText source="achieved_on" />
      <EditButton />
    </Datagrid>
  </List>
);
