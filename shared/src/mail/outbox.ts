// What the Edge Function send-mail runs from this package, bundled with everything it imports into
// supabase/functions/_shared/mail.js by `npm run gen:functions` (scripts/bundle-functions-shared.ts).
// A mail as public.claim_mails answers it is typed by the generated database types, so a field
// renamed in the database fails this file's type check instead of a mail at run time.
import type { Database } from '../database.types.ts';
import type { Language } from '../preferences.ts';
import { MAIL_KINDS, renderMail, type ClaimedMail, type MailKind, type RenderedMail } from './render.ts';

/** One row of public.claim_mails (the composite type public.claimed_mail). */
export type ClaimedMailRow = Database['public']['CompositeTypes']['claimed_mail'];

/** Thrown for a row the renderer cannot write; send-mail records it as the mail's error. */
function missing(field: string): never {
  throw new Error(`claim_mails answered no ${field}`);
}

const localized = (value: unknown, field: string): Record<Language, string> =>
  value && typeof value === 'object' ? (value as Record<Language, string>) : missing(field);

const isMailKind = (value: unknown): value is MailKind => MAIL_KINDS.includes(value as MailKind);

/** The renderer's view of a claimed mail. Composite fields are nullable in SQL: each is checked. */
export function claimedMail(row: ClaimedMailRow): ClaimedMail {
  return {
    id: row.id ?? missing('id'),
    kind: isMailKind(row.kind) ? row.kind : missing('kind'),
    to: row.email ?? missing('email'),
    language: row.language ?? missing('language'),
    waitlistPlace: row.waitlist_place,
    cancelToken: row.cancel_token,
    event: {
      id: row.event_id ?? missing('event_id'),
      title: localized(row.event_title, 'event_title'),
      description: localized(row.event_description, 'event_description'),
      location: localized(row.event_location, 'event_location'),
      startsAt: row.event_starts_at ?? missing('event_starts_at'),
      limited: row.event_limited ?? missing('event_limited'),
    },
  };
}

/** Renders one row of public.claim_mails (send-mail's only use of the renderer). */
export function renderClaimedMail(row: ClaimedMailRow, siteUrl: string, now: Date = new Date()): RenderedMail {
  return renderMail(claimedMail(row), siteUrl, now);
}
