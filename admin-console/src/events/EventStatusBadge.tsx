import { useRecordContext } from 'react-admin';
import { Chip } from '@mui/material';
import { eventStatus } from './eventStatus';
import { useT } from '../i18n/keys';
import type { Rec } from '../types';

const COLORS = { past: 'default', open: 'success', closed: 'warning' } as const;

export const EventStatusBadge = (_props: { label?: string }) => {
  const record = useRecordContext<Rec<'events'>>();
  const translate = useT();
  if (!record) return null;
  const status = eventStatus(record as Parameters<typeof eventStatus>[0]);
  return <Chip size="small" color={COLORS[status]} label={translate(`events.status.${status}`)} data-status={status} />;
};
