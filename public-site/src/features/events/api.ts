import { rest } from '../../lib/rest';
import { rows } from '../../lib/useAsync';
import type { EventRow } from '../../lib/types';

/**
 * Upcoming or past events. "Past" is derived from the date at read time (decisions.md), so an
 * event moves to the past list on its own; the database applies the same rule to submissions.
 */
export function listEvents(when: 'upcoming' | 'past', limit?: number): Promise<EventRow[]> {
  const now = new Date().toISOString();
  let query =
    when === 'upcoming'
      ? rest.from('events').select('*').gte('starts_at', now).order('starts_at', { ascending: true })
      : rest.from('events').select('*').lt('starts_at', now).order('starts_at', { ascending: false });
  if (limit) query = query.limit(limit);
  return rows<EventRow[]>(query);
}

export async function getEvent(id: string): Promise<EventRow | null> {
  // A malformed id would make PostgREST answer 400; it is simply "not found" to a visitor.
  if (!/^[0-9a-f-]{36}$/i.test(id)) return null;
  const { data, error } = await rest.from('events').select('*').eq('id', id).maybeSingle();
  if (error) throw error;
  return data as EventRow | null;
}

export const isPastEvent = (event: Pick<EventRow, 'starts_at'>, now = Date.now()): boolean =>
  new Date(event.starts_at).getTime() < now;
