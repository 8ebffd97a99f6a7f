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
