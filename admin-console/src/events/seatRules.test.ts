import { describe, expect, it } from 'vitest';
import { capacityProblem, deadlineProblem } from './seatRules';
import { eventStatus } from './eventStatus';

describe('capacityProblem', () => {
  it('accepts empty (no limit) and whole numbers from 1', () => {
    for (const v of [null, undefined, '', 1, 40]) expect(capacityProblem(v), String(v)).toBeUndefined();
  });
  it('refuses 0, negatives and fractions', () => {
    for (const v of [0, -1, 2.5, Number.NaN]) expect(capacityProblem(v), String(v)).toBe('events.validation.capacity');
  });
});

describe('deadlineProblem', () => {
  const start = '2026-06-01T15:00:00.000Z';
  it('accepts no deadline, or one before the start', () => {
    expect(deadlineProblem(null, start)).toBeUndefined();
    expect(deadlineProblem('2026-06-01T14:59:00.000Z', start)).toBeUndefined();
    expect(deadlineProblem(new Date('2026-05-20T10:00:00Z'), start)).toBeUndefined();
  });
  it('refuses a deadline at or after the start', () => {
    expect(deadlineProblem(start, start)).toBe('events.validation.deadlineBeforeStart');
    expect(deadlineProblem('2026-06-02T00:00:00.000Z', start)).toBe('events.validation.deadlineBeforeStart');
  });
});

describe('eventStatus with a deadline', () => {
  const now = new Date('2026-05-01T12:00:00Z');
  it('is closed once the deadline has passed, open before it', () => {
    const event = { is_past: false, registration_open: true };
    expect(eventStatus({ ...event, registration_deadline: '2026-05-01T11:00:00Z' }, now)).toBe('closed');
    expect(eventStatus({ ...event, registration_deadline: '2026-05-02T11:00:00Z' }, now)).toBe('open');
    expect(eventStatus({ ...event, registration_deadline: null }, now)).toBe('open');
  });
});
