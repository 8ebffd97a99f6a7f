// Seats in the console: an editor gives an event a capacity and a
// registration deadline (a deadline after the start is caught by the form, the database
// refuses it too), and a waitlisted registration reads as such, with no Approve.
import { randomUUID } from 'node:crypto';
import { test, expect, demoAccounts, urls } from '../harness/fixtures';
import { marker, signIn, useLanguage } from './helpers';

test.describe('seats', () => {
  test.describe.configure({ timeout: 120_000 });
  test.beforeEach(async ({ page }) => {
    await useLanguage(page, 'en');
    await signIn(page, demoAccounts.editor);
  });

  test('an editor sets a capacity and a deadline; a deadline after the start is caught', async ({ page, service }) => {
    const id = randomUUID();
    const title = marker('E2E seats');
    const { error } = await service.from('events').insert({
      id,
      title: { en: title, ar: `${title} ع`, tr: `${title} t` },
      description: { en: 'D', ar: 'و', tr: 'A' },
      location: { en: 'Hall', ar: 'قاعة', tr: 'Salon' },
      starts_at: '2030-05-01T15:00:00Z',
      photo_path: 'events/seats.webp',
    });
    expect(error).toBeNull();
    await page.goto(`${urls.admin}events/${id}`);
    await expect(page.locator('[name="title.en"]')).toHaveValue(title);
    await expect(page.getByText('Number of places. Empty: no limit.', { exact: false })).toBeVisible();
    await page.locator('input[name="capacity"]').fill('0');
    await page.locator('input[name="registration_deadline"]').fill('2030-05-02T10:00');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('A whole number of at least 1, or empty for no limit.')).toBeVisible();
    await expect(page.getByText('The registration deadline must be before the event starts.')).toBeVisible();

    await page.locator('input[name="capacity"]').fill('30');
    await page.locator('input[name="registration_deadline"]').fill('2030-04-29T18:00');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page).toHaveURL(/\/admin\/events$/);
    const { data } = await service.from('events').select('capacity,registration_deadline').eq('id', id).single();
    expect(data!.capacity).toBe(30);
    expect(new Date(data!.registration_deadline!).getTime()).toBeLessThan(new Date('2030-05-01T15:00:00Z').getTime());
  });

  test('a waitlisted registration reads "Waitlisted" and can be rejected, not approved', async ({ page, service }) => {
    const id = randomUUID();
    const { error } = await service.from('events').insert({
      id,
      title: { en: 'Full', ar: 'مكتملة', tr: 'Dolu' },
      description: { en: 'D', ar: 'و', tr: 'A' },
      location: { en: 'Hall', ar: 'قاعة', tr: 'Salon' },
      starts_at: new Date(Date.now() + 5 * 86_400_000).toISOString(),
      photo_path: 'events/seats.webp',
      capacity: 1,
    });
    expect(error).toBeNull();
    const { data: students } = await service.from('students').select('student_number').eq('enabled', true).limit(2);
    const tag = marker('Waiting');
    await service.from('submissions').insert({
      type: 'event_registration',
      name: `${tag} seated`,
      student_number: students![0]!.student_number,
      event_id: id,
    });
    // A visitor's registration, as the public site sends it: the event is full.
    const anonKey = process.env.SUPABASE_ANON_KEY!;
    const response = await fetch(`${urls.api}/rest/v1/rpc/submit`, {
      method: 'POST',
      headers: { apikey: anonKey, Authorization: `Bearer ${anonKey}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({
        type: 'event_registration',
        name: `${tag} waiting`,
        student_number: students![1]!.student_number,
        event_id: id,
      }),
    });
    expect([response.status, await response.json()]).toEqual([201, { waitlisted: true }]);

    await page.goto(`${urls.admin}submissions`);
    await page.getByPlaceholder('Name, email, student number or message').fill(tag);
    await expect(page.getByRole('row')).toHaveCount(3); // header + 2
    const waiting = page.getByRole('row', { name: new RegExp(`${tag} waiting`) });
    await expect(waiting.getByText('Waitlisted (no. 1)')).toBeVisible();
    await expect(waiting.getByRole('button', { name: 'Approve' })).toHaveCount(0);
    await expect(waiting.getByRole('button', { name: 'Reject' })).toBeVisible();
    const seated = page.getByRole('row', { name: new RegExp(`${tag} seated`) });
    await expect(seated.getByText('Pending')).toBeVisible();
    await expect(seated.getByRole('button', { name: 'Approve' })).toBeVisible();
  });
});
