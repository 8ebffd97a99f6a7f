import { describe, expect, it } from 'vitest';
import { erasedCounts, personDataFrom, type PersonDataAnswer } from './answer';

const form = {
  id: 'f1',
  type: 'event_registration',
  event_id: 'e1',
  book_id: null,
  honeypot: null,
  name: 'Lina',
  created_at: '2026-11-01T10:00:00Z',
} as unknown as NonNullable<PersonDataAnswer['submissions']>[number];

describe('person_data’s answer', () => {
  it('gives each form the title of its event, without the honeypot field, and empty lists for none', () => {
    const data = personDataFrom({
      student_number: '2021010001',
      email: null,
      submissions: [form],
      titles: [{ id: 'e1', title: { en: 'Night', ar: 'ليلة', tr: 'Gece' } }],
      mails: null,
      students: [],
      staff: null,
      audit: null,
    });
    expect(data.studentNumber).toBe('2021010001');
    expect(data.submissions).toEqual([
      {
        id: 'f1',
        type: 'event_registration',
        event_id: 'e1',
        book_id: null,
        name: 'Lina',
        created_at: '2026-11-01T10:00:00Z',
        event_title: { en: 'Night', ar: 'ليلة', tr: 'Gece' },
        book_title: null,
      },
    ]);
    expect([data.mails, data.students, data.staff, data.audit]).toEqual([[], [], [], []]);
  });

  it('erase_person’s counts are the ones the message names', () => {
    expect(erasedCounts({ submissions: 3, students: 1, audit_entries: 9 })).toEqual({
      submissions: 3,
      students: 1,
      auditEntries: 9,
    });
  });
});
