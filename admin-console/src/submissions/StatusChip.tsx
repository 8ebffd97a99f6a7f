import { useRecordContext, useTranslate } from 'react-admin';
import { Chip } from '@mui/material';

const COLORS = { pending: 'warning', approved: 'success', rejected: 'error' } as const;

export const StatusChip = (_props: { label?: string; source?: string }) => {
  const record = useRecordContext();
  const translate = useTranslate();
  if (!record) return null;
  const status = record.status as keyof typeof COLORS;
  return <Chip size="small" color={COLORS[status] ?? 'default'} label={translate(`submissions.statuses.${status}`)} data-status={status} />;
};
