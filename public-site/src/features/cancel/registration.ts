import type { Database } from '@union/shared/database.types';
import type { LocalizedText } from '@union/shared/localized';

/** What public.cancel_lookup answers (the composite type public.cancel_details). */
export type CancelDetails = Database['public']['CompositeTypes']['cancel_details'];

/** The registration behind a cancel link, as the cancel page shows it. */
export interface Registration {
  eventId: string;
  title: LocalizedText;
  startsAt: string;
  location: LocalizedText;
  waitlisted: boolean;
  /** The event has a number of places: a cancelled seat goes to someone else. */
  limited: boolean;
}

/**
 * The page's view of cancel_lookup's answer. A composite type's fields are nullable in SQL; an
 * answer without its event is no registration to show (null: the page says the link is invalid).
 */
export function toRegistration(details: CancelDetails | null): Registration | null {
  if (!details?.event_id || !details.starts_at || !details.title || !details.location) return null;
  return {
    eventId: details.event_id,
    title: details.title as LocalizedText,
    startsAt: details.starts_at,
    location: details.location as LocalizedText,
    waitlisted: details.waitlisted === true,
    limited: details.limited === true,
  };
}
