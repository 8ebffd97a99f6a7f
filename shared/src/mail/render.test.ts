import { describe, expect, it } from 'vitest';
import { en } from '../i18n/mail/en';
import { MAIL_KINDS, renderMail, type ClaimedMail } from './render';

/** Greetings a mail must not open with, in each language. */
const TEXTS_FOR_CHECK = {
  ar: ['مرحبًا', 'عزيزي'],
  en: ['Hello', 'Dear'],
  tr: ['Merhaba', 'Sayın'],
};

const L = (s: string) => ({ en: `${s} (en)`, ar: `${s} بالعربية`, tr: `${s} (tr)` });
const mail = (over: Partial<ClaimedMail> = {}): ClaimedMail => ({
  id: 1,
  kind: 'registration_confirmed',
  to: 'visitor@example.test',
  language: 'ar',
  waitlistPlace: null,
  cancelToken: 'tok-123_abc',
  event: {
    id: 'e0000000-0000-4000-8000-000000000001',
    title: L('Cultural night'),
    description: L('Music, dabke'),
    location: L('Hall A'),
    startsAt: '2026-12-10T15:00:00Z',
    limited: true,
  },
  ...over,
});
const SITE = 'https://union.example/';

describe('renderMail', () => {
  it('writes Arabic right to left, with the event, the calendar file and the cancel link', () => {
    const m = renderMail(mail(), SITE, new Date('2026-12-01T00:00:00Z'));
    expect(m.to).toBe('visitor@example.test');
    expect(m.subject).toBe('تم استلام تسجيلك: Cultural night بالعربية');
    expect(m.html).toMatch(/^<!doctype html><html lang="ar" dir="rtl">/);
    expect(m.html).toContain('<div dir="rtl"');
    expect(m.html).toContain('text-align:right');
    // The union's time zone: 15:00 UTC is 6 pm in Istanbul, in Arabic words and digits, with the
    // weekday and no leading zero; Levantine month names (ar-PS, docs/decisions.md).
    expect(m.text).toContain('الموعد: الخميس، ١٠ كانون الأول ٢٠٢٦ في ٦:٠٠ م\n');
    expect(m.html).toContain('<td style="padding:4px 0">الخميس، ١٠ كانون الأول ٢٠٢٦ في ٦:٠٠ م</td>');
    expect(m.text).toContain('https://union.example/cancel?token=tok-123_abc');
    expect(m.html).toContain('href="https://union.example/cancel?token=tok-123_abc"');
    expect(m.text).toContain('https://union.example/events/e0000000-0000-4000-8000-000000000001');
    // Staff-written text is escaped in HTML.
    expect(renderMail(mail({ event: { ...mail().event, location: L('Hall <b>') } }), SITE).html).toContain(
      'Hall &lt;b&gt; بالعربية',
    );
    expect(m.attachments).toHaveLength(1);
    const [ics] = m.attachments;
    expect(ics!.filename).toBe('Cultural-night-بالعربية.ics');
    expect(ics!.contentType).toContain('text/calendar');
    expect(ics!.content).toContain('UID:e0000000-0000-4000-8000-000000000001@union-public-site\r\n');
    expect(ics!.content).toContain('DTSTART:20261210T150000Z\r\n');
    expect(ics!.content).toContain('URL:https://union.example/events/e0000000-0000-4000-8000-000000000001');
  });

  it('writes English and Turkish left to right under their own paths', () => {
    const enMail = renderMail(mail({ language: 'en' }), SITE);
    expect(enMail.html).toContain('<html lang="en" dir="ltr">');
    expect(enMail.subject).toBe('Registration received: Cultural night (en)');
    expect(enMail.text).toContain('https://union.example/en/cancel?token=tok-123_abc');
    expect(enMail.text).toContain(`${en.when}: Thursday, December 10, 2026 at 6:00 PM\n`);
    const trMail = renderMail(mail({ language: 'tr', kind: 'event_reminder' }), SITE);
    expect(trMail.subject).toBe('Yarın: Cultural night (tr)');
    expect(trMail.text).toContain('https://union.example/tr/events/');
    expect(trMail.text).toContain('Ne zaman: 10 Aralık 2026 Perşembe 18:00\n');
  });

  it('tells a waitlisted visitor their place, and an unknown language falls back to Arabic', () => {
    const m = renderMail(mail({ kind: 'registration_waitlisted', waitlistPlace: 3, language: 'en' }), SITE);
    expect(m.text).toContain('number 3 in line');
    // In Arabic the place is written with the date's digits.
    const arMail = renderMail(mail({ kind: 'registration_waitlisted', waitlistPlace: 12 }), SITE);
    expect(arMail.text).toContain('ترتيبك فيها: ١٢');
    expect(renderMail(mail({ language: 'xx' }), SITE).html).toContain('dir="rtl"');
  });

  it('gives a rejection no calendar file, and a mail without a token no cancel link', () => {
    const m = renderMail(mail({ kind: 'registration_rejected', cancelToken: null, language: 'en' }), SITE);
    expect(m.attachments).toEqual([]);
    expect(m.text).not.toContain('/cancel');
    expect(m.html).not.toContain('data-cancel-link');
  });

  it('has a subject and a body for every kind in every language', () => {
    for (const kind of MAIL_KINDS)
      for (const language of ['ar', 'en', 'tr']) {
        const m = renderMail(mail({ kind, language, waitlistPlace: 2 }), SITE);
        expect(m.subject).not.toMatch(/{{|}}/);
        expect(m.text).not.toMatch(/{{|}}/);
      }
  });

  it('confirms an approved registration with the calendar file and the cancel link', () => {
    for (const language of ['ar', 'en', 'tr']) {
      const m = renderMail(mail({ kind: 'registration_approved', language }), SITE);
      expect(m.subject).not.toBe(renderMail(mail({ language }), SITE).subject);
      expect(m.attachments.map((a) => a.contentType)).toEqual([expect.stringContaining('text/calendar')]);
      expect(m.text).toContain('/cancel?token=tok-123_abc');
    }
    expect(renderMail(mail({ kind: 'registration_approved', language: 'en' }), SITE).subject).toBe(
      'Registration approved: Cultural night (en)',
    );
  });

  it('says what cancelling does for the reader: a seat for someone else, nothing held, or leaving the waitlist', () => {
    const intro = (over: Partial<ClaimedMail>, limited: boolean) =>
      renderMail(mail({ language: 'en', ...over, event: { ...mail().event, limited } }), SITE).text;
    expect(intro({}, true)).toContain(en.cancelIntro.seat);
    expect(intro({ kind: 'event_reminder' }, false)).toContain(en.cancelIntro.open);
    expect(intro({ kind: 'event_reminder' }, false)).not.toContain('someone else');
    const waiting = intro({ kind: 'registration_waitlisted', waitlistPlace: 2 }, true);
    expect(waiting).toContain(en.cancelIntro.waitlist);
    expect(waiting).not.toContain(en.cancelIntro.seat);
  });

  it('carries no text a visitor typed and greets nobody (docs/mail.md)', () => {
    for (const kind of MAIL_KINDS)
      for (const language of ['ar', 'en', 'tr'] as const) {
        const m = renderMail(mail({ kind, language, waitlistPlace: 2 }), SITE);
        for (const text of Object.values(TEXTS_FOR_CHECK[language]).flat())
          expect(m.text.startsWith(text), `${kind} ${language}`).toBe(false);
        expect(m.text).not.toContain('visitor@example.test');
      }
    expect(Object.keys(en)).not.toContain('greeting');
  });

  it('writes no Latin digit in an Arabic mail outside its links and file names', () => {
    for (const kind of MAIL_KINDS) {
      const m = renderMail(mail({ kind, waitlistPlace: 1234 }), SITE);
      const words = m.text.replace(/https?:\/\/\S+/g, '');
      expect(words, kind).not.toMatch(/[0-9]/);
      const html = m.html.replace(/<[^>]*>/g, ' ').replace(/https?:\/\/\S+/g, '');
      expect(html, kind).not.toMatch(/[0-9]/);
    }
  });
});
