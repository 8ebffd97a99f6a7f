// The mails about event registrations, written from what public.claim_mails answers
// (supabase/migrations/20261122080700_mail.sql): subject, plain text and HTML in the visitor's
// language (Arabic right to left), the event's details, its calendar file (the same entry as the
// event page's "Add to calendar": ../ics.ts) and, while the registration holds or waits for a
// seat, the link to the public site's cancel page, with a line above it that is true for the
// reader's registration (a seat of a limited event, a seat of an open one, a place on the
// waitlist). No mail greets its reader by name or repeats anything a visitor typed: the address
// is nobody's proof of consent, so a mail must not carry a stranger's words (docs/mail.md). Pure: the Edge Function send-mail (Deno) sends
// what this returns; unit tests read it. Imports carry their extensions for Deno.
import { Constants } from '../database.types.ts';
import { formatAppointment, formatNumber } from '../format.ts';
import { buildIcs, eventCalendarEntry, icsFileName } from '../ics.ts';
import { ar } from '../i18n/mail/ar.ts';
import { en } from '../i18n/mail/en.ts';
import { tr } from '../i18n/mail/tr.ts';
import type { MailResources } from '../i18n/mail/types.ts';
import { isLanguage, isRtl, type Language } from '../preferences.ts';

/** The kinds of mail, as the schema's `mail_kind` enum lists them (generated: npm run gen:types). */
export const MAIL_KINDS = Constants.public.Enums.mail_kind;
export type MailKind = (typeof MAIL_KINDS)[number];

type Localized = Record<Language, string>;

/** One mail to write: a row of public.claim_mails as ./outbox.ts reads it. */
export interface ClaimedMail {
  id: number;
  kind: MailKind;
  to: string;
  language: string;
  waitlistPlace: number | null;
  cancelToken: string | null;
  event: {
    id: string;
    title: Localized;
    description: Localized;
    location: Localized;
    startsAt: string;
    /** The event has a number of places (a freed seat goes to someone else). */
    limited: boolean;
  };
}

export interface RenderedMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  attachments: { filename: string; content: string; contentType: string }[];
}

const TEXTS: Record<Language, MailResources> = { ar, en, tr };

/** The public site's address of a page in a language (public-site/src/lib/paths.ts: Arabic at the root). */
function sitePath(siteUrl: string, lang: Language, path: string): string {
  return `${siteUrl.replace(/\/+$/, '')}${lang === 'ar' ? '' : `/${lang}`}${path}`;
}

/** `{{name}}` placeholders, as i18next writes them. */
function fill(text: string, values: Record<string, string>): string {
  return text.replace(/{{\s*(\w+)\s*}}/g, (_, key: string) => values[key] ?? '');
}

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

/** The public site's cancel page for a token, in the mail's language (the page asks before it cancels). */
function cancelUrl(siteUrl: string, lang: Language, token: string): string {
  return `${sitePath(siteUrl, lang, '/cancel')}?token=${encodeURIComponent(token)}`;
}

export function renderMail(mail: ClaimedMail, siteUrl: string, now: Date = new Date()): RenderedMail {
  const lang: Language = isLanguage(mail.language) ? mail.language : 'ar';
  const t = TEXTS[lang];
  const dir = isRtl(lang) ? 'rtl' : 'ltr';
  const title = mail.event.title[lang];
  const location = mail.event.location[lang];
  // Every mail is about an event someone plans to attend: with its weekday.
  const when = formatAppointment(mail.event.startsAt, lang);
  const eventUrl = sitePath(siteUrl, lang, `/events/${mail.event.id}`);
  const values = { title, place: mail.waitlistPlace === null ? '' : formatNumber(mail.waitlistPlace, lang) };
  const subject = fill(t.subject[mail.kind], values);
  const body = fill(t.body[mail.kind], values);
  const cancel = mail.cancelToken ? cancelUrl(siteUrl, lang, mail.cancelToken) : null;
  // A rejected registration has no event to go to: no calendar file for it.
  const withCalendar = mail.kind !== 'registration_rejected';
  const cancelIntro =
    t.cancelIntro[mail.kind === 'registration_waitlisted' ? 'waitlist' : mail.event.limited ? 'seat' : 'open'];

  const text = [
    body,
    '',
    `${t.when}: ${when}`,
    `${t.where}: ${location}`,
    `${t.eventLink}: ${eventUrl}`,
    ...(withCalendar ? ['', t.calendarNote] : []),
    ...(cancel ? ['', cancelIntro, cancel] : []),
    '',
    t.signature,
    '',
    '--',
    t.footer,
    '',
  ].join('\n');

  const align = dir === 'rtl' ? 'right' : 'left';
  const p = (content: string, style = '') => `<p style="margin:0 0 16px;${style}">${content}</p>`;
  const html =
    `<!doctype html><html lang="${lang}" dir="${dir}"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(subject)}</title></head>` +
    `<body style="margin:0;padding:0;background:#f3f4f6">` +
    `<div dir="${dir}" style="max-width:560px;margin:0 auto;padding:24px;background:#ffffff;color:#111827;` +
    `font-family:Tahoma,Arial,sans-serif;font-size:16px;line-height:1.6;text-align:${align}">` +
    p(escapeHtml(t.siteName), 'font-weight:bold;color:#007a3d;font-size:18px') +
    p(escapeHtml(body)) +
    `<table role="presentation" style="margin:0 0 16px;border-collapse:collapse">` +
    `<tr><th style="padding:4px 0;padding-inline-end:12px;text-align:${align};vertical-align:top">${escapeHtml(t.when)}</th>` +
    `<td style="padding:4px 0">${escapeHtml(when)}</td></tr>` +
    `<tr><th style="padding:4px 0;padding-inline-end:12px;text-align:${align};vertical-align:top">${escapeHtml(t.where)}</th>` +
    `<td style="padding:4px 0">${escapeHtml(location)}</td></tr></table>` +
    p(`<a href="${escapeHtml(eventUrl)}" style="color:#007a3d">${escapeHtml(t.eventLink)}</a>`) +
    (withCalendar ? p(escapeHtml(t.calendarNote)) : '') +
    (cancel
      ? p(escapeHtml(cancelIntro)) +
        p(
          `<a href="${escapeHtml(cancel)}" data-cancel-link style="display:inline-block;padding:8px 16px;border:1px solid #ce1126;` +
            `border-radius:6px;color:#ce1126;text-decoration:none">${escapeHtml(t.cancelLink)}</a>`,
        )
      : '') +
    p(escapeHtml(t.signature)) +
    p(escapeHtml(t.footer), 'font-size:12px;color:#6b7280') +
    `</div></body></html>`;

  const attachments = withCalendar
    ? [
        {
          filename: icsFileName(title),
          content: buildIcs(
            eventCalendarEntry({
              id: mail.event.id,
              title,
              description: mail.event.description[lang],
              location,
              startsAt: mail.event.startsAt,
              url: eventUrl,
            }),
            now,
          ),
          contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
        },
      ]
    : [];

  return { to: mail.to, subject, text, html, attachments };
}
