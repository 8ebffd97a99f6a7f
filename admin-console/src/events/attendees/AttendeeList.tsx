import { useMemo } from 'react';
import { Title } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import {
  Alert,
  Box,
  Button,
  Chip,
  GlobalStyles,
  List,
  ListItem,
  ListItemText,
  Paper,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import Print from '@mui/icons-material/Print';
import Download from '@mui/icons-material/Download';
import HowToReg from '@mui/icons-material/HowToReg';
import { localize } from '@union/shared/localized';
import { formatDateTime, formatNumber } from '@union/shared/format';
import { useLanguage } from '../../common/useLanguage';
import { useConsolePath } from '../../common/useConsolePath';
import { useIsSmall } from '../../common/useIsSmall';
import { CSV_COLUMNS, csvRows, summarize, toAttendees, type Attendee, type AttendeeState } from './attendees';
import { CountsLoading } from './CountsLoading';
import { useAttendees } from './useAttendees';
import { useT } from '../../i18n/keys';

const PRINT_AREA = 'attendee-print';

// Printing shows the list only: the console's bar, menu and buttons are hidden, and colours are
// forced to black on white (the dark theme's light text would print on white paper).
const printStyles = (
  <GlobalStyles
    styles={{
      '@media print': {
        'body *': { visibility: 'hidden' },
        [`#${PRINT_AREA}, #${PRINT_AREA} *`]: {
          visibility: 'visible',
          color: '#000 !important',
          background: 'transparent !important',
          boxShadow: 'none !important',
        },
        [`#${PRINT_AREA}`]: { position: 'absolute', insetInlineStart: 0, top: 0, width: '100%' },
        [`#${PRINT_AREA} .no-print`]: { display: 'none' },
        [`#${PRINT_AREA} .MuiTableContainer-root`]: { overflow: 'visible' },
        [`#${PRINT_AREA} td, #${PRINT_AREA} th`]: { borderBottom: '1px solid #999 !important', padding: '4px 8px' },
      },
    }}
  />
);

const STATE_COLOR: Record<AttendeeState, 'success' | 'default' | 'warning' | 'error'> = {
  approved: 'success',
  pending: 'default',
  waitlisted: 'warning',
  rejected: 'error',
  cancelled: 'default',
};

const useStateLabel = () => {
  const translate = useT();
  return (state: AttendeeState) =>
    state === 'waitlisted'
      ? translate('events.attendees.statusWaitlisted')
      : translate(`submissions.statuses.${state}`);
};

/** An event's registrations: printable, as CSV, and the way to the check-in view. */
export const AttendeeList = ({ eventId }: { eventId: string }) => {
  const translate = useT();
  const lang = useLanguage();
  const path = useConsolePath();
  const stateLabel = useStateLabel();
  const isSmall = useIsSmall();
  const { event, registrations, loading, error } = useAttendees(eventId);
  const attendees = useMemo(() => toAttendees(registrations, lang), [registrations, lang]);
  const summary = summarize(attendees);
  const title = event ? localize(event.title, lang) : '';
  const n = (value: number) => formatNumber(value, lang);

  const exportCsv = async () => {
    // The CSV writer is loaded only when someone exports, as for the submissions list.
    const { toCsv, saveCsv } = await import('../../common/csvExport');
    saveCsv(toCsv(CSV_COLUMNS, csvRows(attendees)), `attendees-${eventId}`);
  };

  return (
    <Box sx={{ mt: 2 }} id={PRINT_AREA}>
      {printStyles}
      <Title title={translate('events.attendees.title')} />
      <Typography variant="h5" component="h1">
        {translate('events.attendees.title')}: <bdi>{title}</bdi>
      </Typography>
      {event && (
        <Typography color="text.secondary" sx={{ mb: 1 }}>
          {formatDateTime(event.starts_at, lang)}
        </Typography>
      )}
      {/* No counts before the registrations have arrived (or when they could not be read): a
          "Registered: 0" at the door would read as "nobody registered". */}
      {loading ? (
        <CountsLoading sx={{ mb: 2 }} />
      ) : (
        !error && (
          <Typography data-testid="attendee-summary" sx={{ mb: 2 }}>
            {translate('events.attendees.summary', {
              registered: n(summary.registered),
              waitlisted: n(summary.waitlisted),
              attended: n(summary.attended),
            })}
          </Typography>
        )
      )}
      <Box className="no-print" sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mb: 2 }}>
        <Button
          variant="contained"
          startIcon={<HowToReg />}
          component={RouterLink}
          to={path(`/events/${eventId}/attendees/check-in`)}
        >
          {translate('events.attendees.checkIn')}
        </Button>
        <Button variant="outlined" startIcon={<Print />} onClick={() => window.print()} disabled={loading}>
          {translate('events.attendees.print')}
        </Button>
        <Button variant="outlined" startIcon={<Download />} onClick={exportCsv} disabled={loading}>
          {translate('events.attendees.export')}
        </Button>
      </Box>
      {error && <Alert severity="error">{translate(error)}</Alert>}
      {!loading && !error && attendees.length === 0 && (
        <Typography color="text.secondary">{translate('events.attendees.empty')}</Typography>
      )}
      {attendees.length > 0 && isSmall && (
        // A phone: one row per person, so that the page never scrolls sideways (as the lists).
        <Paper>
          <List dense data-testid="attendee-table">
            {attendees.map((a: Attendee) => (
              <ListItem key={a.id} data-state={a.state} divider>
                <ListItemText
                  primary={
                    <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, alignItems: 'center' }}>
                      <bdi>{a.name}</bdi>
                      <Chip size="small" variant="outlined" color={STATE_COLOR[a.state]} label={stateLabel(a.state)} />
                    </Box>
                  }
                  secondary={[
                    a.student_number,
                    a.email,
                    a.waitlistPlace === null
                      ? null
                      : `${translate('events.attendees.columns.waitlist')}: ${n(a.waitlistPlace)}`,
                    a.attended_at
                      ? `${translate('events.attendees.columns.attended')}: ${formatDateTime(a.attended_at, lang)}`
                      : null,
                  ]
                    .filter(Boolean)
                    .map((line) => (
                      <Box component="span" key={line} sx={{ display: 'block' }}>
                        <bdi>{line}</bdi>
                      </Box>
                    ))}
                />
              </ListItem>
            ))}
          </List>
        </Paper>
      )}
      {attendees.length > 0 && !isSmall && (
        <TableContainer component={Paper} sx={{ overflowX: 'auto' }}>
          <Table size="small" data-testid="attendee-table">
            <TableHead>
              <TableRow>
                <TableCell>{translate('events.attendees.columns.name')}</TableCell>
                <TableCell>{translate('events.attendees.columns.student_number')}</TableCell>
                <TableCell>{translate('events.attendees.columns.status')}</TableCell>
                <TableCell>{translate('events.attendees.columns.email')}</TableCell>
                <TableCell>{translate('events.attendees.columns.waitlist')}</TableCell>
                <TableCell>{translate('events.attendees.columns.attended')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {attendees.map((a: Attendee) => (
                <TableRow key={a.id} data-state={a.state}>
                  <TableCell>
                    <bdi>{a.name}</bdi>
                  </TableCell>
                  <TableCell>
                    <bdi>{a.student_number}</bdi>
                  </TableCell>
                  <TableCell>
                    <Chip size="small" variant="outlined" color={STATE_COLOR[a.state]} label={stateLabel(a.state)} />
                  </TableCell>
                  <TableCell>
                    <bdi>{a.email ?? ''}</bdi>
                  </TableCell>
                  <TableCell>{a.waitlistPlace === null ? '' : n(a.waitlistPlace)}</TableCell>
                  <TableCell>{a.attended_at ? formatDateTime(a.attended_at, lang) : ''}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Box>
  );
};
