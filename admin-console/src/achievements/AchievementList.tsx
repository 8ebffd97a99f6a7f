import { Datagrid, EditButton, FunctionField, List, SimpleList } from 'react-admin';
import { Avatar } from '@mui/material';
import EmojiEvents from '@mui/icons-material/EmojiEvents';
import { smallImageUrl } from '@union/shared/storage';
import { localize } from '@union/shared/localized';
import { LocalizedField } from '../common/LocalizedField';
import { DateText } from '../common/DateText';
import { ListActions } from '../common/ListActions';
import { useIsSmall } from '../common/useIsSmall';
import { useLanguage } from '../common/useLanguage';
import { config } from '../providers/supabase';
import { msg } from '../i18n/keys';
import type { Rec } from '../types';

const Photo = ({ path }: { path?: string | null }) => (
  <Avatar variant="rounded" src={smallImageUrl(config, path) ?? undefined} alt="">
    <EmojiEvents />
  </Avatar>
);

export const AchievementList = () => {
  const isSmall = useIsSmall();
  const lang = useLanguage();
  return (
    <List sort={{ field: 'achieved_on', order: 'DESC' }} actions={<ListActions />}>
      {isSmall ? (
        <SimpleList<Rec<'achievements'>>
          rowClick="edit"
          leftAvatar={(r) => <Photo path={r.photo_path} />}
          primaryText={(r) => localize(r.title, lang)}
          secondaryText={() => <DateText source="achieved_on" />}
        />
      ) : (
        <Datagrid rowClick="edit" bulkActionButtons={false}>
          <FunctionField<Rec<'achievements'>>
            label={msg('resources.achievements.fields.photo_path')}
            render={(r) => <Photo path={r.photo_path} />}
          />
          <LocalizedField source="title" />
          <DateText source="achieved_on" />
          <EditButton />
        </Datagrid>
      )}
    </List>
  );
};
