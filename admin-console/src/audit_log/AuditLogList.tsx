import { Datagrid, FunctionField, List, SelectInput, TextInput, TopToolbar, useRecordContext } from 'react-admin';
import { Box, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { formatDate } from '@union/shared/format';
import { useLanguage } from '../common/useLanguage';
import { DateText } from '../common/DateText';
import { useIsSmall } from '../common/useIsSmall';
import { changedFields } from './diff';
import { recordName } from './recordName';
import { AUDITED_TABLES, auditTableLabel } from '../registry';
import { msg, useT, type MessageKey, type Translate } from '../i18n/keys';
import type { Rec } from '../types';
import { joinParts } from '../common/joinParts';
import { RecentlyDeletedToggle, RestoreDeletedButton } from './RestoreDeleted';

// Built with translate: the choices are the resources' names in the plural, which react-admin's
// own choice translation (no count) would not pick.
const filters = (translate: Translate) => [
  <SelectInput
    key="table_name"
    source="table_name"
    choices={AUDITED_TABLES.map((t) => ({ id: t, name: translate(auditTableLabel(t), { smart_count: 2 }) }))}
    translateChoice={false}
    alwaysOn
  />,
  <TextInput
    key="actor_email"
    source="actor_email@ilike"
    label={msg('resources.audit_log.fields.actor_email')}
    alwaysOn
  />,
];

// `action` is text in the schema, limited by a check constraint to the keys of audit.actions.
const actionKey = (action: string) => `audit.actions.${action}` as MessageKey;

const show = (v: unknown) => (v === undefined ? '' : typeof v === 'string' ? v : JSON.stringify(v));

/** Before and after, field by field, only what changed. */
const Changes = () => {
  const record = useRecordContext<Rec<'audit_log'>>();
  const translate = useT();
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
  const record = useRecordContext<Rec<'audit_log'>>();
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
  const translate = useT();
  const isSmall = useIsSmall();
  const what = (r: { table_name: string; action: string }) =>
    joinParts(translate, [
      translate(auditTableLabel(r.table_name), { smart_count: 2 }),
      translate(actionKey(r.action), { _: r.action }),
    ]);
  return (
    <List
      sort={{ field: 'at', order: 'DESC' }}
      filters={filters(translate)}
      exporter={false}
      actions={
        <TopToolbar>
          <RecentlyDeletedToggle />
        </TopToolbar>
      }
    >
      <Datagrid expand={<Changes />} bulkActionButtons={false} rowClick="expand">
        <DateText source="at" withTime />
        {/* On a phone: when, then what happened to which record by whom, in one column. */}
        {isSmall ? (
          <FunctionField<Rec<'audit_log'>>
            label={msg('audit.changes')}
            render={(r) => (
              <Box sx={{ display: 'flex', flexDirection: 'column' }}>
                <span>{what(r)}</span>
                <RecordName />
                <Typography variant="caption" component="bdi">
                  {r.actor_email ?? '—'}
                </Typography>
                <RestoreDeletedButton />
              </Box>
            )}
          />
        ) : (
          [
            <FunctionField<Rec<'audit_log'>>
              key="actor"
              source="actor_email"
              render={(r) => <bdi>{r.actor_email ?? '—'}</bdi>}
            />,
            <FunctionField<Rec<'audit_log'>>
              key="table"
              source="table_name"
              render={(r) => translate(auditTableLabel(r.table_name), { smart_count: 2 })}
            />,
            <FunctionField<Rec<'audit_log'>>
              key="action"
              source="action"
              render={(r) => translate(actionKey(r.action), { _: r.action })}
            />,
            <RecordName key="record" label={msg('resources.audit_log.fields.row_id')} sortable={false} />,
            <RestoreDeletedButton key="restore" label="" />,
          ]
        )}
      </Datagrid>
    </List>
  );
};
