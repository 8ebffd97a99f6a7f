import { CALENDAR_FEED_FILE } from '@union/shared/ics';
import type { Language } from '@union/shared/constants';
import { localizedPath } from '../../lib/paths';

/** A language's calendar feed: /events.ics, /en/events.ics, /tr/events.ics (written by the prerender). */
export const calendarFeedPath = (lang: Language): string => localizedPath(lang, `/${CALENDAR_FEED_FILE}`);
