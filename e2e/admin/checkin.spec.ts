// Check-in in the console (docs/data-model.md "Check-in"): at the door on a 390 px phone in
// Arabic (search, tap to mark attended, undo), the attendee list as CSV and in print, and the
// dashboard's registrations and places per upcoming event.
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { SupabaseClient } from '@supabase/supabase-js';
import type { Database } from '@union/shared/database.types';
import { test, expect, demoAccounts, urls } from '../harness/fixtures';
import { marker, signIn, useLanguage } from './helpers';

const PHONE = { width: 390, height: 844 };
type Service = SupabaseClient<Database>;
type Status = Database['public']['Enums']['submission_status'];

async function newEvent(service: Service, title: string, fields: { starts_at: string; capacity?: number | null }) {
  const id = randomUUID();
  const { error } = await service.from('events').insert({
    id,
    title: { en: title, ar: `${title} ع`, tr: `${title} t` },
    description: { en: 'D', ar: 'و', tr: 'A' },
    location: { en: 'Hall', ar: 'قاعة', tr: 'Salon' },
    photo_path: 'events/checkin.webp',
    ...fields,
  });
  expect(error).toBeNull();
  return id;
}

/** Registrations stored as history by the service role (students added to the register first). */
async function register(
  service: Service,
  event: string,
  people: { name: string; status?: Status; waitlist_position?: number; attended?: boolean; number?: string }[],
) {
  const rows = people.map((p) => ({ ...p, number: p.number ?? `CI${Math.random().toString().slice(2, 10)}` }));
  const students = await service.from('students').insert(rows.map((p) => ({ name: p.name, student_number: p.number })));
  expect(students.error).toBeNull();
  const { data, error } = await service
    .from('submissions')
    .insert(
      rows.map((p) => ({
        type: 'event_registration' as const,
        event_id: event,
        name: p.name,
        student_number: p.number,
        status: p.status ?? 'approved',
        waitlist_position: p.waitlist_position ?? null,
        attended_at: p.attended ? '2030-01-01T17:30:00Z' : null,
      })),
    )
    .select('id,name,student_number');
  expect(error).toBeNull();
  return data!;
}

async function attendedAt(service: Service, id: string) {
  const { data } = await service.from('submissions').select('attended_at').eq('id', id).single();
  return data!.attended_at;
}

