import { useRecordContext } from 'react-admin';
import { Chip, Tooltip } from '@mui/material';
import { useT } from '../i18n/keys';
import type { Rec } from '../types';

const COLORS = { pending: 'warning', approved: 'success', rejected: 'error', cancelled: 'default' } as const;

/**
 * The status; a pending registration that arrived when its event was full reads "Waitlisted
 * (no. N)" (docs/data-model.md "Seats and the waitlist"), N its order on the waitlist.
 */
export const StatusChip = (_props: { label?: string; source?: string }) => {
  const record = useRecordContext<Rec<'submissions'>>();
  const translate = useT();
  if (!record) return null;
  const status = record.status as keyof typeof COLORS;
  if (status === 'pending' && typeof record.waitlist_position === 'number') {
    return (
      <Tooltip title={translate('submissions.waitlistedHelp')}>
        <Chip
          size="small"
          color="info"
          variant="outlined"
          label={translate('submissions.waitlisted', { position: record.waitlist_position })}
          data-status="waitlisted"
        />
      </Tooltip>
    );
  }
  return (
    <Chip
      size="small"
      color={COLORS[status] ?? 'default'}
      label={translate(`submissions.statuses.${status}`)}
      data-status={status}
    />
  );
};
