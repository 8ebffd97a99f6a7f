// The calendar feeds (events.ics, en/events.ics, tr/events.ics): written by the prerender with
// every build and every publish (docs/operations.md, "Publishing"), linked from the events page.
// Events from a month ago on: an entry that left the feed the moment its event began would
// vanish from subscribed calendars during the event.
import type { i18n as I18n } from 'i18next';
import { buildCalendarFeed, eventCalendarEntry } from '@union/shared/ics';
import { localize } from '@union/shared/localized';
import type { Language } from '@union/shared/constants';
import { localizedPath } from '../../lib/paths';
import { rows } from '../../lib/rest';
import type { EventRow } from '../../lib/types';

const FEED_HISTORY_DAYS = 30;

export { calendarFeedPath } from './feedPath';

export interface FeedData {
  events: EventRow[];
  cancelled: { id: string; starts_at: string; cancelled_at: string }[];
}

export async function loadFeedData(now: Date = new Date()): Promise<FeedData> {
  const since = new Date(now.getTime() - FEED_HISTORY_DAYS * 86_400_000).toISOString();
  const [events, cancelled] = await Promise.all([
    rows<EventRow[]>((rest) => rest.from('events').select('*').gte('starts_at', since).order('starts_at')),
    rows<FeedData['cancelled']>((rest) => rest.rpc('cancelled_events')),
  ]);
  return { events, cancelled };
}

/** One language's feed; `i18n` has that language loaded (with the staff's overrides). */
export function calendarFeed(data: FeedData, lang: Language, i18n: I18n, origin: string, now = new Date()): string {
  const t = i18n.getFixedT(lang);
  return buildCalendarFeed(
    {
      name: t('events.feed.name'),
      description: t('events.feed.description'),
      events: data.events.map((e) => ({
        ...eventCalendarEntry({
          id: e.id,
          title: localize(e.title, lang),
          description: localize(e.description, lang),
          location: localize(e.location, lang),
          startsAt: e.starts_at,
          url: `${origin}${localizedPath(lang, `/events/${e.id}`)}`,
        }),
        changedAt: new Date(e.updated_at),
      })),
      cancelled: data.cancelled.map((c) => ({
        uid: eventCalendarEntry({ id: c.id, title: '', description: '', location: '', startsAt: c.starts_at }).uid,
        start: new Date(c.starts_at),
        cancelledAt: new Date(c.cancelled_at),
        title: t('events.feed.cancelled'),
      })),
    },
    now,
  );
}
