import { BooleanField, Datagrid, EditButton, FunctionField, List } from 'react-admin';
import { Avatar } from '@mui/material';
import MenuBook from '@mui/icons-material/MenuBook';
import { smallImageUrl } from '@union/shared/storage';
import { LocalizedField } from '../common/LocalizedField';
import { config } from '../providers/supabase';

export const BookList = () => (
  <List sort={{ field: 'created_at', order: 'DESC' }}>
    <Datagrid rowClick="edit" bulkActionButtons={false}>
      <FunctionField
        label="resources.books.fields.cover_path"
        render={(r) => (
          <Avatar variant="rounded" src={smallImageUrl(config, r.cover_path) ?? undefined} alt="">
            <MenuBook />
          </Avatar>
        )}
      />
      <LocalizedField source="title" />
      <LocalizedField source="author" />
      <BooleanField source="available" />
      <EditButton />
    </Datagrid>
  </List>
);
