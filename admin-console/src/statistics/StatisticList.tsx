import { Datagrid, EditButton, FunctionField, List, NumberField, useTranslate } from 'react-admin';
import { LocalizedField } from '../common/LocalizedField';

export const StatisticList = () => {
  const translate = useTranslate();
  return (
    <List sort={{ field: 'sort_order', order: 'ASC' }}>
      <Datagrid rowClick="edit" bulkActionButtons={false}>
        <LocalizedField source="title" />
        <NumberField source="value" />
        <FunctionField source="icon" render={(r) => translate(`statistics.icons.${r.icon}`)} />
        <NumberField source="sort_order" />
        <EditButton />
      </Datagrid>
    </List>
  );
};
