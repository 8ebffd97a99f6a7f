import { Box, CircularProgress, Typography, type SxProps, type Theme } from '@mui/material';
import { useT } from '../../i18n/keys';

/** Stands where an event's counts will be while its registrations load: no number before then. */
export const CountsLoading = ({ sx }: { sx?: SxProps<Theme> }) => {
  const translate = useT();
  return (
    <Box
      role="status"
      data-testid="attendee-counts-loading"
      sx={[{ display: 'flex', alignItems: 'center', gap: 1 }, ...(Array.isArray(sx) ? sx : [sx])]}
    >
      <CircularProgress size={16} aria-hidden />
      <Typography color="text.secondary">{translate('app.loading')}</Typography>
    </Box>
  );
};
