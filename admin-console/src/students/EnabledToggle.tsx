import { useState } from 'react';
import { Confirm, useRecordContext, useUpdate, useRefresh } from 'react-admin';
import { Box, Button, Chip } from '@mui/material';
import { refusalKey } from '../common/refusalKey';
import { staleConflict } from '../providers/versions';
import { useNotifyT, useT } from '../i18n/keys';
import type { Rec } from '../types';

/**
 * The student's state and a button to flip it, after a confirmation: a disabled student is
 * refused on every public form, so a stray tap on a row must not do it. Clicks stay inside
 * (the row itself opens the record).
 */
export const EnabledToggle = ({ showButton = true }: { label?: string; showButton?: boolean }) => {
  const record = useRecordContext<Rec<'students'>>();
  const translate = useT();
  const notify = useNotifyT();
  const [update, { isPending }] = useUpdate();
  const refresh = useRefresh();
  const [open, setOpen] = useState(false);
  if (!record) return null;
  const next = !record.enabled;
  return (
    <Box sx={{ display: 'inline-flex', alignItems: 'center', gap: 1 }}>
      <Chip
        size="small"
        color={record.enabled ? 'success' : 'default'}
        label={translate(record.enabled ? 'students.enabled' : 'students.disabled')}
      />
      {showButton && (
        // The dialog is in a portal, but React bubbles its clicks through here: stop them
        // before they reach the row.
        <Box component="span" onClick={(e) => e.stopPropagation()}>
          <Button size="small" disabled={isPending} onClick={() => setOpen(true)}>
            {translate(record.enabled ? 'students.disable' : 'students.enable')}
          </Button>
          <Confirm
            isOpen={open}
            title={translate(next ? 'students.confirmEnableTitle' : 'students.confirmDisableTitle', {
              name: record.name,
            })}
            content={translate(next ? 'students.confirmEnable' : 'students.confirmDisable', { name: record.name })}
            confirm={next ? 'students.enable' : 'students.disable'}
            onClose={() => setOpen(false)}
            onConfirm={() => {
              setOpen(false);
              update(
                'students',
                { id: record.id, data: { enabled: next }, previousData: record },
                {
                  mutationMode: 'pessimistic',
                  onSuccess: () => notify('students.updated', { type: 'success' }),
                  onError: (error) => {
                    notify(refusalKey(error, 'common.updateError'), { type: 'error' });
                    // Someone else changed it meanwhile (errors.stale_record says so): show it as it is now.
                    if (staleConflict(error)) refresh();
                  },
                },
              );
            }}
          />
        </Box>
      )}
    </Box>
  );
};
