import { Datagrid, EditButton, FunctionField, List, NumberField, SimpleList } from 'react-admin';
import { localize } from '@union/shared/localized';
import { formatNumber } from '@union/shared/format';
import { LocalizedField } from '../common/LocalizedField';
import { ListActions } from '../common/ListActions';
import { useIsSmall } from '../common/useIsSmall';
import { DATE_LOCALES } from '@union/shared/constants';
import { useLanguage } from '../common/useLanguage';
import { useT } from '../i18n/keys';
import type { Rec } from '../types';

export const StatisticList = () => {
  const translate = useT();
  const isSmall = useIsSmall();
  const lang = useLanguage();
  return (
    <List sort={{ field: 'sort_order', order: 'ASC' }} actions={<ListActions />}>
      {isSmall ? (
        <SimpleList<Rec<'statistics'>>
          rowClick="edit"
          primaryText={(r) => localize(r.title, lang)}
          secondaryText={(r) => translate(`statistics.icons.${r.icon}`)}
          tertiaryText={(r) => formatNumber(r.value, lang)}
        />
      ) : (
        <Datagrid rowClick="edit" bulkActionButtons={false}>
          <LocalizedField source="title" />
          <NumberField source="value" locales={DATE_LOCALES[lang]} />
          <FunctionField<Rec<'statistics'>> source="icon" render={(r) => translate(`statistics.icons.${r.icon}`)} />
          <NumberField source="sort_order" locales={DATE_LOCALES[lang]} />
          <EditButton />
        </Datagrid>
      )}
    </List>
  );
};
