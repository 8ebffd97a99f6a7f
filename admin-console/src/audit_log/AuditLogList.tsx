import { Datagrid, FunctionField, List, SelectInput, TextField, TextInput, useRecordContext, useTranslate } from 'react-admin';
import { Box, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { formatDate } from '@union/shared/format';
import { useLanguage } from '../common/useLanguage';
import { DateText } from '../common/DateText';
import { changedFields } from './diff';

const TABLES = ['events', 'board_members', 'books', 'achievements', 'statistics', 'submissions', 'translations', 'settings', 'staff', 'students', 'privacy'];

/** A table's name as the menu says it; `privacy` holds the erasures and retention runs. */
const tableLabel = (table: string) => (table === 'staff' ? 'menu.users' : table === 'privacy' ? 'audit.privacy' : `menu.${table}`);

const filters = [
  <SelectInput key="table_name" source="table_name" choices={TABLES.map((t) => ({ id: t, name: tableLabel(t) }))} alwaysOn />,
  <TextInput key="actor_email" source="actor_email@ilike" label="resources.audit_log.fields.actor_email" alwaysOn />,
];

const show = (v: unknown) => (v === undefined ? '' : typeof v === 'string' ? v : JSON.stringify(v));

/** Before and after, field by field, only what changed. */
const Changes = () => {
  const record = useRecordContext();
  const translate = useTranslate();
  const lang = useLanguage();
  if (!record) return null;
  // Erasures and retention runs record counts only (docs/privacy.md).
  if (record.action === 'ERASE' || record.action === 'RETENTION')
    return (
      <Typography variant="body2" data-testid="audit-changes">
        {translate(record.action === 'ERASE' ? 'audit.erasedCounts' : 'audit.retentionCounts', record.after ?? {})}
      </Typography>
    );
  if (record.anonymised_at && record.before == null && record.after == null)
    return (
      <Typography variant="body2" data-testid="audit-changes">
        {translate('audit.anonymised', { date: formatDate(record.anonymised_at, lang) })}
      </Typography>
    );
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
        <FunctionField source="table_name" render={(r) => translate(tableLabel(r.table_name), { _: r.table_name })} />
        <FunctionField source="action" render={(r) => translate(`audit.actions.${r.action}`)} />
        <TextField source="row_id" />
      </Datagrid>
    </List>
  );
};
