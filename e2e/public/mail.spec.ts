// Registration mails end to end (docs/mail.md): an Arabic registration with an email gets a mail
// in the local inbox, right to left, with the event's calendar file and a cancel link; the link
// opens the cancel page, which asks before it cancels; the freed seat goes to the waitlisted
// visitor, who is mailed. The stack's drain sends the mails within a second or two.
import { randomUUID } from 'node:crypto';
import { formatAppointment } from '@union/shared/format';
import { ar as mailAr } from '@union/shared/i18n/mail/ar';
import { expect, test, urls } from '../harness/fixtures';
import { demo, open, resetRateLimit, texts, uniqueName } from './helpers';

const ar = texts.ar;

test.beforeEach(async ({ db }) => resetRateLimit(db));

interface InboxMessage {
  id: string;
  to: string[];
  subject: string;
  text: string;
  html: string;
  Attachments: { FileName: string; ContentType: string; Size: number; PartID: string }[];
}

async function inbox(address: string): Promise<InboxMessage[]> {
  const res = await fetch(`${urls.mail}/api/messages`);
  return ((await res.json()) as InboxMessage[]).filter((m) => m.to.includes(address));
}
async function mailsTo(address: string, count: number): Promise<InboxMessage[]> {
  await expect.poll(async () => (await inbox(address)).length, { timeout: 20_000 }).toBe(count);
  return inbox(address);
}

test('an Arabic registration with an email: the mail has the calendar file and a cancel link that frees the seat for the waitlisted visitor, who is mailed', async ({
  page,
  service,
}) => {
  const { student } = await demo(service);
  const { data: others } = await service
    .from('students')
    .select('student_number')
    .eq('enabled', true)
    .neq('student_number', student.student_number)
    .limit(1);
  const id = randomUUID();
  const label = uniqueName('mail');
  const title = `فعالية ${label}`;
  // Far ahead: other specs take the nearest upcoming event for one the build prerendered.
  const startsAt = new Date(Date.now() + 300 * 86_400_000).toISOString();
  const { error } = await service.from('events').insert({
    id,
    title: { en: label, ar: title, tr: `Etkinlik ${label}` },
    description: { en: 'D', ar: 'وصف', tr: 'Açıklama' },
    location: { en: 'Hall', ar: 'القاعة', tr: 'Salon' },
    starts_at: startsAt,
    capacity: 1,
    photo_path: 'events/mail.webp',
  });
  expect(error).toBeNull();

  // The visitor registers in Arabic with an email, and gets the only seat.
  const seated = `seated-${Date.now()}@example.test`;
  await open(page, `/events/${id}`, 'ar');
  await page.getByRole('button', { name: ar.events.register }).click();
  const form = page.getByTestId('registration-form');
  await form.getByLabel(ar.form.name).fill(uniqueName('seated'));
  await form.getByLabel(ar.form.studentId).fill(student.student_number);
  await expect(form.getByText(ar.registration.emailHint)).toBeVisible();
  await form.getByLabel(ar.registration.email).fill(seated);
  await form.getByRole('button', { name: ar.form.send }).click();
  await expect(page.getByTestId('success-panel')).toContainText(ar.registration.successNoteMail);

  // A second visitor finds it full and waits.
  const waiting = `waiting-${Date.now()}@example.test`;
  const anonKey = process.env.SUPABASE_ANON_KEY!;
  const res = await fetch(`${urls.api}/rest/v1/rpc/submit`, {
    method: 'POST',
    headers: { apikey: anonKey, authorization: `Bearer ${anonKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      type: 'event_registration',
      name: uniqueName('waiting'),
      student_number: others![0]!.student_number,
      event_id: id,
      email: waiting,
      language: 'ar',
    }),
  });
  const answer: unknown = await res.json();
  expect(answer).toEqual({ waitlisted: true });

  // The confirmation: Arabic, right to left, the calendar file, the cancel link.
  const [mail] = await mailsTo(seated, 1);
  expect(mail!.subject).toBe(mailAr.subject.registration_confirmed.replace('{{title}}', title));
  expect(mail!.html).toContain('dir="rtl"');
  // An appointment: weekday, date and time as the Edge Function writes them (Deno's ICU).
  expect(mail!.text).toContain(`${mailAr.when}: ${formatAppointment(startsAt, 'ar')}\n`);
  expect(mail!.Attachments).toHaveLength(1);
  expect(mail!.Attachments[0]).toMatchObject({ ContentType: 'text/calendar' });
  expect(mail!.Attachments[0]!.FileName).toMatch(/\.ics$/);
  const ics = await (await fetch(`${urls.mail}/api/messages/${mail!.id}/part/${mail!.Attachments[0]!.PartID}`)).text();
  expect(ics).toContain(`UID:${id}@union-public-site`);
  const link = /(https?:\/\/\S+\/cancel\?token=[A-Za-z0-9_-]+)/.exec(mail!.text)?.[1];
  expect(link).toBeDefined();
  expect(link!.startsWith(`${urls.public}/cancel?token=`)).toBe(true);
  const [waitlistMail] = await mailsTo(waiting, 1);
  expect(waitlistMail!.subject).toBe(mailAr.subject.registration_waitlisted.replace('{{title}}', title));

  // The link opens the cancel page, which asks first.
  await page.goto(link!);
  const cancelPage = page.getByTestId('cancel-page');
  await expect(cancelPage.getByText(ar.cancel.question)).toBeVisible();
  await expect(cancelPage.getByTestId('cancel-registration')).toContainText(title);
  // A seat of a limited event: cancelling frees it for someone else, and the page says so.
  await expect(cancelPage.getByTestId('cancel-note')).toHaveText(ar.cancel.seatNote);
  await cancelPage.getByRole('button', { name: ar.cancel.confirm }).click();
  await expect(cancelPage.getByTestId('cancel-done')).toHaveText(ar.cancel.done);
  await expect(cancelPage.getByTestId('cancel-done-note')).toHaveText(ar.cancel.doneNote);

  // The waitlisted visitor has the seat, and a mail saying so.
  const { data: rows } = await service
    .from('submissions')
    .select('email,status,waitlist_position')
    .eq('event_id', id)
    .order('created_at');
  expect(rows).toEqual([
    { email: seated, status: 'cancelled', waitlist_position: null },
    { email: waiting, status: 'pending', waitlist_position: null },
  ]);
  const promoted = await mailsTo(waiting, 2);
  expect(promoted.map((m) => m.subject)).toContain(mailAr.subject.registration_promoted.replace('{{title}}', title));

  // The link works once: opened again, it says the registration is already cancelled.
  await page.goto(link!);
  await expect(page.getByTestId('form-alert')).toHaveText(ar.errors.cancel_token_used);
  // Its registrations and mails go with it.
  await service.from('events').delete().eq('id', id);
});
