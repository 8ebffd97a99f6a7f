import { Datagrid, EditButton, FunctionField, List, NumberField, SimpleList, UrlField } from 'react-admin';
import { Avatar } from '@mui/material';
import CorporateFare from '@mui/icons-material/CorporateFare';
import { smallImageUrl } from '@union/shared/storage';
import { localize } from '@union/shared/localized';
import { DATE_LOCALES } from '@union/shared/constants';
import { LocalizedField } from '../common/LocalizedField';
import { ListActions } from '../common/ListActions';
import { useIsSmall } from '../common/useIsSmall';
import { useLanguage } from '../common/useLanguage';
import { config } from '../providers/supabase';
import { msg } from '../i18n/keys';
import type { Rec } from '../types';

// Whole and on white, as the about page shows it: a wide logo cropped to a square loses its
// name, and a transparent one drawn for light backgrounds vanishes on the dark theme's paper.
const Logo = ({ path }: { path?: string | null }) => (
  <Avatar
    variant="rounded"
    src={smallImageUrl(config, path) ?? undefined}
    alt=""
    sx={{ bgcolor: 'common.white', color: 'grey.600', '& img': { objectFit: 'contain' } }}
  >
    <CorporateFare />
  </Avatar>
);

export const PartnerList = () => {
  const isSmall = useIsSmall();
  const lang = useLanguage();
  return (
    <List sort={{ field: 'sort_order', order: 'ASC' }} actions={<ListActions />}>
      {isSmall ? (
        <SimpleList<Rec<'partners'>>
          rowClick="edit"
          leftAvatar={(r) => <Logo path={r.logo_path} />}
          primaryText={(r) => localize(r.name, lang)}
        />
      ) : (
        <Datagrid rowClick="edit" bulkActionButtons={false}>
          <FunctionField<Rec<'partners'>>
            label={msg('resources.partners.fields.logo_path')}
            render={(r) => <Logo path={r.logo_path} />}
          />
          <LocalizedField source="name" />
          <UrlField source="website_url" target="_blank" rel="noopener" dir="ltr" emptyText="—" />
          <NumberField source="sort_order" locales={DATE_LOCALES[lang]} />
          <EditButton />
        </Datagrid>
      )}
    </List>
  );
};
