import { describe, expect, it } from 'vitest';
import { buildCalendarFeed, buildIcs, escapeIcsText, foldIcsLine, icsDate, icsFileName, icsLocalDate } from './ics';

describe('ics', () => {
  const event = {
    uid: 'abc@union',
    title: 'Cultural night; music, dabke',
    description: 'Line one\nLine two \\ end',
    location: 'Hall A, campus',
    start: new Date('2026-03-12T18:00:00Z'),
    url: 'https://union.example/events/abc',
  };
  const ics = buildIcs(event, new Date('2026-01-01T10:00:00Z'));

  it('is a VCALENDAR with one VEVENT and CRLF line ends', () => {
    expect(ics.startsWith('BEGIN:VCALENDAR\r\nVERSION:2.0\r\n')).toBe(true);
    expect(ics.endsWith('END:VEVENT\r\nEND:VCALENDAR\r\n')).toBe(true);
    expect(ics.match(/BEGIN:VEVENT/g)).toHaveLength(1);
    expect(ics.replace(/\r\n/g, '')).not.toMatch(/\n/);
  });

  it('writes UTC times, a two-hour default length and a stamp', () => {
    expect(ics).toContain('DTSTART:20260312T180000Z\r\n');
    expect(ics).toContain('DTEND:20260312T200000Z\r\n');
    expect(ics).toContain('DTSTAMP:20260101T100000Z\r\n');
    expect(buildIcs({ ...event, durationMinutes: 30 })).toContain('DTEND:20260312T183000Z');
  });

  it('escapes text values', () => {
    expect(ics).toContain('SUMMARY:Cultural night\\; music\\, dabke\r\n');
    expect(ics).toContain('DESCRIPTION:Line one\\nLine two \\\\ end\r\n');
    expect(ics).toContain('LOCATION:Hall A\\, campus\r\n');
    expect(escapeIcsText('a\r\nb')).toBe('a\\nb');
  });

  it('folds long lines at 75 octets without splitting a UTF-8 character', () => {
    const arabic = 'SUMMARY:' + 'أمسية ثقافية فلسطينية '.repeat(10);
    const folded = foldIcsLine(arabic);
    const lines = folded.split('\r\n');
    expect(lines.length).toBeGreaterThan(1);
    for (const line of lines) expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
    expect(lines.slice(1).every((l) => l.startsWith(' '))).toBe(true);
    expect(lines.map((l, i) => (i === 0 ? l : l.slice(1))).join('')).toBe(arabic);
    expect(foldIcsLine('short')).toBe('short');
  });

  it('formats dates and file names', () => {
    expect(icsDate(new Date('2026-12-01T08:05:09.123Z'))).toBe('20261201T080509Z');
    expect(icsFileName('Cultural night: Gaza & music!')).toBe('Cultural-night-Gaza-music.ics');
    expect(icsFileName('أمسية ثقافية')).toBe('أمسية-ثقافية.ics');
    expect(icsFileName('!!!')).toBe('event.ics');
  });
});

describe('calendar feed', () => {
  const start = new Date('2026-12-12T16:00:00Z');
  const entry = (changedAt: string) => ({
    uid: 'e1@union-public-site',
    title: 'Cultural night',
    description: 'Music, dabke',
    location: 'Hall A',
    start,
    changedAt: new Date(changedAt),
  });
  const feed = (
    events: ReturnType<typeof entry>[],
    cancelled: Parameters<typeof buildCalendarFeed>[0]['cancelled'] = [],
  ) =>
    buildCalendarFeed(
      { name: 'Union: events', description: 'All events', events, cancelled },
      new Date('2026-12-01T00:00:00Z'),
    );
  const unfold = (ics: string) => ics.replace(/\r\n /g, '');

  it('writes times in Europe/Istanbul (UTC+3) with its VTIMEZONE', () => {
    const ics = unfold(feed([entry('2026-11-01T10:00:00Z')]));
    expect(ics).toContain('X-WR-TIMEZONE:Europe/Istanbul');
    expect(ics).toContain('BEGIN:VTIMEZONE\r\nTZID:Europe/Istanbul\r\n');
    expect(ics).toContain('TZOFFSETTO:+0300');
    expect(ics).toContain('DTSTART;TZID=Europe/Istanbul:20261212T190000');
    expect(ics).toContain('DTEND;TZID=Europe/Istanbul:20261212T210000');
    expect(icsLocalDate(new Date('2026-06-30T22:30:00Z'))).toBe('20260701T013000');
  });

  it('keeps the UID of an event and raises its SEQUENCE when it changes', () => {
    const before = unfold(feed([entry('2026-11-01T10:00:00Z')]));
    const after = unfold(feed([entry('2026-11-02T10:00:00Z')]));
    const sequence = (ics: string) => Number(/SEQUENCE:(\d+)/.exec(ics)![1]);
    expect(before).toContain('UID:e1@union-public-site');
    expect(after).toContain('UID:e1@union-public-site');
    expect(sequence(after)).toBeGreaterThan(sequence(before));
    expect(after.match(/BEGIN:VEVENT/g)).toHaveLength(1);
  });

  it('marks a cancelled event cancelled, with none of its texts', () => {
    const ics = unfold(
      feed(
        [],
        [{ uid: 'e2@union-public-site', start, cancelledAt: new Date('2026-11-20T00:00:00Z'), title: 'Cancelled' }],
      ),
    );
    const vevent = ics.slice(ics.indexOf('BEGIN:VEVENT'), ics.indexOf('END:VEVENT'));
    expect(vevent).toContain('UID:e2@union-public-site');
    expect(vevent).toContain('STATUS:CANCELLED');
    expect(vevent).toContain('SUMMARY:Cancelled');
    expect(vevent).not.toContain('DESCRIPTION');
  });

  it('is folded at 75 octets with CRLF line ends', () => {
    const ics = feed([{ ...entry('2026-11-01T10:00:00Z'), description: 'ع'.repeat(200) }]);
    for (const line of ics.split('\r\n')) expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
    expect(ics.endsWith('END:VCALENDAR\r\n')).toBe(true);
  });
});
