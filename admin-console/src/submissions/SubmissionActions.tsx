import { useState } from 'react';
import { Confirm, useRecordContext, useRefresh, useUpdate } from 'react-admin';
import { Box, Button } from '@mui/material';
import Check from '@mui/icons-material/Check';
import Close from '@mui/icons-material/Close';
import AssignmentReturn from '@mui/icons-material/AssignmentReturn';
import { supabase } from '../providers/supabase';
import { errorMessageKey } from '../providers/errors';
import { refusalKey } from '../common/refusalKey';
import { staleConflict } from '../providers/versions';
import { useNotifyT, useT } from '../i18n/keys';
import type { Rec } from '../types';

type Pending = 'approved' | 'rejected' | 'returned' | null;

const CONFIRM_LABELS = {
  approved: 'submissions.approve',
  rejected: 'submissions.reject',
  returned: 'submissions.markReturned',
} as const;

/**
 * Approve / reject while pending (with a confirmation), and "mark returned" for an approved,
 * not yet returned book loan (RPC mark_loan_returned). The database refuses anything else.
 */
export const SubmissionActions = ({ compact = false }: { compact?: boolean }) => {
  const record = useRecordContext<Rec<'submissions'>>();
  const translate = useT();
  const notify = useNotifyT();
  const refresh = useRefresh();
  const [update, { isPending }] = useUpdate();
  const [confirm, setConfirm] = useState<Pending>(null);
  const [busy, setBusy] = useState(false);
  if (!record) return null;

  const canReview = record.status === 'pending';
  // A waitlisted registration gets a place by promotion; the database refuses approving it (event_full).
  const canApprove = canReview && typeof record.waitlist_position !== 'number';
  const canReturn = record.type === 'book_loan' && record.status === 'approved' && !record.returned_at;
  if (!canReview && !canReturn) return null;

  const run = async () => {
    const action = confirm;
    setConfirm(null);
    if (action === 'returned') {
      setBusy(true);
      const { error } = await supabase.rpc('mark_loan_returned', { submission_id: String(record.id) });
      setBusy(false);
      if (error) notify(errorMessageKey(error) ?? 'common.updateError', { type: 'error' });
      else {
        notify('submissions.returnedDone', { type: 'success' });
        refresh();
      }
      return;
    }
    if (action) {
      update(
        'submissions',
        { id: record.id, data: { status: action }, previousData: record },
        {
          mutationMode: 'pessimistic',
          onSuccess: () => notify('submissions.statusUpdated', { type: 'success' }),
          onError: (error) => {
            notify(refusalKey(error, 'common.updateError'), { type: 'error' });
            // Someone else changed it meanwhile (errors.stale_record says so): show it as it is now.
            if (staleConflict(error)) refresh();
          },
        },
      );
    }
  };

  const size = compact ? 'small' : 'medium';
  const stop = (e: React.MouseEvent) => e.stopPropagation();
  return (
    <Box sx={{ display: 'flex', gap: 1, flexWrap: compact ? 'nowrap' : 'wrap' }} onClick={stop}>
      {canReview && (
        <>
          {canApprove && (
            <Button
              size={size}
              variant="contained"
              color="success"
              startIcon={<Check />}
              disabled={isPending}
              onClick={() => setConfirm('approved')}
            >
              {translate('submissions.approve')}
            </Button>
          )}
          <Button
            size={size}
            variant="outlined"
            color="error"
            startIcon={<Close />}
            disabled={isPending}
            onClick={() => setConfirm('rejected')}
          >
            {translate('submissions.reject')}
          </Button>
        </>
      )}
      {canReturn && (
        <Button
          size={size}
          variant="outlined"
          startIcon={<AssignmentReturn />}
          disabled={busy}
          onClick={() => setConfirm('returned')}
        >
          {translate('submissions.markReturned')}
        </Button>
      )}
      <Confirm
        isOpen={confirm !== null}
        title={translate('ra.message.are_you_sure')}
        content={
          confirm === 'returned'
            ? translate('submissions.confirmReturned')
            : translate('submissions.confirmStatusChange', {
                status: confirm ? translate(`submissions.statuses.${confirm}`) : '',
              })
        }
        // The button says what it does («Reddet», not a generic «Onayla» beside the Approve button).
        confirm={CONFIRM_LABELS[confirm ?? 'approved']}
        confirmColor={confirm === 'rejected' ? 'warning' : 'primary'}
        onConfirm={run}
        onClose={() => setConfirm(null)}
      />
    </Box>
  );
};
