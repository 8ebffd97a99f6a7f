import { Datagrid, EditButton, FunctionField, List, NumberField, SimpleList, useTranslate } from 'react-admin';
import { localize } from '@union/shared/localized';
import { formatNumber } from '@union/shared/format';
import { LocalizedField } from '../common/LocalizedField';
import { ListActions } from '../common/ListActions';
import { useIsSmall } from '../common/useIsSmall';
import { useLanguage } from '../common/useLanguage';

export const StatisticList = () => {
  const translate = useTranslate();
  const isSmall = useIsSmall();
  const lang = useLanguage();
  return (
    <List sort={{ field: 'sort_order', order: 'ASC' }} actions={<ListActions />}>
      {isSmall ? (
        <SimpleList
          rowClick="edit"
          primaryText={(r) => localize(r.title, lang)}
          secondaryText={(r) => translate(`statistics.icons.${r.icon}`)}
          tertiaryText={(r) => formatNumber(r.value, lang)}
        />
      ) : (
        <Datagrid rowClick="edit" bulkActionButtons={false}>
          <LocalizedField source="title" />
          <NumberField source="value" />
          <FunctionField source="icon" render={(r) => translate(`statistics.icons.${r.icon}`)} />
          <NumberField source="sort_order" />
          <EditButton />
        </Datagrid>
      )}
    </List>
  );
};
