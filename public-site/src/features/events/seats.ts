import { query } from '../../lib/data';
import { rows } from '../../lib/rest';
import type { EventRow } from '../../lib/types';

/**
 * Where an event's registration stands at `now`: past (evaluate), closed by staff, closed by its
 * deadline, or open. The database decides the same on insert (event_not_upcoming,
 * registration_closed, registration_deadline_passed); this only picks the button.
 */
export type RegistrationState = 'past' | 'closed' | 'deadlinePassed' | 'open';

export function registrationState(
  event: Pick<EventRow, 'starts_at' | 'registration_open' | 'registration_deadline'>,
  now: number,
): RegistrationState {
  if (new Date(event.starts_at).getTime() < now) return 'past';
  if (!event.registration_open) return 'closed';
  if (event.registration_deadline && new Date(event.registration_deadline).getTime() <= now) return 'deadlinePassed';
  return 'open';
}

/** Free seats by event id, for the upcoming events that have a capacity. */
export type PlacesLeft = ReadonlyMap<string, number>;

/**
 * Free seats of every upcoming event with a capacity, from the computed field `places_left`
 * (visitors cannot read registrations). A live read only: no route declares it, so the
 * prerender never fetches it and a page's HTML carries no number that may be days old; the
 * browser reads it after loading (and again after each registration).
 */
export const placesLeftQuery = query('events:places', async (): Promise<Record<string, number>> => {
  const now = new Date().toISOString();
  const data = await rows<{ id: string; places_left: number | null }[]>((rest) =>
    rest.from('events').select('id,places_left').not('capacity', 'is', null).gte('starts_at', now),
  );
  // A plain object: the query cache compares results as JSON.
  return Object.fromEntries(data.filter((r) => r.places_left !== null).map((r) => [r.id, r.places_left!]));
});

/** What the card says about seats: nothing (no capacity, or not known yet), the number left, or full. */
export type SeatsLine = { kind: 'none' } | { kind: 'pending' } | { kind: 'left'; count: number } | { kind: 'full' };

export function seatsLine(
  event: Pick<EventRow, 'id' | 'capacity'>,
  state: RegistrationState,
  places: Record<string, number> | undefined,
): SeatsLine {
  if (event.capacity === null || state !== 'open') return { kind: 'none' };
  const left = places?.[event.id];
  if (left === undefined) return { kind: 'pending' };
  return left > 0 ? { kind: 'left', count: left } : { kind: 'full' };
}
