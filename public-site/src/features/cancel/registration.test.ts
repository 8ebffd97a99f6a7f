import { describe, expect, it } from 'vitest';
import { toRegistration } from './registration';

const title = { en: 'Night', ar: 'ليلة', tr: 'Gece' };
const details = {
  event_id: 'e1',
  title,
  starts_at: '2026-12-10T15:00:00Z',
  location: title,
  status: 'pending' as const,
  waitlisted: true,
  limited: true,
};

describe('cancel_lookup’s answer', () => {
  it('is the registration the page shows', () => {
    expect(toRegistration(details)).toEqual({
      eventId: 'e1',
      title,
      startsAt: '2026-12-10T15:00:00Z',
      location: title,
      waitlisted: true,
      limited: true,
    });
  });

  it('says whether a cancelled seat goes to someone else', () => {
    expect(toRegistration({ ...details, limited: false })?.limited).toBe(false);
    expect(toRegistration({ ...details, limited: null })?.limited).toBe(false);
  });

  it('without its event is nothing to show', () => {
    expect(toRegistration(null)).toBeNull();
    expect(toRegistration({ ...details, event_id: null })).toBeNull();
  });
});
