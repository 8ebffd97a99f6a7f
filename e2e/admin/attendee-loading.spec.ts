// The attendee list and the check-in show no counts before the registrations have arrived: a
// "Registered: 0" while loading reads, at the door, as "nobody registered".
import { randomUUID } from 'node:crypto';
import { test, expect, demoAccounts, urls } from '../harness/fixtures';
import { marker, signIn, useLanguage } from './helpers';

test('no zero counts while the registrations load', async ({ page, service }) => {
  const id = randomUUID();
  const { error } = await service.from('events').insert({
    id,
    title: { en: marker('E2E loading'), ar: 'تحميل', tr: 'Yükleniyor' },
    description: { en: 'D', ar: 'و', tr: 'A' },
    location: { en: 'Hall', ar: 'قاعة', tr: 'Salon' },
    photo_path: 'events/loading.webp',
    starts_at: new Date(Date.now() + 86_400_000).toISOString(),
  });
  expect(error).toBeNull();
  const number = `LD${Date.now().toString().slice(-8)}`;
  expect((await service.from('students').insert({ name: 'Loading Test', student_number: number })).error).toBeNull();
  const registration = await service.from('submissions').insert({
    type: 'event_registration',
    event_id: id,
    name: 'Loading Test',
    student_number: number,
    status: 'approved',
  });
  expect(registration.error).toBeNull();

  await useLanguage(page, 'en');
  await signIn(page, demoAccounts.editor);
  // The registrations' answer is held back until the page has been looked at.
  let release = () => {};
  let held = Promise.resolve();
  await page.route(/\/rest\/v1\/submissions\?/, async (route) => {
    await held;
    await route.continue();
  });

  for (const path of [`events/${id}/attendees`, `events/${id}/attendees/check-in`]) {
    held = new Promise<void>((done) => (release = done));
    await page.goto(`${urls.admin}${path}`);
    await expect(page.getByTestId('attendee-counts-loading')).toBeVisible();
    await expect(page.getByTestId('attendee-summary')).toHaveCount(0);
    await expect(page.getByTestId('checkin-progress')).toHaveCount(0);
    await expect(page.getByText(/: 0\b/)).toHaveCount(0);
    release();
    await expect(page.getByTestId('attendee-counts-loading')).toHaveCount(0);
  }
  await expect(page.getByTestId('checkin-progress')).toHaveText('Checked in: 0 of 1');
  await page.goto(`${urls.admin}events/${id}/attendees`);
  await expect(page.getByTestId('attendee-summary')).toContainText('1');
});
