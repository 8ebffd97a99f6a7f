import { describe, expect, it } from 'vitest';
import { claimedMail, renderClaimedMail, type ClaimedMailRow } from './outbox';

const L = (s: string) => ({ en: `${s} (en)`, ar: `${s} بالعربية`, tr: `${s} (tr)` });
const row = (over: Partial<ClaimedMailRow> = {}): ClaimedMailRow => ({
  id: 7,
  kind: 'registration_waitlisted',
  email: 'visitor@example.test',
  language: 'en',
  waitlist_place: 2,
  cancel_token: 'tok',
  event_id: 'e0000000-0000-4000-8000-000000000001',
  event_title: L('Cultural night'),
  event_description: L('Music'),
  event_location: L('Hall A'),
  event_starts_at: '2026-12-10T15:00:00Z',
  event_limited: true,
  ...over,
});

describe('a row of public.claim_mails', () => {
  it('becomes the renderer’s mail, field by field', () => {
    expect(claimedMail(row())).toEqual({
      id: 7,
      kind: 'registration_waitlisted',
      to: 'visitor@example.test',
      language: 'en',
      waitlistPlace: 2,
      cancelToken: 'tok',
      event: {
        id: 'e0000000-0000-4000-8000-000000000001',
        title: L('Cultural night'),
        description: L('Music'),
        location: L('Hall A'),
        startsAt: '2026-12-10T15:00:00Z',
        limited: true,
      },
    });
    const m = renderClaimedMail(row(), 'https://union.example');
    expect(m.to).toBe('visitor@example.test');
    expect(m.subject).toContain('Cultural night (en)');
  });

  it('without a field the mail needs is an error (recorded as the mail’s), never a mail with a gap', () => {
    expect(() => claimedMail(row({ email: null }))).toThrow('claim_mails answered no email');
    expect(() => claimedMail(row({ event_title: null }))).toThrow('claim_mails answered no event_title');
    expect(() => claimedMail(row({ kind: null }))).toThrow('claim_mails answered no kind');
    expect(() => claimedMail(row({ event_limited: null }))).toThrow('claim_mails answered no event_limited');
  });
});
