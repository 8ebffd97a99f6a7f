// A registration's mails in the console (docs/mail.md): the submission's page lists each mail
// with its state, in the console's language. The stack's drain sends the confirmation within a
// second or two; a mail that failed shows its last error.
import { randomUUID } from 'node:crypto';
import { ar } from '@union/shared/i18n/admin/ar';
import { en } from '@union/shared/i18n/admin/en';
import { ar as mailAr } from '@union/shared/i18n/mail/ar';
import { test, expect, demoAccounts, urls } from '../harness/fixtures';
import { confirmDialog, marker, signIn, useLanguage } from './helpers';

interface InboxMessage {
  id: string;
  to: string[];
  subject: string;
  text: string;
  html: string;
  Attachments: { FileName: string; ContentType: string; PartID: string }[];
}
async function inbox(address: string): Promise<InboxMessage[]> {
  const res = await fetch(`${urls.mail}/api/messages`);
  return ((await res.json()) as InboxMessage[]).filter((m) => m.to.includes(address));
}

test('a registration shows its mails and how each one went', async ({ page, service, db }) => {
  await useLanguage(page, 'en');
  await signIn(page, demoAccounts.editor);
  const event = randomUUID();
  const { error } = await service.from('events').insert({
    id: event,
    title: { en: 'Mail night', ar: 'أمسية', tr: 'Gece' },
    description: { en: 'D', ar: 'و', tr: 'A' },
    location: { en: 'Hall', ar: 'قاعة', tr: 'Salon' },
    starts_at: new Date(Date.now() + 300 * 86_400_000).toISOString(),
    photo_path: 'events/seats.webp',
  });
  expect(error).toBeNull();
  const { data: students } = await service.from('students').select('student_number').eq('enabled', true).limit(1);
  const name = marker('Mailed');
  const { data: row } = await service
    .from('submissions')
    .insert({
      type: 'event_registration',
      status: 'pending',
      name,
      student_number: students![0]!.student_number,
      event_id: event,
      email: `console-${Date.now()}@example.test`,
      language: 'en',
    })
    .select('id')
    .single();
  // The confirmation goes out; a second mail is made to have failed.
  await expect
    .poll(async () => (await service.from('mail_outbox').select('state').eq('submission_id', row!.id)).data)
    .toEqual([{ state: 'sent' }]);
  await db.query(
    `insert into public.mail_outbox (submission_id, kind, state, attempts, last_error)
     values ($1, 'registration_rejected', 'failed', 12, 'connect ECONNREFUSED 127.0.0.1:25')`,
    [row!.id],
  );

  await page.goto(`${urls.admin}submissions/${row!.id}/show`);
  const mails = page.getByTestId('mail-status');
  await expect(mails).toContainText(en.submissions.mail.kinds.registration_confirmed);
  await expect(mails.locator('[data-state="sent"]')).toHaveText(en.submissions.mail.states.sent);
  await expect(mails.locator('[data-state="failed"]')).toHaveText(en.submissions.mail.states.failed);
  await expect(mails).toContainText('connect ECONNREFUSED 127.0.0.1:25');
});

test('approving a registration in the Arabic console mails the visitor an Arabic approval', async ({
  page,
  service,
}) => {
  await useLanguage(page, 'ar');
  await signIn(page, demoAccounts.editor);
  const event = randomUUID();
  const title = `أمسية ${marker('approve')}`;
  const { error } = await service.from('events').insert({
    id: event,
    title: { en: 'Approval night', ar: title, tr: 'Onay gecesi' },
    description: { en: 'D', ar: 'وصف', tr: 'A' },
    location: { en: 'Hall', ar: 'القاعة', tr: 'Salon' },
    starts_at: new Date(Date.now() + 300 * 86_400_000).toISOString(),
    capacity: 10,
    photo_path: 'events/seats.webp',
  });
  expect(error).toBeNull();
  const { data: students } = await service.from('students').select('student_number').eq('enabled', true).limit(1);
  const to = `approve-${Date.now()}@example.test`;
  const { data: row } = await service
    .from('submissions')
    .insert({
      type: 'event_registration',
      status: 'pending',
      name: marker('Approved'),
      student_number: students![0]!.student_number,
      event_id: event,
      email: to,
      language: 'ar',
    })
    .select('id')
    .single();
  await expect.poll(async () => (await inbox(to)).length, { timeout: 20_000 }).toBe(1);

  // Staff approve it on its page, in Arabic.
  await page.goto(`${urls.admin}submissions/${row!.id}/show`);
  await page.getByRole('button', { name: ar.submissions.approve }).click();
  await confirmDialog(page, ar.submissions.approve);
  await expect(page.getByTestId('mail-status')).toContainText(ar.submissions.mail.kinds.registration_approved);

  // The approval reaches the inbox: Arabic, right to left, the calendar file and the cancel link.
  await expect.poll(async () => (await inbox(to)).length, { timeout: 20_000 }).toBe(2);
  const approval = (await inbox(to)).find(
    (m) => m.subject === mailAr.subject.registration_approved.replace('{{title}}', title),
  )!;
  expect(approval).toBeDefined();
  expect(approval.html).toContain('<html lang="ar" dir="rtl">');
  expect(approval.text).toContain(mailAr.body.registration_approved.replace('{{title}}', title));
  expect(approval.text).toContain(mailAr.cancelIntro.seat);
  expect(approval.text).toMatch(/\/cancel\?token=[A-Za-z0-9_-]{43}/);
  expect(approval.Attachments.map((a) => a.ContentType)).toEqual(['text/calendar']);
  // Its date in Levantine month names and Arabic-Indic digits, no Latin digit outside the links.
  expect(approval.text).toMatch(/(كانون|شباط|آذار|نيسان|أيار|حزيران|تموز|آب|أيلول|تشرين)/);
  // (The title is the test's own marker, with Latin letters and digits.)
  expect(approval.text.replace(/https?:\/\/\S+/g, '').replace(title, '')).not.toMatch(/[0-9]/);
  await service.from('events').delete().eq('id', event);
});
