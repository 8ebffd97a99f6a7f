export type EventStatus = 'past' | 'open' | 'closed';

/** The badge: past first (derived from the date at read time), else open or closed registration. */
export function eventStatus(record: { is_past?: boolean | null; starts_at?: string | null; registration_open?: boolean | null }, now: Date = new Date()): EventStatus {
  const past = record.is_past ?? (record.starts_at ? new Date(record.starts_at).getTime() < now.getTime() : false);
  if (past) return 'past';
  return record.registration_open ? 'open' : 'closed';
}
