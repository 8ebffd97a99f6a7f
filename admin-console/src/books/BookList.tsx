import { BooleanField, Datagrid, EditButton, FunctionField, List, SimpleList } from 'react-admin';
import { Avatar } from '@mui/material';
import MenuBook from '@mui/icons-material/MenuBook';
import { smallImageUrl } from '@union/shared/storage';
import { localize } from '@union/shared/localized';
import { LocalizedField } from '../common/LocalizedField';
import { ListActions } from '../common/ListActions';
import { useIsSmall } from '../common/useIsSmall';
import { useLanguage } from '../common/useLanguage';
import { config } from '../providers/supabase';
import { msg, useT } from '../i18n/keys';
import type { Rec } from '../types';
import { joinParts } from '../common/joinParts';

const Cover = ({ path }: { path?: string | null }) => (
  <Avatar variant="rounded" src={smallImageUrl(config, path) ?? undefined} alt="">
    <MenuBook />
  </Avatar>
);

export const BookList = () => {
  const isSmall = useIsSmall();
  const lang = useLanguage();
  const translate = useT();
  return (
    <List sort={{ field: 'created_at', order: 'DESC' }} actions={<ListActions />}>
      {isSmall ? (
        <SimpleList<Rec<'books'>>
          rowClick="edit"
          leftAvatar={(r) => <Cover path={r.cover_path} />}
          primaryText={(r) => localize(r.title, lang)}
          secondaryText={(r) =>
            joinParts(translate, [
              localize(r.author, lang),
              translate(r.available ? 'books.available' : 'books.unavailable'),
            ])
          }
        />
      ) : (
        <Datagrid rowClick="edit" bulkActionButtons={false}>
          <FunctionField<Rec<'books'>>
            label={msg('resources.books.fields.cover_path')}
            render={(r) => <Cover path={r.cover_path} />}
          />
          <LocalizedField source="title" />
          <LocalizedField source="author" />
          <BooleanField source="available" />
          <EditButton />
        </Datagrid>
      )}
    </List>
  );
};
