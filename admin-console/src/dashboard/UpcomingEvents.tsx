import { useEffect, useState } from 'react';
import { useGetList } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { Box, Card, CardContent, Chip, List, ListItem, ListItemText, Typography } from '@mui/material';
import { DASHBOARD_LIST_LIMIT } from '@union/shared/constants';
import { formatDateTime } from '@union/shared/format';
import { localize } from '@union/shared/localized';
import { useLanguage } from '../common/useLanguage';
import { eventStatus } from '../events/eventStatus';
import { useConsolePath } from '../common/useConsolePath';
import { supabase } from '../providers/supabase';
import { eventFigures, type EventFigures, type Registration } from '../events/attendees/attendees';
import { useT } from '../i18n/keys';
import type { Rec } from '../types';
import { joinParts } from '../common/joinParts';

type Counted = Pick<Registration, 'status' | 'waitlist_position'> & { event_id: string | null };

/**
 * The registrations of the listed events (not rejected: they hold nothing), counted here. One
 * request for the few events the dashboard lists; staff read registrations as any submission.
 */
function useRegistrations(eventIds: string[]): Counted[] | null {
  const [rows, setRows] = useState<Counted[] | null>(null);
  const key = eventIds.join(',');
  useEffect(() => {
    if (key === '') return;
    let live = true;
    void supabase
      .from('submissions')
      .select('event_id,status,waitlist_position')
      .eq('type', 'event_registration')
      .neq('status', 'rejected')
      .in('event_id', key.split(','))
      .then(({ data }) => {
        if (live) setRows(data ?? []);
      });
    return () => {
      live = false;
    };
  }, [key]);
  return rows;
}

/** The figures of an event (registered, places left, waitlisted) on one line, in the console's language. */
const Figures = ({ figures }: { figures: EventFigures }) => {
  const translate = useT();
  // Numbers go in as numbers: the plural form is chosen from them, and the texts format them.
  const parts = [translate('dashboard.figures.registered', { count: figures.registered })];
  if (figures.capacity === null) parts.push(translate('dashboard.figures.unlimited'));
  else if (figures.placesLeft === 0) parts.push(translate('dashboard.figures.full', { capacity: figures.capacity }));
  else
    parts.push(
      translate('dashboard.figures.placesLeft', { left: figures.placesLeft ?? 0, capacity: figures.capacity }),
    );
  if (figures.waitlisted > 0) parts.push(translate('dashboard.figures.waitlisted', { count: figures.waitlisted }));
  return (
    <Box component="span" data-testid="event-figures" sx={{ display: 'block' }}>
      {joinParts(translate, parts)}
    </Box>
  );
};

export const UpcomingEvents = () => {
  const translate = useT();
  const lang = useLanguage();
  const path = useConsolePath();
  const { data = [], isPending } = useGetList<Rec<'events'>>('events', {
    pagination: { page: 1, perPage: DASHBOARD_LIST_LIMIT },
    sort: { field: 'starts_at', order: 'ASC' },
    filter: { is_past: false },
    // With the free places (the computed field the public site shows too).
    meta: { columns: ['*', 'is_past', 'places_left'] },
  });
  const registrations = useRegistrations(data.map((e) => String(e.id)));
  return (
    <Card sx={{ flex: 1, minWidth: 300 }}>
      <CardContent>
        <Typography variant="h6" component="h2">
          {translate('dashboard.upcomingTitle')}
        </Typography>
        {!isPending && data.length === 0 && (
          <Typography color="text.secondary">{translate('dashboard.noUpcoming')}</Typography>
        )}
        <List dense data-testid="upcoming-list">
          {data.map((e) => {
            const status = eventStatus(e);
            const figures =
              registrations &&
              eventFigures(
                registrations.filter((r) => r.event_id === e.id),
                { capacity: e.capacity ?? null, places_left: e.places_left ?? null },
              );
            return (
              <ListItem key={e.id} component={RouterLink} to={path(`/events/${e.id}`)} sx={{ color: 'inherit' }}>
                <ListItemText
                  // The status chip beside the title, not as a secondary action: the figures line
                  // below runs the full width and would pass under it on a phone.
                  primary={
                    <Box
                      component="span"
                      sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'flex-start', gap: 1 }}
                    >
                      <span>{localize(e.title, lang)}</span>
                      <Chip
                        component="span"
                        size="small"
                        color={status === 'open' ? 'success' : 'warning'}
                        label={translate(`events.status.${status}`)}
                      />
                    </Box>
                  }
                  secondary={
                    <>
                      {formatDateTime(e.starts_at, lang)}
                      {figures && <Figures figures={figures} />}
                    </>
                  }
                />
              </ListItem>
            );
          })}
        </List>
      </CardContent>
    </Card>
  );
};
