import { Datagrid, FunctionField, List, SelectInput, TextField, TextInput, useRecordContext, useTranslate } from 'react-admin';
import { Box, Table, TableBody, TableCell, TableHead, TableRow } from '@mui/material';
import { DateText } from '../common/DateText';
import { changedFields } from './diff';

const TABLES = ['events', 'board_members', 'books', 'achievements', 'statistics', 'submissions', 'translations', 'settings', 'staff', 'students'];

const filters = [
  <SelectInput key="table_name" source="table_name" choices={TABLES.map((t) => ({ id: t, name: `menu.${t === 'staff' ? 'users' : t}` }))} alwaysOn />,
  <TextInput key="actor_email" source="actor_email@ilike" label="resources.audit_log.fields.actor_email" alwaysOn />,
];

const show = (v: unknown) => (v === undefined ? '' : typeof v === 'string' ? v : JSON.stringify(v));

/** Before and after, field by field, only what changed. */
const Changes = () => {
  const record = useRecordContext();
  const translate = useTranslate();
  if (!record) return null;
  const rows = changedFields(record.before, record.after);
  return (
    <Box sx={{ overflowX: 'auto' }} data-testid="audit-changes">
      <Table size="small">
        <TableHead>
          <TableRow>
            <TableCell>{translate('audit.field')}</TableCell>
            <TableCell>{translate('audit.before')}</TableCell>
            <TableCell>{translate('audit.after')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((r) => (
            <TableRow key={r.field}>
              <TableCell>{r.field}</TableCell>
              <TableCell dir="auto" sx={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>{show(r.before)}</TableCell>
              <TableCell dir="auto" sx={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>{show(r.after)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
};

export const AuditLogList = () => {
  const translate = useTranslate();
  return (
    <List sort={{ field: 'at', order: 'DESC' }} filters={filters} exporter={false}>
      <Datagrid expand={<Changes />} bulkActionButtons={false} rowClick="expand">
        <DateText source="at" withTime />
        <FunctionField source="actor_email" render={(r) => <bdi>{r.actor_email ?? '—'}</bdi>} />
        <FunctionField source="table_name" render={(r) => translate(`menu.${r.table_name === 'staff' ? 'users' : r.table_name}`, { _: r.table_name })} />
        <FunctionField source="action" render={(r) => translate(`audit.actions.${r.action}`)} />
        <TextField source="row_id" />
      </Datagrid>
    </List>
  );
};
