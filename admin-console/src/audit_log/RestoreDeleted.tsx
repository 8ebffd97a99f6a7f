import { useState, type MouseEvent } from 'react';
import { Confirm, useGetList, useListContext, useRecordContext, useRefresh } from 'react-admin';
import { Box, Button, Tooltip, Typography } from '@mui/material';
import RestoreFromTrash from '@mui/icons-material/RestoreFromTrash';
import { RESTORE_DAYS } from '@union/shared/constants';
import { formatDate, formatNumber } from '@union/shared/format';
import { supabase } from '../providers/supabase';
import { errorMessageKey } from '../providers/errors';
import { useLanguage } from '../common/useLanguage';
import { useNotifyT, useT } from '../i18n/keys';
import type { Rec } from '../types';
import { isRestorable, recentlyDeletedFilter, restorableUntil } from './restorable';

/**
 * "Restore" on the audit entry of a deleted content record within the restore period: puts the
 * record back with its images (public.restore_deleted, which decides and refuses with a key).
 */
export const RestoreDeletedButton = (_props: { label?: string }) => {
  const record = useRecordContext<Rec<'audit_log'>>();
  const translate = useT();
  const notify = useNotifyT();
  const refresh = useRefresh();
  const language = useLanguage();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const restorable = !!record && isRestorable(record);
  // A deletion already undone: the restore entry of the same record after it (the database would
  // refuse a second restore with record_exists; this says so before anyone tries).
  const { data: restores } = useGetList<Rec<'audit_log'>>(
    'audit_log',
    {
      filter: { action: 'RESTORE', table_name: record?.table_name, row_id: record?.row_id, 'at@gt': record?.at },
      pagination: { page: 1, perPage: 1 },
      sort: { field: 'at', order: 'ASC' },
    },
    { enabled: restorable },
  );
  if (!record || !restorable) return null;
  const restoredAt = restores?.[0]?.at;
  if (restoredAt)
    return (
      <Typography variant="body2" color="text.secondary" data-testid="already-restored">
        {translate('audit.alreadyRestored', { date: formatDate(restoredAt, language) })}
      </Typography>
    );

  const open = (event: MouseEvent) => {
    // The row expands on a click; the button is not part of that.
    event.stopPropagation();
    setConfirming(true);
  };
  const restore = async () => {
    setConfirming(false);
    setBusy(true);
    const { error } = await supabase.rpc('restore_deleted', { entry_id: record.id });
    setBusy(false);
    if (error) notify(errorMessageKey(error) ?? 'errors.generic', { type: 'error' });
    else notify('audit.restored', { type: 'success' });
    refresh();
  };

  return (
    <Box onClick={(event) => event.stopPropagation()}>
      <Tooltip
        title={translate('audit.restorableUntil', {
          date: formatDate(restorableUntil(record).toISOString(), language),
        })}
      >
        <span>
          <Button
            size="small"
            startIcon={<RestoreFromTrash />}
            onClick={open}
            disabled={busy}
            data-testid="restore-deleted"
          >
            {translate('audit.restore')}
          </Button>
        </span>
      </Tooltip>
      <Confirm
        isOpen={confirming}
        title={translate('audit.restoreTitle')}
        content={translate('audit.restoreConfirm', { days: formatNumber(RESTORE_DAYS, language) })}
        confirm="audit.restore"
        onConfirm={restore}
        onClose={() => setConfirming(false)}
      />
    </Box>
  );
};

/** Shows only the deletions that can still be restored, or everything again. */
export const RecentlyDeletedToggle = () => {
  const translate = useT();
  const { filterValues, setFilters } = useListContext();
  const on = filterValues?.action === 'DELETE' && 'at@gte' in (filterValues ?? {});
  const toggle = () => {
    if (on) {
      const { action: _action, 'at@gte': _at, 'table_name@in': _tables, ...rest } = filterValues;
      setFilters(rest, {});
    } else setFilters({ ...filterValues, ...recentlyDeletedFilter() }, {});
  };
  return (
    <Button
      size="small"
      variant={on ? 'contained' : 'outlined'}
      startIcon={<RestoreFromTrash />}
      onClick={toggle}
      aria-pressed={on}
      data-testid="recently-deleted"
    >
      {translate('audit.recentlyDeleted')}
    </Button>
  );
};
