import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatDay, formatYear } from './format';

describe('dates in the union time zone', () => {
  it('shows an event at its time in Turkey, whatever the machine runs on', () => {
    // 15:00 UTC is 18:00 in Istanbul (UTC+3 all year).
    expect(formatDateTime('2026-03-12T15:00:00Z', 'en')).toMatch(/March 12, 2026.*06:00\sPM/);
    expect(formatDateTime('2026-03-12T15:00:00Z', 'tr')).toMatch(/12 Mart 2026.*18:00/);
  });

  it('moves a late-evening UTC time to the next day in Istanbul', () => {
    expect(formatDate('2026-03-12T22:30:00Z', 'en')).toBe('March 13, 2026');
  });

  it('keeps a calendar date (a date column) on its own day', () => {
    expect(formatDay('2026-03-12', 'en')).toBe('March 12, 2026');
    expect(formatDay('2026-01-01', 'tr')).toBe('1 Ocak 2026');
    expect(formatDay('2026-12-31', 'ar')).toContain('كانون الأول');
  });
});

describe('months in words', () => {
  it('lets ICU choose the noun form the number asks for', async () => {
    const { formatMonths } = await import('./format');
    expect(formatMonths(12, 'en')).toBe('12 months');
    expect(formatMonths(1, 'en')).toBe('1 month');
    expect(formatMonths(12, 'ar')).toBe('١٢ شهرًا');
    expect(formatMonths(6, 'ar')).toBe('٦ أشهر');
    expect(formatMonths(12, 'tr')).toBe('12 ay');
  });
});

describe('years', () => {
  it('are written without a group separator, in the language’s digits', () => {
    expect(formatYear(2026, 'en')).toBe('2026');
    expect(formatYear(2026, 'tr')).toBe('2026');
    expect(formatYear(2026, 'ar')).toBe('٢٠٢٦');
  });
});
