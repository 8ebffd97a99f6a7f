// The attendee list and check-in of one event, as pure functions (docs/data-model.md
// "Check-in"). The database decides who may be checked in (approved registrations only); these
// only order, filter and count what it returns.
import type { Tables } from '@union/shared/database.types';
import { normalizeStudentNumber } from '@union/shared/validation';

type Submission = Tables<'submissions'>;

/** The registration columns the attendee list reads. */
export type Registration = Pick<
  Submission,
  'id' | 'name' | 'student_number' | 'status' | 'email' | 'waitlist_position' | 'attended_at' | 'created_at' | 'version'
>;

/**
 * The one place that names the columns read for the list, the check-in view and the CSV.
 * `email`: registrations carry one only once the optional email on registrations lands (issue 11
 * item 2); until then the column exists (contact forms use it) and is empty for registrations.
 */
export const REGISTRATION_COLUMNS =
  'id,name,student_number,status,email,waitlist_position,attended_at,created_at,version';

/** A registration's state as staff read it: pending ones on the waitlist are "waitlisted". */
export type AttendeeState = 'approved' | 'pending' | 'waitlisted' | 'rejected' | 'cancelled';

export interface Attendee extends Registration {
  state: AttendeeState;
  /** The place in the line (1 = next to get a seat), or null when not waiting. */
  waitlistPlace: number | null;
}

const STATE_ORDER: Record<AttendeeState, number> = {
  approved: 0,
  pending: 1,
  waitlisted: 2,
  rejected: 3,
  cancelled: 4,
};

export function stateOf(r: Pick<Registration, 'status' | 'waitlist_position'>): AttendeeState {
  if (r.status === 'pending' && r.waitlist_position !== null) return 'waitlisted';
  return r.status;
}

/**
 * The list in reading order: approved, pending, waitlisted (in line order), rejected; by name
 * within each. The place on the waitlist is counted as the database documents it: the pending
 * waitlisted registrations with a lower number, plus one (numbers are never reused).
 */
export function toAttendees(rows: readonly Registration[], lang = 'en'): Attendee[] {
  const waiting = rows
    .filter((r) => stateOf(r) === 'waitlisted')
    .map((r) => r.waitlist_position as number)
    .sort((a, b) => a - b);
  const collator = new Intl.Collator(lang);
  return rows
    .map((r) => {
      const state = stateOf(r);
      return { ...r, state, waitlistPlace: state === 'waitlisted' ? waiting.indexOf(r.waitlist_position!) + 1 : null };
    })
    .sort(
      (a, b) =>
        STATE_ORDER[a.state] - STATE_ORDER[b.state] ||
        (a.waitlistPlace ?? 0) - (b.waitlistPlace ?? 0) ||
        collator.compare(a.name, b.name),
    );
}

/** Lower-case, Arabic-Indic and Persian digits as ASCII, without surrounding blanks. */
const fold = (value: string) => normalizeStudentNumber(value).toLocaleLowerCase();

/** Search by name or student number: every word typed must appear in one of the two. */
export function matchesSearch(a: Pick<Registration, 'name' | 'student_number'>, query: string): boolean {
  const words = fold(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const haystack = `${fold(a.name)} ${fold(a.student_number ?? '')}`;
  return words.every((w) => haystack.includes(w));
}

/** Those staff may check in (the database refuses the others: not_approved). */
export const checkInList = (list: readonly Attendee[]): Attendee[] => list.filter((a) => a.state === 'approved');

export interface AttendeeSummary {
  /** Holding a seat: pending (not waitlisted) or approved. */
  registered: number;
  waitlisted: number;
  attended: number;
}

export function summarize(list: readonly Pick<Attendee, 'state' | 'attended_at'>[]): AttendeeSummary {
  return {
    registered: list.filter((a) => a.state === 'approved' || a.state === 'pending').length,
    waitlisted: list.filter((a) => a.state === 'waitlisted').length,
    attended: list.filter((a) => a.attended_at !== null).length,
  };
}

export const CSV_COLUMNS = ['name', 'student_number', 'status', 'email', 'waitlist_place', 'attended_at'] as const;
export type CsvRow = Record<(typeof CSV_COLUMNS)[number], string | number>;

/** CSV rows: machine values (status keys, ISO times) so a spreadsheet can sort and filter them. */
export function csvRows(list: readonly Attendee[]): CsvRow[] {
  return list.map((a) => ({
    name: a.name,
    student_number: a.student_number ?? '',
    status: a.state,
    email: a.email ?? '',
    waitlist_place: a.waitlistPlace ?? '',
    attended_at: a.attended_at ?? '',
  }));
}

/** The row after a check-in or its undo, as the database answered (attended_at or null). */
export const withAttendance = <T extends Pick<Registration, 'id' | 'attended_at' | 'version'>>(
  list: readonly T[],
  id: string,
  attendedAt: string | null,
): T[] =>
  list.map((a) =>
    a.id === id
      ? // set_attendance raises the row's version exactly when it changes the time (docs/data-model.md "Row versions").
        { ...a, attended_at: attendedAt, version: a.attended_at === attendedAt ? a.version : a.version + 1 }
      : a,
  );

export interface EventFigures {
  registered: number;
  waitlisted: number;
  capacity: number | null;
  placesLeft: number | null;
}

/**
 * The dashboard's figures for one event from its registrations (rejected ones excluded by the
 * caller or here) and the event's own capacity and places_left (the database's count).
 */
export function eventFigures(
  registrations: readonly Pick<Registration, 'status' | 'waitlist_position'>[],
  event: { capacity: number | null; places_left: number | null },
): EventFigures {
  const live = registrations.filter((r) => r.status !== 'rejected');
  return {
    registered: live.filter((r) => r.waitlist_position === null).length,
    waitlisted: live.filter((r) => r.waitlist_position !== null).length,
    capacity: event.capacity,
    placesLeft: event.capacity === null ? null : event.places_left,
  };
}
