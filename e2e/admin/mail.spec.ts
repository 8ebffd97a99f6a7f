// A registration's mails in the console (docs/mail.md): the submission's page lists each mail
// with its state, in the console's language. The stack's drain sends the confirmation within a
// second or two; a mail that failed shows its last error.
import { randomUUID } from 'node:crypto';
import { en } from '@union/shared/i18n/admin/en';
import { test, expect, demoAccounts, urls } from '../harness/fixtures';
import { marker, signIn, useLanguage } from './helpers';

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
