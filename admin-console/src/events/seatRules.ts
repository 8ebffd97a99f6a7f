// The event's seat rules as the console repeats them before saving (the database is the
// authority: events.capacity > 0 or null; registration_deadline before starts_at or null).

/** A translation key when `value` is not a whole number ≥ 1 (empty = no limit: fine). */
export function capacityProblem(value: unknown): string | undefined {
  if (value === null || value === undefined || value === '') return undefined;
  return typeof value === 'number' && Number.isInteger(value) && value >= 1 ? undefined : 'events.validation.capacity';
}

const time = (value: unknown): number | null => {
  if (value === null || value === undefined || value === '') return null;
  const t = new Date(value as string | Date).getTime();
  return Number.isNaN(t) ? null : t;
};

/** A translation key when the deadline is not before the start (empty = until the start: fine). */
export function deadlineProblem(deadline: unknown, startsAt: unknown): string | undefined {
  const d = time(deadline);
  const s = time(startsAt);
  if (d === null || s === null) return undefined;
  return d < s ? undefined : 'events.validation.deadlineBeforeStart';
}
