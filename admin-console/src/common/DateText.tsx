import { useRecordContext } from 'react-admin';
import { Typography } from '@mui/material';
import { formatDate, formatDateTime } from '@union/shared/format';
import { useLanguage } from './useLanguage';

/** A date (or date and time) from a record, in the console's language through Intl. */
export const DateText = ({
  source,
  withTime = false,
}: {
  source: string;
  withTime?: boolean;
  label?: string;
  sortable?: boolean;
}) => {
  const record = useRecordContext();
  const lang = useLanguage();
  const value: unknown = record?.[source];
  if (typeof value !== 'string' || !value) return null;
  return (
    <Typography variant="body2" component="span">
      {withTime ? formatDateTime(value, lang) : formatDate(value, lang)}
    </Typography>
  );
};
