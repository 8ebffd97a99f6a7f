import { describe, expect, it, vi } from 'vitest';
import { formatAppointment, formatDate, formatDateTime, formatDay, formatTime, formatYear } from './format';

describe('dates in the union time zone', () => {
  it('shows an event at its time in Turkey, whatever the machine runs on', () => {
    // 15:00 UTC is 18:00 in Istanbul (UTC+3 all year).
    expect(formatDateTime('2026-03-12T15:00:00Z', 'en')).toBe('March 12, 2026 at 6:00 PM');
    expect(formatDateTime('2026-03-12T15:00:00Z', 'tr')).toBe('12 Mart 2026 18:00');
    expect(formatDateTime('2026-03-12T15:00:00Z', 'ar')).toBe('١٢ آذار ٢٠٢٦ في ٦:٠٠ م');
  });
});

describe('clocks', () => {
  it('write a 12-hour time without a leading zero, and Turkish its 24-hour time', () => {
    // 11:00 UTC is 14:00 in Istanbul; 07:05 UTC is 10:05.
    expect(formatTime('2026-03-12T11:00:00Z', 'en')).toBe('2:00 PM');
    expect(formatTime('2026-03-12T11:00:00Z', 'ar')).toBe('٢:٠٠ م');
    expect(formatTime('2026-03-12T11:00:00Z', 'tr')).toBe('14:00');
    expect(formatTime('2026-03-12T07:05:00Z', 'en')).toBe('10:05 AM');
    expect(formatTime('2026-03-12T07:05:00Z', 'ar')).toBe('١٠:٠٥ ص');
    expect(formatTime('2026-03-12T06:05:00Z', 'tr')).toBe('09:05');
    expect(formatDateTime('2026-03-12T11:00:00Z', 'en')).toBe('March 12, 2026 at 2:00 PM');
    expect(formatDateTime('2026-03-12T11:00:00Z', 'ar')).toBe('١٢ آذار ٢٠٢٦ في ٢:٠٠ م');
    expect(formatDateTime('2026-03-12T11:00:00Z', 'tr')).toBe('12 Mart 2026 14:00');
  });

  it('give an appointment its weekday', () => {
    expect(formatAppointment('2026-03-12T11:00:00Z', 'en')).toBe('Thursday, March 12, 2026 at 2:00 PM');
    expect(formatAppointment('2026-03-12T11:00:00Z', 'ar')).toBe('الخميس، ١٢ آذار ٢٠٢٦ في ٢:٠٠ م');
    expect(formatAppointment('2026-03-12T11:00:00Z', 'tr')).toBe('12 Mart 2026 Perşembe 14:00');
  });
});

describe('days', () => {
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

  it('are written without a group separator inside dates too', () => {
    expect(formatDay('2026-03-12', 'en')).toBe('March 12, 2026');
    expect(formatDay('2026-03-12', 'tr')).toBe('12 Mart 2026');
    expect(formatDay('2026-03-12', 'ar')).toBe('١٢ آذار ٢٠٢٦');
  });
});

describe('strings formatted for a prerendered page', () => {
  // A fresh copy of the module each time: its formatters and reused strings are module state.
  const freshFormat = async () => {
    vi.resetModules();
    return import('./format');
  };
  /** Counts the Intl date and number formatters built until restore(). */
  function countFormatters() {
    const { DateTimeFormat, NumberFormat } = Intl;
    const built = { count: 0, restore: () => Object.assign(Intl, { DateTimeFormat, NumberFormat }) };
    Object.assign(Intl, {
      DateTimeFormat: class extends DateTimeFormat {
        constructor(...args: ConstructorParameters<typeof DateTimeFormat>) {
          super(...args);
          built.count++;
        }
      },
      NumberFormat: class extends NumberFormat {
        constructor(...args: ConstructorParameters<typeof NumberFormat>) {
          super(...args);
          built.count++;
        }
      },
    });
    return built;
  }

  it('records what a render formatted, by formatter and value, and only that', async () => {
    const format = await freshFormat();
    format.formatNumber(7, 'en');
    const { result, formatted } = format.recordFormatted(() => [
      format.formatDateTime('2026-03-12T15:00:00Z', 'ar'),
      format.formatNumber(1200, 'ar'),
      format.formatYear(2026, 'ar'),
    ]);
    expect(Object.values(formatted).sort()).toEqual([...result].sort());
    expect(Object.keys(formatted)).toHaveLength(3);
    // Outside a recording nothing is kept.
    expect(format.recordFormatted(() => null).formatted).toEqual({});
  });

  it('gives the recorded strings back in the browser without building a formatter', async () => {
    const server = await freshFormat();
    const recorded = server.recordFormatted(() => {
      const { formatDate, formatDateTime, formatDay, formatNumber, formatMonths } = server;
      return [
        formatDate('2026-03-12T15:00:00Z', 'ar'),
        formatDateTime('2026-03-12T15:00:00Z', 'ar'),
        formatDay('2026-03-12', 'ar'),
        formatNumber(12, 'ar'),
        formatMonths(12, 'ar'),
      ];
    });
    const browser = await freshFormat();
    browser.reuseFormatted(recorded.formatted);
    const built = countFormatters();
    try {
      expect([
        browser.formatDate('2026-03-12T15:00:00Z', 'ar'),
        browser.formatDateTime('2026-03-12T15:00:00Z', 'ar'),
        browser.formatDay('2026-03-12', 'ar'),
        browser.formatNumber(12, 'ar'),
        browser.formatMonths(12, 'ar'),
      ]).toEqual(recorded.result);
      expect(built.count).toBe(0);
      // A value the page did not show is formatted as ever.
      expect(browser.formatDate('2026-03-13T15:00:00Z', 'en')).toBe('March 13, 2026');
      expect(built.count).toBe(1);
    } finally {
      built.restore();
    }
  });
  it('writes a whole number below 1000 from the recorded digits, without a formatter', async () => {
    const server = await freshFormat();
    const { formatted } = server.recordFormatted(() => server.recordDigits('ar'));
    const expected = ['٠', '٧', '٣٤٧', '٩٩٩'];
    const browser = await freshFormat();
    browser.reuseFormatted(formatted);
    const built = countFormatters();
    try {
      expect([0, 7, 347, 999].map((n) => browser.formatNumber(n, 'ar'))).toEqual(expected);
      expect(built.count).toBe(0);
      // A separator, a fraction or another language: ICU's own formatting.
      expect(browser.formatNumber(1234, 'ar')).toBe('١٬٢٣٤');
      expect(browser.formatNumber(2.5, 'ar')).toBe('٢٫٥');
      expect(browser.formatNumber(12, 'en')).toBe('12');
      expect(built.count).toBe(2);
    } finally {
      built.restore();
    }
  });
});
