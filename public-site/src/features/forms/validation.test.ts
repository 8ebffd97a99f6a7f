import { describe, expect, it } from 'vitest';
import {
  contactRow,
  evaluationRow,
  feedbackRow,
  loanRow,
  localToday,
  registrationRow,
  validateContact,
  validateEvaluation,
  validateFeedback,
  validateLoan,
  loanDateRange,
  addDays,
  validateRegistration,
} from './validation';

describe('form validation', () => {
  it('registration needs a name and a student number; an email is optional, checked when given', () => {
    expect(validateRegistration({ name: ' ', studentNumber: '', email: '' })).toEqual({
      name: 'form.nameRequired',
      studentNumber: 'form.studentIdRequired',
    });
    expect(validateRegistration({ name: 'Ali', studentNumber: '1', email: ' ' })).toEqual({});
    expect(validateRegistration({ name: 'Ali', studentNumber: '1', email: 'ali@' })).toEqual({
      email: 'form.emailInvalid',
    });
  });

  it('evaluation needs a 1–5 rating and feedback', () => {
    const ok = { name: 'Ali', studentNumber: '1', rating: 4, message: 'Great' };
    expect(validateEvaluation(ok)).toEqual({});
    expect(validateEvaluation({ ...ok, rating: 0 })).toEqual({ rating: 'form.ratingRequired' });
    expect(validateEvaluation({ ...ok, rating: 6 })).toEqual({ rating: 'form.ratingRequired' });
    expect(validateEvaluation({ ...ok, rating: 2.5 })).toEqual({ rating: 'form.ratingRequired' });
    expect(validateEvaluation({ ...ok, message: '' })).toEqual({ message: 'form.feedbackRequired' });
  });

  it('loan needs a date and a known pickup place', () => {
    const ok = { name: 'Ali', studentNumber: '1', loanDate: '2026-05-01', pickupLocation: 'midan' };
    expect(validateLoan(ok, '2026-05-01')).toEqual({});
    expect(validateLoan({ ...ok, loanDate: '' }, '2026-05-01')).toEqual({ loanDate: 'form.loanDateRequired' });
    expect(validateLoan({ ...ok, pickupLocation: 'moon' }, '2026-05-01')).toEqual({
      pickupLocation: 'form.pickupRequired',
    });
  });

  it('marks a past or too distant pick-up date on its field, as the database would refuse it', () => {
    const ok = { name: 'Ali', studentNumber: '1', loanDate: '2026-12-31', pickupLocation: 'campus' };
    expect(validateLoan({ ...ok, loanDate: '2026-12-30' }, '2026-12-31')).toEqual({ loanDate: 'form.loanDatePast' });
    expect(validateLoan({ ...ok, loanDate: '2027-03-02' }, '2026-12-31')).toEqual({ loanDate: 'form.loanDateTooFar' });
    // Today and 60 days ahead (across the year's end) are accepted.
    expect(validateLoan(ok, '2026-12-31')).toEqual({});
    expect(validateLoan({ ...ok, loanDate: '2027-03-01' }, '2026-12-31')).toEqual({});
    expect(loanDateRange('2026-12-31')).toEqual({ min: '2026-12-31', max: '2027-03-01' });
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
  });

  it('contact uses its own message keys', () => {
    expect(validateContact({ name: '', email: '', message: '' })).toEqual({
      name: 'form.nameRequired',
      email: 'form.emailRequired',
      message: 'form.messageRequired',
    });
    expect(validateContact({ name: 'A', email: 'a@b', message: 'm' })).toEqual({ email: 'form.emailInvalid' });
    expect(validateContact({ name: 'A', email: 'a@b.co', message: 'm' })).toEqual({});
  });

  it('feedback: email optional but validated, type is complaint or suggestion', () => {
    const ok = { name: 'A', studentNumber: '1', email: '', kind: 'complaint' as const, message: 'm' };
    expect(validateFeedback(ok)).toEqual({});
    expect(validateFeedback({ ...ok, email: 'x' })).toEqual({ email: 'form.emailInvalid' });
    expect(validateFeedback({ ...ok, kind: '' })).toEqual({ kind: 'form.typeRequired' });
  });
});

describe('submission rows', () => {
  it('carry exactly the fields of their type, trimmed, with the honeypot as null when empty', () => {
    expect(registrationRow({ name: ' Ali ', studentNumber: ' ٢٠٢٤٠٠١ ', email: '' }, 'ev1', '', 'ar')).toEqual({
      type: 'event_registration',
      name: 'Ali',
      student_number: '2024001',
      event_id: 'ev1',
      email: null,
      language: 'ar',
      honeypot: null,
    });
    expect(
      registrationRow({ name: 'Ali', studentNumber: '1', email: ' ali@example.com ' }, 'ev1', '', 'tr'),
    ).toMatchObject({ email: 'ali@example.com', language: 'tr' });
    expect(
      evaluationRow({ name: 'A', studentNumber: '1', rating: 5, message: ' Good ' }, 'ev', 'http://spam'),
    ).toMatchObject({
      type: 'evaluation',
      rating: 5,
      message: 'Good',
      honeypot: 'http://spam',
    });
    expect(
      loanRow({ name: 'A', studentNumber: '1', loanDate: '2026-01-02', pickupLocation: 'campus' }, 'b1', ''),
    ).toEqual({
      type: 'book_loan',
      name: 'A',
      student_number: '1',
      book_id: 'b1',
      pickup_location: 'campus',
      loan_date: '2026-01-02',
      honeypot: null,
    });
    expect(contactRow({ name: 'A', email: ' a@b.co ', message: 'hi' }, '')).toEqual({
      type: 'contact',
      name: 'A',
      email: 'a@b.co',
      message: 'hi',
      honeypot: null,
    });
  });

  it('stores the feedback choice as the submission type', () => {
    const v = { name: 'A', studentNumber: '1', email: 'a@b.co', message: 'm' };
    expect(feedbackRow({ ...v, kind: 'complaint' }, '').type).toBe('complaint');
    expect(feedbackRow({ ...v, kind: 'suggestion' }, '').type).toBe('suggestion');
  });

  it("defaults the loan date to the visitor's local today", () => {
    expect(localToday(new Date(2026, 0, 5, 23, 30))).toBe('2026-01-05');
  });
});
