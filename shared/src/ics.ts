// An iCalendar (RFC 5545) file for one event, so visitors can add it to any calendar app: the
// event page's "Add to calendar" and the registration mails' attachment (supabase/functions/
// send-mail) write the same entry. Free of imports, so the Edge Function (Deno) can import it.

/** Events have no end time in the data; two hours is what a union evening usually lasts. */
export const DEFAULT_EVENT_MINUTES = 120;

export interface IcsEvent {
  uid: string;
  title: string;
  description: string;
  location: string;
  start: Date;
  durationMinutes?: number;
  url?: string;
}

/** An event's calendar entry, from its texts in one language; the same UID everywhere, so calendar
 *  apps update the entry instead of adding a second one. */
export function eventCalendarEntry(event: {
  id: string;
  title: string;
  description: string;
  location: string;
  startsAt: string | Date;
  url?: string;
}): IcsEvent {
  return {
    uid: `${event.id}@union-public-site`,
    title: event.title,
    description: event.description,
    location: event.location,
    start: new Date(event.startsAt),
    url: event.url,
  };
}

/** TEXT values escape backslash, semicolon, comma and newlines (RFC 5545 §3.3.11). */
export const escapeIcsText = (value: string): string =>
  value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');

/** UTC date-time: 20260312T180000Z. */
export const icsDate = (date: Date): string =>
  date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

/** Lines longer than 75 octets are folded with CRLF + space, never inside a UTF-8 character. */
export function foldIcsLine(line: string): string {
  const encoder = new TextEncoder();
  const parts: string[] = [];
  let current = '';
  let size = 0;
  for (const char of line) {
    const bytes = encoder.encode(char).length;
    const limit = parts.length === 0 ? 75 : 74; // continuation lines start with a space
    if (size + bytes > limit) {
      parts.push(current);
      current = '';
      size = 0;
    }
    current += char;
    size += bytes;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

export function buildIcs(event: IcsEvent, now: Date = new Date()): string {
  const end = new Date(event.start.getTime() + (event.durationMinutes ?? DEFAULT_EVENT_MINUTES) * 60_000);
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Palestinian Students Union//Public site//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:${event.uid}`,
    `DTSTAMP:${icsDate(now)}`,
    `DTSTART:${icsDate(event.start)}`,
    `DTEND:${icsDate(end)}`,
    `SUMMARY:${escapeIcsText(event.title)}`,
    `DESCRIPTION:${escapeIcsText(event.description)}`,
    `LOCATION:${escapeIcsText(event.location)}`,
    ...(event.url ? [`URL:${event.url}`] : []),
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return lines.map(foldIcsLine).join('\r\n') + '\r\n';
}

/** A file name safe on every OS, from the event title. */
export const icsFileName = (title: string): string =>
  `${
    title
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '') // Latin accents go; Arabic hamza & co recompose below
      .normalize('NFC')
      .replace(/[^\p{L}\p{M}\p{N}]+/gu, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60) || 'event'
  }.ics`;

/** The union's time zone: the calendar feeds write their times in it. */
export const FEED_TIME_ZONE = 'Europe/Istanbul';

/**
 * Turkey has kept UTC+3 all year since 7 September 2016; the feeds list events from a month ago
 * on, so one fixed-offset VTIMEZONE describes every time they write (RFC 5545 §3.6.5).
 */
const ISTANBUL_TIMEZONE = [
  'BEGIN:VTIMEZONE',
  `TZID:${FEED_TIME_ZONE}`,
  'BEGIN:STANDARD',
  'DTSTART:20160907T000000',
  'TZOFFSETFROM:+0300',
  'TZOFFSETTO:+0300',
  'TZNAME:+03',
  'END:STANDARD',
  'END:VTIMEZONE',
];

/** Local date-time in the union's time zone, for DTSTART;TZID=Europe/Istanbul: 20260312T210000. */
export function icsLocalDate(date: Date): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone: FEED_TIME_ZONE,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(date)
      .map((p) => [p.type, p.value]),
  );
  return `${parts.year}${parts.month}${parts.day}T${parts.hour}${parts.minute}${parts.second}`;
}

/**
 * SEQUENCE of an entry (RFC 5545 §3.8.7.4): it must grow with each change, so it is the time of
 * the last change in seconds since 2026 (a 32-bit integer until 2094).
 */
export const icsSequence = (changedAt: Date): number =>
  Math.max(0, Math.floor((changedAt.getTime() - Date.UTC(2026, 0, 1)) / 1000));

export interface FeedEntry extends IcsEvent {
  changedAt: Date;
}

/** An event deleted before its start: subscribed calendars show it cancelled. */
export interface CancelledEntry {
  uid: string;
  start: Date;
  cancelledAt: Date;
  /** The word "Cancelled" in the feed's language (the event's own texts are not kept). */
  title: string;
}

/**
 * A calendar to subscribe to (webcal:): one VEVENT per event, with the UID of the event's own
 * .ics file (eventCalendarEntry), so an entry added from the event page and the subscription are
 * the same event, and a changed event replaces its entry (a higher SEQUENCE) instead of adding one.
 */
export function buildCalendarFeed(
  feed: { name: string; description: string; events: FeedEntry[]; cancelled: CancelledEntry[] },
  now: Date = new Date(),
): string {
  const zoned = (name: string, date: Date) => `${name};TZID=${FEED_TIME_ZONE}:${icsLocalDate(date)}`;
  const event = (e: FeedEntry) => {
    const end = new Date(e.start.getTime() + (e.durationMinutes ?? DEFAULT_EVENT_MINUTES) * 60_000);
    return [
      'BEGIN:VEVENT',
      `UID:${e.uid}`,
      `DTSTAMP:${icsDate(now)}`,
      `LAST-MODIFIED:${icsDate(e.changedAt)}`,
      `SEQUENCE:${icsSequence(e.changedAt)}`,
      zoned('DTSTART', e.start),
      zoned('DTEND', end),
      'STATUS:CONFIRMED',
      `SUMMARY:${escapeIcsText(e.title)}`,
      `DESCRIPTION:${escapeIcsText(e.description)}`,
      `LOCATION:${escapeIcsText(e.location)}`,
      ...(e.url ? [`URL:${e.url}`] : []),
      'END:VEVENT',
    ];
  };
  const cancelled = (c: CancelledEntry) => [
    'BEGIN:VEVENT',
    `UID:${c.uid}`,
    `DTSTAMP:${icsDate(now)}`,
    `LAST-MODIFIED:${icsDate(c.cancelledAt)}`,
    `SEQUENCE:${icsSequence(c.cancelledAt)}`,
    zoned('DTSTART', c.start),
    'STATUS:CANCELLED',
    `SUMMARY:${escapeIcsText(c.title)}`,
    'END:VEVENT',
  ];
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Palestinian Students Union//Public site//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${escapeIcsText(feed.name)}`,
    `X-WR-CALDESC:${escapeIcsText(feed.description)}`,
    `X-WR-TIMEZONE:${FEED_TIME_ZONE}`,
    // How often subscribed apps should look again (Apple reads the first, Outlook the second).
    'REFRESH-INTERVAL;VALUE=DURATION:PT1H',
    'X-PUBLISHED-TTL:PT1H',
    ...ISTANBUL_TIMEZONE,
    ...feed.events.flatMap(event),
    ...feed.cancelled.flatMap(cancelled),
    'END:VCALENDAR',
  ];
  return lines.map(foldIcsLine).join('\r\n') + '\r\n';
}

/** The calendar feed's file in a language's folder: events.ics, en/events.ics, tr/events.ics. */
export const CALENDAR_FEED_FILE = 'events.ics';
