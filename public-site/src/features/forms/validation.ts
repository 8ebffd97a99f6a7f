import { isBlank, isValidEmail, normalizeStudentNumber } from '@union/shared/validation';
import type { SubmissionInsert } from '@union/shared/submit';
import type { TextKey } from '../../lib/i18n';
import {
  LOAN_DAYS_AHEAD,
  PICKUP_LOCATIONS,
  RATING_MAX,
  RATING_MIN,
  type Language,
  type PickupLocation,
} from '@union/shared/constants';

// The forms' friendly checks (docs/decisions.md, "Forms"). Each returns translation keys per
// field; the database repeats every rule, so these only spare visitors a round trip.

export type FieldErrors<F extends string> = Partial<Record<F, TextKey>>;

export interface RegistrationValues {
  name: string;
  studentNumber: string;
  /** Optional: the event's mails (confirmation with a calendar file, cancel link, reminder). */
  email: string;
}
export interface EvaluationValues {
  name: string;
  studentNumber: string;
  rating: number;
  message: string;
}
export interface LoanValues {
  name: string;
  studentNumber: string;
  loanDate: string;
  pickupLocation: string;
}
export interface ContactValues {
  name: string;
  email: string;
  message: string;
}
export type FeedbackKind = 'complaint' | 'suggestion';
export interface FeedbackValues {
  name: string;
  studentNumber: string;
  email: string;
  kind: FeedbackKind | '';
  message: string;
}

const optionalEmail = (email: string): TextKey | undefined =>
  !isBlank(email) && !isValidEmail(email) ? 'form.emailInvalid' : undefined;

function clean<F extends string>(errors: Record<F, TextKey | undefined>): FieldErrors<F> {
  return Object.fromEntries(Object.entries(errors).filter(([, v]) => v !== undefined)) as FieldErrors<F>;
}

export const validateRegistration = (v: RegistrationValues) =>
  clean({
    name: isBlank(v.name) ? 'form.nameRequired' : undefined,
    studentNumber: isBlank(v.studentNumber) ? 'form.studentIdRequired' : undefined,
    email: optionalEmail(v.email),
  });

export const validateEvaluation = (v: EvaluationValues) =>
  clean({
    name: isBlank(v.name) ? 'form.nameRequired' : undefined,
    studentNumber: isBlank(v.studentNumber) ? 'form.studentIdRequired' : undefined,
    rating:
      Number.isInteger(v.rating) && v.rating >= RATING_MIN && v.rating <= RATING_MAX
        ? undefined
        : 'form.ratingRequired',
    message: isBlank(v.message) ? 'form.feedbackRequired' : undefined,
  });

/** The pick-up dates the database accepts, as the visitor's calendar days (YYYY-MM-DD). */
export const loanDateRange = (today: string = localToday()) => ({ min: today, max: addDays(today, LOAN_DAYS_AHEAD) });

/**
 * A past or too distant pick-up date is marked on its field: the database refuses it as
 * invalid_submission, which alone would only say "some information is invalid".
 */
function loanDateError(date: string, today: string): TextKey | undefined {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return 'form.loanDateRequired';
  const { min, max } = loanDateRange(today);
  // ISO dates compare as text.
  if (date < min) return 'form.loanDatePast';
  if (date > max) return 'form.loanDateTooFar';
  return undefined;
}

export const validateLoan = (v: LoanValues, today: string = localToday()) =>
  clean({
    name: isBlank(v.name) ? 'form.nameRequired' : undefined,
    studentNumber: isBlank(v.studentNumber) ? 'form.studentIdRequired' : undefined,
    loanDate: loanDateError(v.loanDate, today),
    pickupLocation: (PICKUP_LOCATIONS as readonly string[]).includes(v.pickupLocation)
      ? undefined
      : 'form.pickupRequired',
  });

export const validateContact = (v: ContactValues) =>
  clean({
    name: isBlank(v.name) ? 'form.nameRequired' : undefined,
    email: isBlank(v.email) ? 'form.emailRequired' : !isValidEmail(v.email) ? 'form.emailInvalid' : undefined,
    message: isBlank(v.message) ? 'form.messageRequired' : undefined,
  });

export const validateFeedback = (v: FeedbackValues) =>
  clean({
    name: isBlank(v.name) ? 'form.nameRequired' : undefined,
    studentNumber: isBlank(v.studentNumber) ? 'form.studentIdRequired' : undefined,
    email: optionalEmail(v.email),
    kind: v.kind === 'complaint' || v.kind === 'suggestion' ? undefined : 'form.typeRequired',
    message: isBlank(v.message) ? 'form.messageRequired' : undefined,
  });

/**
 * The row a form inserts into `submissions` (data-model.md: exactly the type's fields; an
 * email only on registration, contact, feedback, complaint and suggestion, a message not on loans):
 * the generated insert type's columns a form fills, the types a form sends (feedback is sent as
 * `complaint` or `suggestion`), the hidden "website" field always (people leave it empty, bots fill
 * it; the database refuses those) and the page's language (the mails are written in it).
 */
export type SubmissionRow = Pick<
  SubmissionInsert,
  'name' | 'email' | 'student_number' | 'event_id' | 'book_id' | 'pickup_location' | 'loan_date' | 'message' | 'rating'
> &
  Required<Pick<SubmissionInsert, 'honeypot'>> & {
    type: Exclude<SubmissionInsert['type'], 'feedback'>;
    language?: Language;
  };

const text = (value: string) => value.trim();
const optional = (value: string) => (isBlank(value) ? null : value.trim());
const honey = (value: string) => (value === '' ? null : value);

export const registrationRow = (
  v: RegistrationValues,
  eventId: string,
  website: string,
  language: Language,
): SubmissionRow => ({
  type: 'event_registration',
  name: text(v.name),
  student_number: normalizeStudentNumber(v.studentNumber),
  event_id: eventId,
  email: optional(v.email),
  language,
  honeypot: honey(website),
});

export const evaluationRow = (v: EvaluationValues, eventId: string, website: string): SubmissionRow => ({
  type: 'evaluation',
  name: text(v.name),
  student_number: normalizeStudentNumber(v.studentNumber),
  event_id: eventId,
  rating: v.rating,
  message: text(v.message),
  honeypot: honey(website),
});

export const loanRow = (v: LoanValues, bookId: string, website: string): SubmissionRow => ({
  type: 'book_loan',
  name: text(v.name),
  student_number: normalizeStudentNumber(v.studentNumber),
  book_id: bookId,
  pickup_location: v.pickupLocation as PickupLocation,
  loan_date: v.loanDate,
  honeypot: honey(website),
});

export const contactRow = (v: ContactValues, website: string): SubmissionRow => ({
  type: 'contact',
  name: text(v.name),
  email: text(v.email),
  message: text(v.message),
  honeypot: honey(website),
});

/** docs/decisions.md, "Forms": the complaint/suggestion choice is stored as the submission type. */
export const feedbackRow = (v: FeedbackValues, website: string): SubmissionRow => ({
  type: v.kind === 'complaint' ? 'complaint' : 'suggestion',
  name: text(v.name),
  student_number: normalizeStudentNumber(v.studentNumber),
  email: optional(v.email),
  message: text(v.message),
  honeypot: honey(website),
});

/** Today as YYYY-MM-DD in the visitor's own time zone (the loan date's default). */
/** YYYY-MM-DD `days` after the calendar day `date` (YYYY-MM-DD). */
export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

export function localToday(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
