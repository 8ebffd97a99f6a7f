// Seats and the registration deadline on the public site: the card shows the
// places left from the live read (never from the build), "Full" with a waitlist button when no
// place is left, the waitlist answer after registering, and "Registration closed" after the
// deadline. Events are added by the service role after the build, so the cards come from the
// browser's read, as for an event added since the last deploy.
import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import type { SupabaseClient } from '@supabase/supabase-js';
import type { Database } from '@union/shared/database.types';
import { expect, test } from '../harness/fixtures';
import { demo, open, resetRateLimit, texts, uniqueName } from './helpers';

const ar = texts.ar;
const en = texts.en;

test.beforeEach(async ({ db }) => resetRateLimit(db));

const card = (page: Page, id: string) => page.locator(`[data-event-id="${id}"]`);
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

/** An upcoming event added after the build (the first of the list: it starts tomorrow). */
async function addEvent(
  service: SupabaseClient<Database>,
  fields: Partial<Database['public']['Tables']['events']['Insert']>,
) {
  const id = randomUUID();
  const label = uniqueName('seats');
  const { error } = await service.from('events').insert({
    id,
    title: { en: label, ar: `فعالية ${label}`, tr: `Etkinlik ${label}` },
    description: { en: 'D', ar: 'وصف', tr: 'Açıklama' },
    location: { en: 'Hall', ar: 'القاعة', tr: 'Salon' },
    starts_at: inDays(1),
    photo_path: 'events/seats.webp',
    ...fields,
  });
  expect(error).toBeNull();
  return id;
}

/** Registrations holding seats, written as history by the service role. */
async function holdSeats(service: SupabaseClient<Database>, event: string, numbers: string[]) {
  const { error } = await service.from('submissions').insert(
    numbers.map((student_number) => ({
      type: 'event_registration' as const,
      status: 'pending' as const,
      name: uniqueName('seat'),
      student_number,
      event_id: event,
    })),
  );
  expect(error).toBeNull();
}

test('the card shows the places left in Arabic, with the plural the number asks for, and the deadline', async ({
  page,
  service,
}) => {
  const { student } = await demo(service);
  const event = await addEvent(service, { capacity: 3, registration_deadline: inDays(0.5) });
  await holdSeats(service, event, [student.student_number]);
  await open(page, '/events', 'ar');
  const eventCard = card(page, event);
  // Two left: the dual form, «مقعدان».
  await expect(eventCard.getByTestId('places-left')).toHaveText(ar.events.placesLeft_two!);
  await expect(eventCard.getByTestId('registration-deadline')).toContainText(
    ar.events.registerBy.split('{{')[0]!.trim(),
  );
  await expect(eventCard.getByRole('button', { name: ar.events.register })).toBeEnabled();
  // The event's own page says the same.
  await eventCard.getByRole('link').first().click();
  await expect(page.getByTestId('event-page').getByTestId('places-left')).toHaveText(ar.events.placesLeft_two!);
});

test('a full event says so, and a registration joins the waitlist and is told so (Arabic)', async ({
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
  const event = await addEvent(service, { capacity: 1 });
  await holdSeats(service, event, [others![0]!.student_number]);
  await open(page, '/events', 'ar');
  const eventCard = card(page, event);
  await expect(eventCard.getByTestId('places-full')).toHaveText(ar.events.full);
  await eventCard.getByRole('button', { name: ar.events.joinWaitlist }).click();
  const form = eventCard.getByTestId('registration-form');
  const name = uniqueName('waitlisted');
  await form.getByLabel(ar.form.name).fill(name);
  await form.getByLabel(ar.form.studentId).fill(student.student_number);
  await form.getByRole('button', { name: ar.form.send }).click();
  await expect(eventCard.getByTestId('registration-waitlisted')).toHaveText(ar.registration.waitlisted);
  await expect(eventCard.getByTestId('success-panel')).toContainText(ar.registration.waitlistedNote);
  const { data } = await service.from('submissions').select('status,waitlist_position').eq('name', name);
  expect(data).toEqual([{ status: 'pending', waitlist_position: 1 }]);
});

test('a registration that gets a place is told so, and the number goes down (English)', async ({ page, service }) => {
  const { student } = await demo(service);
  const event = await addEvent(service, { capacity: 5 });
  await open(page, '/events', 'en');
  const eventCard = card(page, event);
  await expect(eventCard.getByTestId('places-left')).toHaveText('5 places left');
  await eventCard.getByRole('button', { name: en.events.register }).click();
  const form = eventCard.getByTestId('registration-form');
  await form.getByLabel(en.form.name).fill(uniqueName('seated'));
  await form.getByLabel(en.form.studentId).fill(student.student_number);
  await form.getByRole('button', { name: en.form.send }).click();
  await expect(eventCard.getByTestId('success-panel')).toContainText(en.registration.successNote);
  await expect(eventCard.getByTestId('places-left')).toHaveText('4 places left');
});

test('after the deadline the button says "Registration closed"', async ({ page, service }) => {
  const event = await addEvent(service, { capacity: 10, registration_deadline: inDays(-0.1) });
  await open(page, '/events', 'en');
  const eventCard = card(page, event);
  await expect(eventCard.getByTestId('registration-closed')).toHaveText(en.events.registrationClosed);
  await expect(eventCard.getByTestId('registration-closed')).toBeDisabled();
  await expect(eventCard.getByTestId('places-left')).toHaveCount(0);
});

/** The seats placeholder's running animation (CSS `animation-name`; `none` when still). */
const placeholderAnimation = (page: Page, id: string) =>
  card(page, id)
    .getByTestId('places-pending')
    .evaluate((el) => getComputedStyle(el).animationName);

/** The first upcoming event with a capacity (the seed's workshop; the build wrote its card). */
async function cappedEvent(service: SupabaseClient<Database>): Promise<string> {
  const { data } = await service.from('events').select('id').not('capacity', 'is', null).order('created_at').limit(1);
  expect(data).toHaveLength(1);
  return data![0]!.id;
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the places placeholder stands still: nothing is loading, and an endless pulse would keep the phone drawing frames', async ({
    page,
    service,
  }) => {
    const id = await cappedEvent(service);
    await page.goto('/en/events');
    expect(await placeholderAnimation(page, id)).toBe('none');
  });
});

test('the places placeholder pulses while the scripts read the places', async ({ page, service }) => {
  const id = await cappedEvent(service);
  // The live read is held until the pulse has been seen.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(
    (url) => url.pathname.endsWith('/rest/v1/events') && url.searchParams.get('select') === 'id,places_left',
    async (route) => {
      await held;
      await route.continue();
    },
  );
  await open(page, '/events', 'en');
  await expect.poll(() => placeholderAnimation(page, id)).toBe('pulse');
  release();
  await expect(card(page, id).getByTestId('places-left')).toHaveText(/^\d+ places? left$/);
});

test('the prerendered HTML holds no number of places: it keeps the room, the live read fills it', async ({
  page,
  request,
  service,
}) => {
  const id = await cappedEvent(service);
  const html = await (await request.get('/en/events')).text();
  expect(html).toContain(`data-event-id="${id}"`);
  expect(html).toContain('data-testid="places-pending"');
  expect(html).not.toContain('data-testid="places-left"');
  await open(page, '/events', 'en');
  await expect(card(page, id).getByTestId('places-left')).toHaveText(/^\d+ places? left$/);
});
