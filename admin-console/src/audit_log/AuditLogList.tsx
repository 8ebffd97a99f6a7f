import { Datagrid, FunctionField, List, SelectInput, TextInput, useRecordContext, useTranslate } from 'react-admin';
import { Box, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { formatDate } from '@union/shared/format';
import { useLanguage } from '../common/useLanguage';
import { DateText } from '../common/DateText';
import { useIsSmall } from '../common/useIsSmall';
import { changedFields } from './diff';
import { recordName } from './recordName';

const TABLES = [
  'events',
  'board_members',
  'books',
  'achievements',
  'statistics',
  'submissions',
  'translations',
  'settings',
  'staff',
  'students',
  'privacy',
];

/** A table's name as the menu says it; `privacy` holds the erasures and retention runs. */
const tableLabel = (table: string) =>
  table === 'staff' ? 'menu.users' : table === 'privacy' ? 'audit.privacy' : `menu.${table}`;

const filters = [
  <SelectInput
    key="table_name"
    source="table_name"
    choices={TABLES.map((t) => ({ id: t, name: tableLabel(t) }))}
    alwaysOn
  />,
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
              <TableCell dir="auto" sx={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
                {show(r.before)}
              </TableCell>
              <TableCell dir="auto" sx={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
                {show(r.after)}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
};

/** The record's name where the entry's data has one (an event's title, a person's name), else its id. */
const RecordName = (_props: { label?: string; source?: string; sortable?: boolean }) => {
  const record = useRecordContext();
  const lang = useLanguage();
  if (!record) return null;
  const name = recordName(record, lang);
  return name ? (
    <bdi title={record.row_id ?? undefined}>{name}</bdi>
  ) : (
    <Typography variant="body2" component="span" sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>
      {record.row_id ?? '—'}
    </Typography>
  );
};

export const AuditLogList = () => {
  const translate = useTranslate();
  const isSmall = useIsSmall();
  const what = (r: { table_name: string; action: string }) =>
    `${translate(tableLabel(r.table_name), { _: r.table_name })} · ${translate(`audit.actions.${r.action}`)}`;
  return (
    <List sort={{ field: 'at', order: 'DESC' }} filters={filters} exporter={false}>
      <Datagrid expand={<Changes />} bulkActionButtons={false} rowClick="expand">
        <DateText source="at" withTime />
        {/* On a phone: when, then what happened to which record by whom, in one column. */}
        {isSmall ? (
          <FunctionField
            label="audit.changes"
            render={(r) => (
              <Box sx={{ display: 'flex', flexDirection: 'column' }}>
                <span>{what(r)}</span>
                <RecordName />
                <Typography variant="caption" component="bdi">
                  {r.actor_email ?? '—'}
                </Typography>
              </Box>
            )}
          />
        ) : (
          [
            <FunctionField key="actor" source="actor_email" render={(r) => <bdi>{r.actor_email ?? '—'}</bdi>} />,
            <FunctionField
              key="table"
              source="table_name"
              render={(r) => translate(tableLabel(r.table_name), { _: r.table_name })}
            />,
            <FunctionField key="action" source="action" render={(r) => translate(`audit.actions.${r.action}`)} />,
            <RecordName key="record" label="resources.audit_log.fields.row_id" sortable={false} />,
          ]
        )}
      </Datagrid>
    </List>
  );
};
