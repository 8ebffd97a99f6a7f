import { describe, expect, it } from 'vitest';
import { eventStatus } from './eventStatus';

describe('eventStatus', () => {
  it('is past first, else open or closed registration', () => {
    expect(eventStatus({ is_past: true, registration_open: true })).toBe('past');
    expect(eventStatus({ is_past: false, registration_open: true })).toBe('open');
    expect(eventStatus({ is_past: false, registration_open: false })).toBe('closed');
  });
  it('derives past from the date when the computed field is missing', () => {
    const now = new Date('2026-05-01T00:00:00Z');
    expect(eventStatus({ starts_at: '2026-04-30T10:00:00Z', registration_open: true }, now)).toBe('past');
    expect(eventStatus({ starts_at: '2026-05-02T10:00:00Z', registration_open: false }, now)).toBe('closed');
  });
});
