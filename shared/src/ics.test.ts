import { describe, expect, it } from 'vitest';
import { buildIcs, escapeIcsText, foldIcsLine, icsDate, icsFileName } from './ics';

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
