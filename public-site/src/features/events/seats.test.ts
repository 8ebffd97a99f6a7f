import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { formatNumber } from '@union/shared/format';
import { ar } from '@union/shared/i18n/public/ar';
import { en } from '@union/shared/i18n/public/en';
import { tr } from '@union/shared/i18n/public/tr';
import { registrationState, seatsLine } from './seats';

const NOW = Date.parse('2026-05-01T12:00:00Z');
const event = (
  fields: Partial<{ starts_at: string; registration_open: boolean; registration_deadline: string | null }> = {},
) => ({
  starts_at: '2026-05-10T15:00:00Z',
  registration_open: true,
  registration_deadline: null,
  ...fields,
});

describe('registrationState', () => {
  it('is open before the deadline, deadlinePassed at and after it', () => {
    expect(registrationState(event(), NOW)).toBe('open');
    expect(registrationState(event({ registration_deadline: '2026-05-01T12:00:01Z' }), NOW)).toBe('open');
    expect(registrationState(event({ registration_deadline: '2026-05-01T12:00:00Z' }), NOW)).toBe('deadlinePassed');
    expect(registrationState(event({ registration_deadline: '2026-04-30T00:00:00Z' }), NOW)).toBe('deadlinePassed');
  });

  it('past and closed come first', () => {
    expect(
      registrationState(
        event({ starts_at: '2026-04-01T00:00:00Z', registration_deadline: '2026-03-01T00:00:00Z' }),
        NOW,
      ),
    ).toBe('past');
    expect(
      registrationState(event({ registration_open: false, registration_deadline: '2026-04-30T00:00:00Z' }), NOW),
    ).toBe('closed');
  });
});

describe('seatsLine', () => {
  const capped = { id: 'e1', capacity: 20 };
  it('says nothing without a capacity or when registration is not open', () => {
    expect(seatsLine({ id: 'e1', capacity: null }, 'open', { e1: 3 })).toEqual({ kind: 'none' });
    expect(seatsLine(capped, 'deadlinePassed', { e1: 3 })).toEqual({ kind: 'none' });
  });
  it('waits for the live read, then shows the number or full', () => {
    expect(seatsLine(capped, 'open', undefined)).toEqual({ kind: 'pending' });
    expect(seatsLine(capped, 'open', {})).toEqual({ kind: 'pending' });
    expect(seatsLine(capped, 'open', { e1: 12 })).toEqual({ kind: 'left', count: 12 });
    expect(seatsLine(capped, 'open', { e1: 0 })).toEqual({ kind: 'full' });
  });
});

describe('places left, in words', () => {
  const i18n = i18next.createInstance();
  void i18n.init({
    resources: { ar: { translation: ar }, en: { translation: en }, tr: { translation: tr } },
    initAsync: false,
    interpolation: { escapeValue: false },
  });
  const say = (lang: 'ar' | 'en' | 'tr', count: number) =>
    i18n.t('events.placesLeft', { lng: lang, count, places: formatNumber(count, lang) });

  it('Arabic takes the form the number asks for (one, two, few, many, other)', () => {
    expect([1, 2, 3, 10, 11, 99, 100, 103].map((n) => say('ar', n))).toEqual([
      'بقي مقعد واحد',
      'بقي مقعدان',
      'بقيت ٣ مقاعد',
      'بقيت ١٠ مقاعد',
      'بقي ١١ مقعدًا',
      'بقي ٩٩ مقعدًا',
      'بقي ١٠٠ مقعد',
      'بقيت ١٠٣ مقاعد',
    ]);
  });

  it('English and Turkish: one and other', () => {
    expect([say('en', 1), say('en', 12)]).toEqual(['1 place left', '12 places left']);
    expect([say('tr', 1), say('tr', 12)]).toEqual(['Son 1 yer kaldı', '12 yer kaldı']);
  });
});
