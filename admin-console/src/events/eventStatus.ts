export type EventStatus = 'past' | 'open' | 'closed';

/**
 * The badge: past first (derived from the date at read time), else open or closed registration
 * (closed by staff, or by its deadline: the database refuses registrations after it).
 */
export function eventStatus(
  record: {
    is_past?: boolean | null;
    starts_at?: string | null;
    registration_open?: boolean | null;
    registration_deadline?: string | null;
  },
  now: Date = new Date(),
): EventStatus {
  const past = record.is_past ?? (record.starts_at ? new Date(record.starts_at).getTime() < now.getTime() : false);
  if (past) return 'past';
  if (record.registration_deadline && new Date(record.registration_deadline).getTime() <= now.getTime())
    return 'closed';
  return record.registration_open ? 'open' : 'closed';
}
