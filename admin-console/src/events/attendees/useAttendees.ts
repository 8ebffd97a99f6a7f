import { useCallback, useEffect, useState } from 'react';
import type { Tables } from '@union/shared/database.types';
import { supabase } from '../../providers/supabase';
import { errorMessageKey } from '../../providers/errors';
import type { MessageKey } from '../../i18n/keys';
import { REGISTRATION_COLUMNS, withAttendance, type Registration } from './attendees';

export type AttendeeEvent = Pick<Tables<'events'>, 'id' | 'title' | 'starts_at' | 'capacity' | 'places_left'>;

interface State {
  event: AttendeeEvent | null;
  registrations: Registration[];
  loading: boolean;
  /** A translation key when loading failed. */
  error: MessageKey | null;
}

/**
 * One event and all its registrations, read as staff read submissions (row-level security: staff
 * only). Read with the typed client rather than the data provider: the page needs every row of
 * one event at once (printing, CSV, searching as one types), not a page of a list.
 */
export function useAttendees(eventId: string) {
  const [state, setState] = useState<State>({ event: null, registrations: [], loading: true, error: null });

  const load = useCallback(async () => {
    const [event, rows] = await Promise.all([
      supabase.from('events').select('id,title,starts_at,capacity,places_left').eq('id', eventId).single(),
      supabase
        .from('submissions')
        .select(REGISTRATION_COLUMNS)
        .eq('event_id', eventId)
        .eq('type', 'event_registration')
        .order('created_at'),
    ]);
    const failed = event.error ?? rows.error;
    setState({
      event: event.data ?? null,
      registrations: rows.data ?? [],
      loading: false,
      error: failed ? (errorMessageKey(failed) ?? 'errors.generic') : null,
    });
  }, [eventId]);

  useEffect(() => {
    void load();
  }, [load]);

  /**
   * Marks a registration attended (or undoes it), naming the version the list shows; answers an
   * error key, or null when done. Refused as stale (someone else reviewed it or undid its
   * check-in meanwhile), the list is read again so the volunteer sees the registration as it is.
   */
  const setAttendance = useCallback(
    async (registration: Pick<Registration, 'id' | 'version'>, attended: boolean): Promise<MessageKey | null> => {
      const { id, version } = registration;
      const { data, error } = await supabase.rpc('set_attendance', { submission_id: id, attended, version });
      if (error) {
        const key = errorMessageKey(error) ?? 'errors.generic';
        if (key === 'errors.stale_record') await load();
        return key;
      }
      setState((s) => ({ ...s, registrations: withAttendance(s.registrations, id, data ?? null) }));
      return null;
    },
    [load],
  );

  return { ...state, reload: load, setAttendance };
}
