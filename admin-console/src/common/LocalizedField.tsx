import { useRecordContext } from 'react-admin';
import { Typography } from '@mui/material';
import { localize } from '@union/shared/localized';
import { useLanguage } from './useLanguage';

/** A localized jsonb column shown in the console's language (falling back like the site). */
export const LocalizedField = ({ source }: { source: string; label?: string; sortable?: boolean }) => {
  const record = useRecordContext();
  const lang = useLanguage();
  if (!record) return null;
  return (
    <Typography variant="body2" component="span">
      {localize(record[source] as unknown, lang)}
    </Typography>
  );
};
