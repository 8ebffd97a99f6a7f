import { useMemo, useState } from 'react';
import { Title } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import {
  Alert,
  Box,
  Button,
  Card,
  CardActionArea,
  CardContent,
  InputAdornment,
  LinearProgress,
  Snackbar,
  TextField,
  Typography,
} from '@mui/material';
import Search from '@mui/icons-material/Search';
import CheckCircle from '@mui/icons-material/CheckCircle';
import RadioButtonUnchecked from '@mui/icons-material/RadioButtonUnchecked';
import ListAlt from '@mui/icons-material/ListAlt';
import { localize } from '@union/shared/localized';
import { formatDate, formatNumber, formatTime } from '@union/shared/format';
import { useLanguage } from '../../common/useLanguage';
import { useConsolePath } from '../../common/useConsolePath';
import { checkInList, matchesSearch, summarize, toAttendees, type Attendee } from './attendees';
import { CountsLoading } from './CountsLoading';
import { useAttendees } from './useAttendees';
import { useT, useNotifyT } from '../../i18n/keys';

/**
 * Check-in at the door, made for a phone: search by name or student number, tap a person to mark
 * them present, undo from the row or from the message that confirms it. Only approved
 * registrations are listed (the database refuses the others: not_approved).
 */
export const CheckIn = ({ eventId }: { eventId: string }) => {
  const translate = useT();
  const notify = useNotifyT();
  const lang = useLanguage();
  const path = useConsolePath();
  const { event, registrations, loading, error, setAttendance } = useAttendees(eventId);
  const [query, setQuery] = useState('');
  const [busy, setBusy] = useState<string | null>(null);
  const [last, setLast] = useState<Attendee | null>(null);

  const all = useMemo(() => checkInList(toAttendees(registrations, lang)), [registrations, lang]);
  const shown = all.filter((a) => matchesSearch(a, query));
  const { attended } = summarize(all);

  const change = async (a: Attendee, present: boolean) => {
    setBusy(a.id);
    const failed = await setAttendance(a, present);
    setBusy(null);
    if (failed) {
      notify(failed, { type: 'error' });
      return;
    }
    setLast(present ? a : null);
    // At the door the next person comes straight after: the search starts empty again.
    if (present) setQuery('');
    if (!present) notify('events.attendees.undone', { type: 'info', messageArgs: { name: a.name } });
  };

  return (
    <Box sx={{ mt: 2, maxWidth: 640, mx: 'auto' }}>
      <Title title={translate('events.attendees.checkIn')} />
      <Typography variant="h6" component="h1">
        <bdi>{event ? localize(event.title, lang) : ''}</bdi>
      </Typography>
      {event && (
        <Typography variant="body2" color="text.secondary">
          {formatDate(event.starts_at, lang)}
        </Typography>
      )}
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, my: 1 }}>
        {/* As on the list: no "0 of 0" before the registrations have arrived. */}
        {loading ? (
          <CountsLoading />
        ) : (
          !error && (
            <Typography data-testid="checkin-progress" sx={{ fontWeight: 600 }}>
              {translate('events.attendees.progress', {
                attended: formatNumber(attended, lang),
                total: formatNumber(all.length, lang),
              })}
            </Typography>
          )
        )}
        <Button size="small" startIcon={<ListAlt />} component={RouterLink} to={path(`/events/${eventId}/attendees`)}>
          {translate('events.attendees.open')}
        </Button>
      </Box>
      <LinearProgress
        variant="determinate"
        value={all.length ? (attended / all.length) * 100 : 0}
        sx={{ mb: 2, height: 6, borderRadius: 3 }}
      />
      <TextField
        fullWidth
        type="search"
        name="q"
        label={translate('events.attendees.search')}
        value={query}
        onChange={(e) => setQuery(e.target.value)}
        slotProps={{
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <Search />
              </InputAdornment>
            ),
          },
          htmlInput: { autoComplete: 'off', enterKeyHint: 'search' },
        }}
        sx={{ mb: 1 }}
      />
      <Typography variant="caption" color="text.secondary" component="p" sx={{ mb: 2 }}>
        {translate('events.attendees.onlyApproved')}
      </Typography>
      {error && <Alert severity="error">{translate(error)}</Alert>}
      {!loading && !error && all.length === 0 && (
        <Typography color="text.secondary">{translate('events.attendees.noneApproved')}</Typography>
      )}
      {!loading && all.length > 0 && shown.length === 0 && (
        <Typography color="text.secondary">{translate('events.attendees.noMatch')}</Typography>
      )}
      <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }} data-testid="checkin-list">
        {shown.map((a) => {
          const present = a.attended_at !== null;
          return (
            <Box component="li" key={a.id} data-attended={present}>
              <Card variant="outlined" sx={{ borderColor: present ? 'success.main' : undefined }}>
                <Box sx={{ display: 'flex', alignItems: 'stretch' }}>
                  <CardActionArea
                    disabled={present || busy === a.id}
                    onClick={() => change(a, true)}
                    aria-label={`${translate('events.attendees.markAttended')}: ${a.name}`}
                    sx={{ flex: 1, minHeight: 64 }}
                  >
                    <CardContent sx={{ display: 'flex', alignItems: 'center', gap: 1.5, py: 1.5 }}>
                      {present ? (
                        <CheckCircle color="success" fontSize="large" />
                      ) : (
                        <RadioButtonUnchecked color="action" fontSize="large" />
                      )}
                      <Box sx={{ minWidth: 0 }}>
                        <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                          <bdi>{a.name}</bdi>
                        </Typography>
                        <Typography variant="body2" color="text.secondary">
                          <bdi>{a.student_number}</bdi>
                        </Typography>
                        {present && (
                          <Typography variant="body2" color="success.main">
                            {translate('events.attendees.checkedInAt', {
                              time: formatTime(a.attended_at!, lang),
                            })}
                          </Typography>
                        )}
                      </Box>
                    </CardContent>
                  </CardActionArea>
                  {present && (
                    <Box sx={{ display: 'flex', alignItems: 'center', px: 1 }}>
                      <Button
                        variant="outlined"
                        disabled={busy === a.id}
                        onClick={() => change(a, false)}
                        aria-label={`${translate('events.attendees.undo')}: ${a.name}`}
                      >
                        {translate('events.attendees.undo')}
                      </Button>
                    </Box>
                  )}
                </Box>
              </Card>
            </Box>
          );
        })}
      </Box>
      <Snackbar
        open={last !== null}
        autoHideDuration={6000}
        onClose={(_, reason) => reason !== 'clickaway' && setLast(null)}
        message={last ? translate('events.attendees.checkedIn', { name: last.name }) : ''}
        action={
          last && (
            // The row as it is now: its check-in raised its version, which the undo must name.
            <Button
              color="inherit"
              size="small"
              onClick={() => change(all.find((x) => x.id === last.id) ?? last, false)}
            >
              {translate('events.attendees.undo')}
            </Button>
          )
        }
      />
    </Box>
  );
};
