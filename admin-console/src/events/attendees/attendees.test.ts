import { describe, expect, it } from 'vitest';
import {
  checkInList,
  csvRows,
  eventFigures,
  matchesSearch,
  stateOf,
  summarize,
  toAttendees,
  withAttendance,
  type Registration,
} from './attendees';

let next = 0;
const reg = (fields: Partial<Registration>): Registration => ({
  id: `r${++next}`,
  name: 'Someone',
  student_number: '2020001',
  status: 'approved',
  version: 1,
  email: null,
  waitlist_position: null,
  attended_at: null,
  created_at: '2026-11-01T10:00:00Z',
  ...fields,
});

describe('attendee states and order', () => {
  it('a pending registration with a waitlist number is waitlisted; a rejected one stays rejected', () => {
    expect(stateOf({ status: 'pending', waitlist_position: 3 })).toBe('waitlisted');
    expect(stateOf({ status: 'pending', waitlist_position: null })).toBe('pending');
    expect(stateOf({ status: 'rejected', waitlist_position: 2 })).toBe('rejected');
    expect(stateOf({ status: 'approved', waitlist_position: null })).toBe('approved');
  });

  it('orders approved, pending, waitlisted (in line), rejected, by name within each', () => {
    const list = toAttendees([
      reg({ name: 'Zed', status: 'rejected' }),
      reg({ name: 'Waits second', status: 'pending', waitlist_position: 7 }),
      reg({ name: 'Bea', status: 'pending' }),
      reg({ name: 'Waits first', status: 'pending', waitlist_position: 4 }),
      reg({ name: 'Omar' }),
      reg({ name: 'Ali' }),
    ]);
    expect(list.map((a) => a.name)).toEqual(['Ali', 'Omar', 'Bea', 'Waits first', 'Waits second', 'Zed']);
  });

  it('the place on the waitlist counts the pending waitlisted with a lower number, plus one', () => {
    // Number 2 was rejected (it left the line) and number 1 was promoted (its number cleared).
    const list = toAttendees([
      reg({ name: 'A', status: 'pending', waitlist_position: 3 }),
      reg({ name: 'B', status: 'rejected', waitlist_position: 2 }),
      reg({ name: 'C', status: 'pending', waitlist_position: 5 }),
    ]);
    expect(list.map((a) => [a.name, a.waitlistPlace])).toEqual([
      ['A', 1],
      ['C', 2],
      ['B', null],
    ]);
  });
});

describe('search', () => {
  const a = reg({ name: 'Ahmad Khalil', student_number: 'B20231045' });
  it('matches name words and the student number, case-insensitively, in any order', () => {
    expect(matchesSearch(a, 'khalil')).toBe(true);
    expect(matchesSearch(a, 'khal ahm')).toBe(true);
    expect(matchesSearch(a, 'b2023')).toBe(true);
    expect(matchesSearch(a, '1045')).toBe(true);
    expect(matchesSearch(a, 'omar')).toBe(false);
    expect(matchesSearch(a, '   ')).toBe(true);
  });

  it('reads Arabic-Indic and Persian digits typed on an Arabic keyboard as ASCII', () => {
    expect(matchesSearch(a, '١٠٤٥')).toBe(true);
    expect(matchesSearch(a, '۲۰۲۳')).toBe(true);
    expect(matchesSearch(reg({ name: 'محمد العلي', student_number: '77' }), 'العلي')).toBe(true);
  });
});

describe('check-in list, summary and CSV', () => {
  const list = toAttendees([
    reg({ name: 'In', attended_at: '2026-11-20T16:05:00Z', email: 'in@example.com' }),
    reg({ name: 'Out' }),
    reg({ name: 'Seated', status: 'pending' }),
    reg({ name: 'Waiting', status: 'pending', waitlist_position: 1 }),
    reg({ name: 'No', status: 'rejected' }),
  ]);

  it('only approved registrations can be checked in', () => {
    expect(checkInList(list).map((a) => a.name)).toEqual(['In', 'Out']);
  });

  it('counts seats held, the waitlist and those checked in', () => {
    expect(summarize(list)).toEqual({ registered: 3, waitlisted: 1, attended: 1 });
  });

  it('CSV rows carry machine values in the documented columns', () => {
    expect(csvRows(list)).toEqual([
      {
        name: 'In',
        student_number: '2020001',
        status: 'approved',
        email: 'in@example.com',
        waitlist_place: '',
        attended_at: '2026-11-20T16:05:00Z',
      },
      { name: 'Out', student_number: '2020001', status: 'approved', email: '', waitlist_place: '', attended_at: '' },
      { name: 'Seated', student_number: '2020001', status: 'pending', email: '', waitlist_place: '', attended_at: '' },
      {
        name: 'Waiting',
        student_number: '2020001',
        status: 'waitlisted',
        email: '',
        waitlist_place: 1,
        attended_at: '',
      },
      { name: 'No', student_number: '2020001', status: 'rejected', email: '', waitlist_place: '', attended_at: '' },
    ]);
  });

  it('applies the answer of set_attendance to one row only', () => {
    const out = list.find((a) => a.name === 'Out')!;
    const after = withAttendance(list, out.id, '2026-11-20T16:10:00Z');
    expect(after.filter((a) => a.attended_at !== null).map((a) => a.name)).toEqual(['In', 'Out']);
    expect(withAttendance(after, out.id, null).filter((a) => a.attended_at !== null)).toHaveLength(1);
  });

  it('follows the version the database gives the row, so the next check-in names it', () => {
    const out = list.find((a) => a.name === 'Out')!;
    const after = withAttendance(list, out.id, '2026-11-20T16:10:00Z');
    expect(after.find((a) => a.id === out.id)!.version).toBe(out.version + 1);
    const same = withAttendance(after, out.id, '2026-11-20T16:10:00Z');
    expect(same.find((a) => a.id === out.id)!.version).toBe(out.version + 1);
  });
});

describe('dashboard figures', () => {
  it('registered = seats held, waitlisted apart, rejected not counted; places from the database', () => {
    const rows = [
      { status: 'approved' as const, waitlist_position: null },
      { status: 'pending' as const, waitlist_position: null },
      { status: 'pending' as const, waitlist_position: 1 },
      { status: 'rejected' as const, waitlist_position: null },
    ];
    expect(eventFigures(rows, { capacity: 10, places_left: 8 })).toEqual({
      registered: 2,
      waitlisted: 1,
      capacity: 10,
      placesLeft: 8,
    });
    expect(eventFigures(rows, { capacity: null, places_left: null }).placesLeft).toBeNull();
    expect(eventFigures([], { capacity: 5, places_left: 5 })).toEqual({
      registered: 0,
      waitlisted: 0,
      capacity: 5,
      placesLeft: 5,
    });
  });
});
