import { query, reads } from '../../lib/data';
import { restClient, rows } from '../../lib/rest';
import type { EventRow } from '../../lib/types';

export type EventsWhen = 'upcoming' | 'past';

/**
 * Upcoming or past events. "Past" is derived from the date at read time (docs/decisions.md, "Content"), so an
 * event moves to the past list on its own; the database applies the same rule to submissions.
 */
function listEvents(when: EventsWhen, limit?: number): Promise<EventRow[]> {
  const now = new Date().toISOString();
  return rows<EventRow[]>((rest) => {
    const request =
      when === 'upcoming'
        ? rest.from('events').select('*').gte('starts_at', now).order('starts_at', { ascending: true })
        : rest.from('events').select('*').lt('starts_at', now).order('starts_at', { ascending: false });
    return limit ? request.limit(limit) : request;
  });
}

export const eventsQuery = (when: EventsWhen, limit?: number) =>
  query(
    `events:${when}:${limit ?? 'all'}`,
    () => listEvents(when, limit),
    ...(import.meta.env.SSR ? reads('events') : []),
  );

/** Every event, newest first: the prerender writes a page for each. */
export const allEventsQuery = query(
  'events:all-rows',
  () => rows<EventRow[]>((rest) => rest.from('events').select('*').order('starts_at', { ascending: false })),
  ...(import.meta.env.SSR ? reads('events') : []),
);

const isEventId = (id: string): boolean => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id);

async function getEvent(id: string): Promise<EventRow | null> {
  // A malformed id would make PostgREST answer 400; it is simply "not found" to a visitor.
  if (!isEventId(id)) return null;
  const { data, error } = await (await restClient()).from('events').select('*').eq('id', id).maybeSingle();
  if (error) throw error;
  return data as EventRow | null;
}

export const eventQuery = (id: string) =>
  query(`event:${id.toLowerCase()}`, () => getEvent(id), ...(import.meta.env.SSR ? reads('events') : []));