test.describe('check-in', () => {
  test.describe.configure({ timeout: 120_000 });

  test.describe('on a 390 px phone in Arabic', () => {
    test.use({ viewport: PHONE });

    test('search by name or number, tap to check in, undo', async ({ page, service }) => {
      const event = await newEvent(service, marker('E2E check-in'), {
        starts_at: new Date(Date.now() + 3 * 3_600_000).toISOString(),
      });
      const [layla, omar] = await register(service, event, [
        { name: 'ليلى حداد', number: `20${Date.now().toString().slice(-7)}` },
        { name: 'عمر ناصر' },
        { name: 'لم تُراجَع بعد', status: 'pending' },
        { name: 'مرفوض', status: 'rejected' },
      ]);

      await useLanguage(page, 'ar');
      await signIn(page, demoAccounts.editor);
      // From the event's page to its check-in.
      await page.goto(`${urls.admin}events/${event}`);
      await page.getByRole('link', { name: 'تسجيل الحضور' }).click();
      await expect(page).toHaveURL(new RegExp(`/admin/events/${event}/attendees/check-in$`));
      await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');

      const list = page.getByTestId('checkin-list');
      // Only approved registrations: the pending and the rejected one are not offered.
      await expect(list.locator('li')).toHaveCount(2);
      await expect(page.getByTestId('checkin-progress')).toHaveText('الحاضرون: ٠ من ٢');
      await expect(page.getByText('لم تُراجَع بعد')).toHaveCount(0);

      // Search by the student number typed with Arabic-Indic digits, then by name.
      const search = page.getByLabel('ابحث بالاسم أو الرقم الجامعي');
      const lastDigits = layla!.student_number!.slice(-6);
      await search.fill(lastDigits.replace(/\d/g, (d) => String.fromCharCode(0x0660 + Number(d))));
      await expect(list.locator('li')).toHaveCount(1);
      await search.fill('ليلى');
      await expect(list.locator('li')).toHaveCount(1);

      // Tap: checked in, stored, and the search is empty again for the next person.
      await page.getByRole('button', { name: 'تسجيل الحضور: ليلى حداد' }).click();
      await expect(list.locator('li[data-attended="true"]')).toHaveCount(1);
      await expect(page.getByText('سُجِّل الحضور: ليلى حداد')).toBeVisible();
      await expect(search).toHaveValue('');
      await expect(page.getByTestId('checkin-progress')).toHaveText('الحاضرون: ١ من ٢');
      await expect.poll(() => attendedAt(service, layla!.id)).not.toBeNull();

      // Nothing is wider than the phone.
      expect(await page.evaluate(() => document.scrollingElement!.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

      // Undo from the row.
      await page.getByRole('button', { name: 'تراجع: ليلى حداد' }).click();
      await expect(list.locator('li[data-attended="true"]')).toHaveCount(0);
      await expect.poll(() => attendedAt(service, layla!.id)).toBeNull();

      // Check in the other one, then undo from the confirmation message.
      await page.getByRole('button', { name: 'تسجيل الحضور: عمر ناصر' }).click();
      await expect.poll(() => attendedAt(service, omar!.id)).not.toBeNull();
      await page.getByRole('alert').getByRole('button', { name: 'تراجع' }).click();
      await expect.poll(() => attendedAt(service, omar!.id)).toBeNull();
      await expect(page.getByTestId('checkin-progress')).toHaveText('الحاضرون: ٠ من ٢');
    });
  });

  test('the attendee list as CSV, and printed without the console around it', async ({ page, service }) => {
    const title = marker('E2E attendees');
    const event = await newEvent(service, title, {
      starts_at: new Date(Date.now() + 4 * 86_400_000).toISOString(),
      capacity: 2,
    });
    const rows = await register(service, event, [
      { name: 'Zaid Approved', attended: true },
      { name: 'Yara Approved' },
      { name: 'Waiting Second', status: 'pending', waitlist_position: 3 },
      { name: 'Waiting First', status: 'pending', waitlist_position: 1 },
      { name: 'Rejected Rami', status: 'rejected', waitlist_position: 2 },
    ]);
    const number = (name: string) => rows.find((r) => r.name === name)!.student_number!;

    await useLanguage(page, 'en');
    await signIn(page, demoAccounts.editor);
    await page.goto(`${urls.admin}events`);
    await page
      .getByRole('row', { name: new RegExp(title) })
      .getByRole('link', { name: 'Registrations' })
      .click();
    await expect(page).toHaveURL(new RegExp(`/admin/events/${event}/attendees$`));
    await expect(page.getByTestId('attendee-summary')).toHaveText('Registered: 2 · Waitlisted: 2 · Checked in: 1');
    await expect(page.getByTestId('attendee-table').locator('tbody tr')).toHaveCount(5);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    const csv = (await readFile((await download.path())!, 'utf8'))
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(csv).toEqual([
      'name,student_number,status,email,waitlist_place,attended_at',
      `Yara Approved,${number('Yara Approved')},approved,,,`,
      `Zaid Approved,${number('Zaid Approved')},approved,,,2030-01-01T17:30:00+00:00`,
      `Waiting First,${number('Waiting First')},waitlisted,,1,`,
      `Waiting Second,${number('Waiting Second')},waitlisted,,2,`,
      `Rejected Rami,${number('Rejected Rami')},rejected,,,`,
    ]);

    // Printed: the list and its heading, not the console's bar, menu or buttons.
    await page.emulateMedia({ media: 'print' });
    await expect(page.getByTestId('attendee-table')).toBeVisible();
    await expect(page.locator('header.MuiAppBar-root')).toBeHidden();
    await expect(page.getByRole('button', { name: 'Export CSV' })).toBeHidden();
    await page.emulateMedia({ media: 'screen' });
  });

  test('the dashboard shows registrations and places per upcoming event', async ({ page, service }) => {
    // Sooner than any other upcoming event, so both are among the dashboard's first five.
    const soon = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();
    const open = marker('E2E figures open');
    const full = marker('E2E figures full');
    const unlimited = marker('E2E figures unlimited');
    const a = await newEvent(service, open, { starts_at: soon(20), capacity: 5 });
    const b = await newEvent(service, full, { starts_at: soon(21), capacity: 2 });
    const c = await newEvent(service, unlimited, { starts_at: soon(22) });
    await register(service, a, [
      { name: 'One' },
      { name: 'Two', status: 'pending' },
      { name: 'Three' },
      { name: 'Gone', status: 'rejected' },
    ]);
    await register(service, b, [
      { name: 'Seat 1' },
      { name: 'Seat 2', status: 'pending' },
      { name: 'Line 1', status: 'pending', waitlist_position: 1 },
    ]);
    await register(service, c, [{ name: 'Only' }]);

    await useLanguage(page, 'en');
    await signIn(page, demoAccounts.editor);
    const item = (title: string) => page.getByTestId('upcoming-list').getByRole('link', { name: title });
    await expect(item(open).getByTestId('event-figures')).toHaveText('3 registered · 2 of 5 places left');
    await expect(item(full).getByTestId('event-figures')).toHaveText('2 registered · Full (2 places) · 1 waitlisted');
    await expect(item(unlimited).getByTestId('event-figures')).toHaveText('1 registered · No place limit');
  });

  test('an editor turns on "only attendees may evaluate"', async ({ page, service }) => {
    const event = await newEvent(service, marker('E2E attendees only'), {
      starts_at: new Date(Date.now() + 6 * 86_400_000).toISOString(),
    });
    await useLanguage(page, 'en');
    await signIn(page, demoAccounts.editor);
    await page.goto(`${urls.admin}events/${event}`);
    await expect(page.getByText('When on, an evaluation is accepted only with the student number')).toBeVisible();
    await page.getByLabel('Only attendees may evaluate').check();
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page).toHaveURL(/\/admin\/events$/);
    const { data } = await service.from('events').select('evaluation_attendees_only').eq('id', event).single();
    expect(data!.evaluation_attendees_only).toBe(true);
  });
});
