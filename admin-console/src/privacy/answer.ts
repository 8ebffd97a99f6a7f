// The answers of public.person_data and public.erase_person, typed by the generated database types
// (composite types public.person_data and public.erasure_counts), turned into what the page shows
// and what the person's copy holds. A composite type's fields are nullable in SQL: an empty list
// is an empty array here.
import type { Database } from '@union/shared/database.types';
import type { PersonData } from './personData';

type Composite<T extends keyof Database['public']['CompositeTypes']> = Database['public']['CompositeTypes'][T];
export type PersonDataAnswer = Composite<'person_data'>;
export type ErasureCounts = Composite<'erasure_counts'>;

/**
 * The person's data: their forms, each with the title of the event or book it names (and without
 * the honeypot field, always empty in a stored form), the mails about them, their register record,
 * a staff account and the audit entries.
 */
export function personDataFrom(answer: PersonDataAnswer) {
  const titles = new Map((answer.titles ?? []).map((t) => [t.id, t.title]));
  const titleOf = (id: string | null) => (id ? (titles.get(id) ?? null) : null);
  const data: PersonData & { mails: unknown[] } = {
    studentNumber: answer.student_number,
    email: answer.email,
    submissions: (answer.submissions ?? []).map(({ honeypot: _honeypot, ...form }) => ({
      ...form,
      event_title: titleOf(form.event_id),
      book_title: titleOf(form.book_id),
    })),
    mails: answer.mails ?? [],
    students: answer.students ?? [],
    staff: answer.staff ?? [],
    audit: answer.audit ?? [],
  };
  return data;
}

/** The counts the "erased" message names. */
export const erasedCounts = (counts: ErasureCounts) => ({
  submissions: counts.submissions ?? 0,
  students: counts.students ?? 0,
  auditEntries: counts.audit_entries ?? 0,
});
