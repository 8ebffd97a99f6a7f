import type { Locator, Page } from '@playwright/test';
import { expect, test, urls } from '../harness/fixtures';
import { DEFAULT_RETENTION_MONTHS } from '@union/shared/constants';
import { formatMonths } from '@union/shared/format';
import {
  consoleProblems,
  demo,
  holdScripts,
  hydrated,
  L,
  localized,
  open,
  pageRead,
  resetRateLimit,
  texts,
  uniqueName,
  unknownStudentNumber,
} from './helpers';

const en = texts.en;
const ar = texts.ar;

test.beforeEach(async ({ db }) => resetRateLimit(db));

const card = (page: Page, id: string) => page.locator(`[data-event-id="${id}"], [data-book-id="${id}"]`);

async function fill(form: Locator, t: typeof en, values: { name?: string; student?: string; message?: string }) {
  if (values.name !== undefined) await form.getByLabel(t.form.name).fill(values.name);
  if (values.student !== undefined) await form.getByLabel(t.form.studentId).fill(values.student);
  if (values.message !== undefined)
    await form.getByRole('textbox', { name: new RegExp(t.form.message) }).fill(values.message);
}

test.describe('event registration', () => {
  test('succeeds for a known student and is stored as pending', async ({ page, service }) => {
    const { openEvent, student } = await demo(service);
    const name = uniqueName('register');
    await open(page, '/events', 'en');
    const eventCard = card(page, openEvent.id);
    await eventCard.getByRole('button', { name: en.events.register }).click();
    const form = eventCard.getByTestId('registration-form');
    await fill(form, en, { name, student: student.student_number });
    await form.getByRole('button', { name: en.form.send }).click();
    await expect(eventCard.getByTestId('success-panel')).toContainText(en.registration.success);
    const { data } = await service.from('submissions').select('*').eq('name', name);
    expect(data).toHaveLength(1);
    expect(data![0]).toMatchObject({
      type: 'event_registration',
      status: 'pending',
      event_id: openEvent.id,
      student_number: student.student_number,
      email: null,
    });
  });

  test('a student number typed in Arabic-Indic digits is recognised and stored in ASCII digits', async ({
    page,
    service,
  }) => {
    const { openEvent } = await demo(service);
    const number = `9${Date.now().toString().slice(-9)}`;
    const { error } = await service.from('students').insert({ name: 'E2E Arabic digits', student_number: number });
    expect(error).toBeNull();
    const arabicDigits = number.replace(/[0-9]/g, (d) => String.fromCharCode(0x0660 + Number(d)));
    const name = uniqueName('arabic-digits');
    await open(page, '/events', 'ar');
    const eventCard = card(page, openEvent.id);
    await eventCard.getByRole('button', { name: ar.events.register }).click();
    const form = eventCard.getByTestId('registration-form');
    await fill(form, ar as never, { name, student: arabicDigits });
    await form.getByRole('button', { name: ar.form.send }).click();
    await expect(eventCard.getByTestId('success-panel')).toContainText(ar.registration.success);
    const { data } = await service.from('submissions').select('student_number').eq('name', name);
    expect(data).toEqual([{ student_number: number }]);
  });

  test('validates, refuses an unknown student and keeps the values (Arabic)', async ({ page, service }) => {
    const { openEvent } = await demo(service);
    const name = uniqueName('unknown');
    await open(page, '/events', 'ar');
    const eventCard = card(page, openEvent.id);
    await eventCard.getByRole('button', { name: ar.events.register }).click();
    const form = eventCard.getByTestId('registration-form');
    await form.getByRole('button', { name: ar.form.send }).click();
    await expect(form.getByText(ar.form.nameRequired)).toBeVisible();
    await expect(form.getByText(ar.form.studentIdRequired)).toBeVisible();
    await expect(form.getByLabel(ar.form.name)).toBeFocused();
    await fill(form, ar as never, { name, student: unknownStudentNumber });
    await form.getByRole('button', { name: ar.form.send }).click();
    await expect(form.getByTestId('form-alert')).toHaveText(ar.evaluation.studentNotFound);
    await expect(form.getByLabel(ar.form.name)).toHaveValue(name);
    const { data } = await service.from('submissions').select('id').eq('name', name);
    expect(data).toHaveLength(0);
  });

  test('a disabled student is refused too', async ({ page, service }) => {
    const { openEvent, disabledStudent } = await demo(service);
    await open(page, '/events', 'en');
    const eventCard = card(page, openEvent.id);
    await eventCard.getByRole('button', { name: en.events.register }).click();
    const form = eventCard.getByTestId('registration-form');
    await fill(form, en, { name: uniqueName('disabled'), student: disabledStudent.student_number });
    await form.getByRole('button', { name: en.form.send }).click();
    await expect(form.getByTestId('form-alert')).toHaveText(en.evaluation.studentNotFound);
  });

  test('a closed event shows a disabled "Registration closed" button', async ({ page, service }) => {
    const { closedEvent } = await demo(service);
    await open(page, '/events', 'en');
    await expect(card(page, closedEvent.id).getByRole('button', { name: en.events.registrationClosed })).toBeDisabled();
  });

  test('registration closing while the form is open: the database refusal is shown', async ({ page, service }) => {
    const { openEvent, student } = await demo(service);
    await Promise.all([pageRead(page, 'events'), open(page, '/events', 'en')]);
    const eventCard = card(page, openEvent.id);
    await eventCard.getByRole('button', { name: en.events.register }).click();
    await service.from('events').update({ registration_open: false }).eq('id', openEvent.id);
    try {
      const form = eventCard.getByTestId('registration-form');
      await fill(form, en, { name: uniqueName('closed'), student: student.student_number });
      await form.getByRole('button', { name: en.form.send }).click();
      await expect(form.getByTestId('form-alert')).toHaveText(en.errors.registration_closed);
    } finally {
      await service.from('events').update({ registration_open: true }).eq('id', openEvent.id);
    }
  });

  test('a second registration of the same student is refused as a duplicate', async ({ page, service }) => {
    const { openEvent, student } = await demo(service);
    const other = (await service.from('students').select('*').eq('enabled', true)).data!.find(
      (s) => s.id !== student.id,
    )!;
    for (const attempt of [1, 2]) {
      await open(page, '/events', 'en');
      const eventCard = card(page, openEvent.id);
      await eventCard.getByRole('button', { name: en.events.register }).click();
      const form = eventCard.getByTestId('registration-form');
      await fill(form, en, { name: uniqueName(`dup${attempt}`), student: other.student_number });
      await form.getByRole('button', { name: en.form.send }).click();
      if (attempt === 1) await expect(eventCard.getByTestId('success-panel')).toBeVisible();
      else await expect(form.getByTestId('form-alert')).toHaveText(en.errors.duplicate_registration);
    }
  });

  test('only one event form is open at a time', async ({ page, service }) => {
    const { openEvent } = await demo(service);
    await open(page, '/events', 'en');
    const registerButtons = page.getByRole('button', { name: en.events.register });
    await expect(registerButtons.first()).toBeVisible(); // the list has loaded
    expect(await registerButtons.count()).toBeGreaterThan(1);
    await card(page, openEvent.id).getByRole('button', { name: en.events.register }).click();
    await expect(page.getByTestId('registration-form')).toHaveCount(1);
    await page.getByRole('button', { name: en.events.register }).first().click();
    await expect(page.getByTestId('registration-form')).toHaveCount(1);
    await expect(card(page, openEvent.id).getByTestId('registration-form')).toHaveCount(0);
  });

  test("the form's code loads when wanted; if it cannot arrive, the card says so and tries again", async ({
    page,
    service,
  }) => {
    const { openEvent } = await demo(service);
    const chunk = /\/assets\/RegistrationForm-[\w-]+\.js$/;
    const requested: string[] = [];
    page.on('request', (request) => requested.push(request.url()));
    let reachable = false;
    await page.route(chunk, (route) => (reachable ? route.fallback() : route.abort('internetdisconnected')));
    await open(page, '/events', 'en');
    // Hydrated without it: not among the page's scripts.
    expect(requested.filter((url) => chunk.test(url))).toEqual([]);
    const eventCard = card(page, openEvent.id);
    await eventCard.getByRole('button', { name: en.events.register }).click();
    await expect(eventCard.getByRole('alert')).toContainText(en.common.loadError);
    reachable = true;
    await eventCard.getByRole('button', { name: en.common.retry }).click();
    await expect(eventCard.getByTestId('registration-form').getByLabel(en.form.name)).toBeVisible();
    expect(requested.filter((url) => chunk.test(url)).length).toBeGreaterThan(1);
  });
});

test.describe('event evaluation', () => {
  test('needs a rating, then stores the evaluation (stars by keyboard)', async ({ page, service }) => {
    const { pastEvent, student } = await demo(service);
    const name = uniqueName('evaluate');
    await open(page, '/events/past', 'en');
    const eventCard = card(page, pastEvent.id);
    await eventCard.getByRole('button', { name: en.events.evaluate }).click();
    const form = eventCard.getByTestId('evaluation-form');
    await form.getByLabel(en.form.name).fill(name);
    await form.getByLabel(en.form.studentId).fill(student.student_number);
    await form.getByLabel(en.evaluation.feedback).fill('A wonderful evening.');
    await form.getByRole('button', { name: en.form.send }).click();
    await expect(form.getByText(en.form.ratingRequired)).toBeVisible();
    // Keyboard: focus the first star, then arrow right three times → 4 stars.
    await form.getByRole('radio', { name: '1 out of 5' }).focus();
    await page.keyboard.press('Space');
    for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowRight');
    await expect(form.getByRole('radio', { name: '4 out of 5' })).toBeChecked();
    await form.getByRole('button', { name: en.form.send }).click();
    await expect(eventCard.getByTestId('success-panel')).toContainText(en.evaluation.success);
    const { data } = await service.from('submissions').select('*').eq('name', name);
    expect(data![0]).toMatchObject({
      type: 'evaluation',
      rating: 4,
      event_id: pastEvent.id,
      message: 'A wonderful evening.',
      status: 'pending',
    });
  });

  test('an unknown student gets the union’s sentence and nothing is saved', async ({ page, service }) => {
    const { pastEvent } = await demo(service);
    const name = uniqueName('evalunknown');
    await open(page, '/events/past', 'en');
    const eventCard = card(page, pastEvent.id);
    await eventCard.getByRole('button', { name: en.events.evaluate }).click();
    const form = eventCard.getByTestId('evaluation-form');
    await form.getByLabel(en.form.name).fill(name);
    await form.getByLabel(en.form.studentId).fill(unknownStudentNumber);
    await form.getByRole('radio', { name: '5 out of 5' }).check({ force: true });
    await form.getByLabel(en.evaluation.feedback).fill('Nice');
    await form.getByRole('button', { name: en.form.send }).click();
    await expect(form.getByTestId('form-alert')).toHaveText(en.evaluation.studentNotFound);
    expect((await service.from('submissions').select('id').eq('name', name)).data).toHaveLength(0);
  });
});

test.describe('library', () => {
  test('search matches any language, case- and Turkish-İ-insensitive', async ({ page, service }) => {
    const { data: books } = await service.from('books').select('*');
    const book = books![0]!;
    await open(page, '/library', 'ar');
    await expect(page.getByTestId('book-card')).toHaveCount(books!.length);
    const search = page.getByRole('searchbox', { name: ar.library.searchLabel });
    // An English title typed in upper case, on the Arabic page.
    await search.fill(L(book.title).en.toUpperCase());
    await expect(page.locator(`[data-book-id="${book.id}"]`)).toBeVisible();
    await expect.poll(() => page.getByTestId('book-card').count()).toBeLessThan(books!.length);
    // The Turkish author with dotted/dotless i folded.
    await search.fill(L(book.author).tr.replace(/i/g, 'İ').replace(/ı/g, 'I'));
    await expect(page.locator(`[data-book-id="${book.id}"]`)).toBeVisible();
    await search.fill('zzzz-nothing-matches');
    await expect(page.getByTestId('book-card')).toHaveCount(0);
    await expect(page.getByText(ar.library.noResults)).toBeVisible();
  });

  test('a search typed before the scripts have run filters the books once they have', async ({ page }) => {
    const release = await holdScripts(page);
    // Not until "load": the held entry script is part of it on a page that starts its scripts at once.
    await page.goto(`${urls.publicDev}${localized('en', '/library')}?lng=en`, { waitUntil: 'domcontentloaded' });
    const search = page.getByRole('searchbox', { name: en.library.searchLabel });
    await search.fill('zzzz-nothing-matches');
    // The visitor is still in the field, the caret moved back to its start.
    await search.press('Home');
    release();
    await hydrated(page);
    await expect(page.getByText(en.library.noResults)).toBeVisible();
    await expect(page.getByTestId('book-card')).toHaveCount(0);
    await expect(search).toHaveValue('zzzz-nothing-matches');
    // Typing on goes where the caret was; emptied, the field shows every book again.
    await page.keyboard.type('!');
    await expect(search).toHaveValue('!zzzz-nothing-matches');
    await search.press('Control+A');
    await search.press('Backspace');
    await expect(page.getByTestId('book-card').first()).toBeVisible();
    await expect(page.getByText(en.library.noResults)).toHaveCount(0);
  });

  test('borrowing: date defaults to today, a known student succeeds and the panel stays', async ({ page, service }) => {
    const { availableBook, student } = await demo(service);
    const name = uniqueName('loan');
    // The page's clock, moved on by hand below: a panel timed to close would close then.
    await page.clock.install();
    await open(page, '/library', 'en');
    const bookCard = card(page, availableBook.id);
    await bookCard.getByRole('button', { name: en.library.borrow }).click();
    const form = bookCard.getByTestId('loan-form');
    const today = await page.evaluate(() => {
      const d = new Date();
      return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
    });
    await expect(form.getByLabel(en.library.loanDate)).toHaveValue(today);
    await form.getByLabel(en.form.name).fill(name);
    await form.getByLabel(en.form.studentId).fill(student.student_number);
    await form.getByText(en.library.pickup.midan).click();
    await form.getByRole('button', { name: en.form.send }).click();
    await expect(bookCard.getByTestId('success-panel')).toContainText(en.library.loanSuccess);
    await page.clock.runFor(5500);
    await expect(bookCard.getByTestId('success-panel')).toBeVisible();
    const { data } = await service.from('submissions').select('*').eq('name', name);
    expect(data![0]).toMatchObject({
      type: 'book_loan',
      book_id: availableBook.id,
      pickup_location: 'midan',
      loan_date: today,
      status: 'pending',
    });
  });

  test('an unknown student is refused unless allStudentsCanBorrow is on', async ({ page, service }) => {
    const { availableBook } = await demo(service);
    const name = uniqueName('loanunknown');
    await open(page, '/library', 'en');
    let bookCard = card(page, availableBook.id);
    await bookCard.getByRole('button', { name: en.library.borrow }).click();
    let form = bookCard.getByTestId('loan-form');
    await form.getByLabel(en.form.name).fill(name);
    await form.getByLabel(en.form.studentId).fill(unknownStudentNumber);
    await form.getByRole('button', { name: en.form.send }).click();
    await expect(form.getByTestId('form-alert')).toHaveText(en.library.studentNotFound);

    await service.from('settings').update({ value: true }).eq('key', 'allStudentsCanBorrow');
    try {
      await open(page, '/library', 'en'); // settings are read once per visit
      bookCard = card(page, availableBook.id);
      await bookCard.getByRole('button', { name: en.library.borrow }).click();
      form = bookCard.getByTestId('loan-form');
      await form.getByLabel(en.form.name).fill(name);
      await form.getByLabel(en.form.studentId).fill(unknownStudentNumber);
      await form.getByRole('button', { name: en.form.send }).click();
      await expect(bookCard.getByTestId('success-panel')).toBeVisible();
      expect((await service.from('submissions').select('type').eq('name', name)).data).toEqual([{ type: 'book_loan' }]);
    } finally {
      await service.from('settings').update({ value: false }).eq('key', 'allStudentsCanBorrow');
    }
  });

  test("an unknown number gets the union's own Turkish sentence, whichever check refused it", async ({
    page,
    service,
  }) => {
    const { availableBook } = await demo(service);
    const tr = texts.tr;
    const refuse = async (label: string) => {
      await open(page, '/library', 'tr');
      const bookCard = card(page, availableBook.id);
      await bookCard.getByRole('button', { name: tr.library.borrow }).click();
      const form = bookCard.getByTestId('loan-form');
      await form.getByLabel(tr.form.name).fill(uniqueName(label));
      await form.getByLabel(tr.form.studentId).fill(unknownStudentNumber);
      await form.getByRole('button', { name: tr.form.send }).click();
      await expect(form.getByTestId('form-alert')).toHaveText(tr.library.studentNotFound);
    };
    await refuse('loan-tr-early');
    // The early check cannot answer: the database refuses the insert, and says the same.
    await page.route('**/rest/v1/rpc/is_known_student*', (route) =>
      route.fulfill({ status: 503, contentType: 'application/json', body: '{}' }),
    );
    await refuse('loan-tr-database');
  });

  test('an unavailable book has a disabled button; a book lent meanwhile is refused by the database', async ({
    page,
    service,
  }) => {
    const { unavailableBook, availableBook, student } = await demo(service);
    await Promise.all([pageRead(page, 'books'), open(page, '/library', 'en')]);
    await expect(card(page, unavailableBook.id).getByRole('button', { name: en.library.unavailable })).toBeDisabled();
    const bookCard = card(page, availableBook.id);
    await bookCard.getByRole('button', { name: en.library.borrow }).click();
    await service.from('books').update({ available: false }).eq('id', availableBook.id);
    try {
      const form = bookCard.getByTestId('loan-form');
      await form.getByLabel(en.form.name).fill(uniqueName('lent'));
      await form.getByLabel(en.form.studentId).fill(student.student_number);
      await form.getByRole('button', { name: en.form.send }).click();
      await expect(form.getByTestId('form-alert')).toHaveText(en.errors.book_unavailable);
    } finally {
      await service.from('books').update({ available: true }).eq('id', availableBook.id);
    }
  });
});

test.describe('contact page', () => {
  test('contact form: every validation message, then a success panel that goes away', async ({ page, service }) => {
    const name = uniqueName('contact');
    // The page's clock, moved on by hand below past the panel's 5 s.
    await page.clock.install();
    await open(page, '/contact', 'en');
    const form = page.getByTestId('contact-form');
    await form.getByRole('button', { name: en.form.send }).click();
    await expect(form.getByText(en.form.nameRequired)).toBeVisible();
    await expect(form.getByText(en.form.emailRequired)).toBeVisible();
    await expect(form.getByText(en.form.messageRequired)).toBeVisible();
    await form.getByLabel(en.form.name).fill(name);
    await form.getByLabel(en.form.email, { exact: false }).fill('not-an-email');
    await form.getByLabel(en.form.message).fill('Hello from the tests');
    await form.getByRole('button', { name: en.form.send }).click();
    await expect(form.getByText(en.form.emailInvalid)).toBeVisible();
    await form.getByLabel(en.form.email, { exact: false }).fill('visitor@example.com');
    await form.getByRole('button', { name: en.form.send }).click();
    const panel = page.getByTestId('success-panel');
    await expect(panel).toContainText(en.contact.success);
    await page.clock.runFor(5000);
    await expect(panel).toBeHidden({ timeout: 8000 });
    await expect(page.getByTestId('contact-form')).toBeVisible();
    const { data } = await service.from('submissions').select('*').eq('name', name);
    expect(data![0]).toMatchObject({
      type: 'contact',
      email: 'visitor@example.com',
      message: 'Hello from the tests',
      status: 'pending',
    });
  });

  test('feedback: complaint and suggestion are stored as their types, email optional', async ({ page, service }) => {
    for (const kind of ['complaint', 'suggestion'] as const) {
      const name = uniqueName(kind);
      await open(page, '/contact', 'en');
      const form = page.getByTestId('feedback-form');
      await form.getByRole('radio', { name: en.contact[kind] }).check();
      await form.getByLabel(en.form.name).fill(name);
      await form.getByLabel(en.form.studentId).fill('2021010001');
      await form.getByLabel(en.form.emailOptional).fill('bad');
      await form.getByLabel(en.form.message).fill(`A ${kind}`);
      await form.getByRole('button', { name: en.form.send }).click();
      await expect(form.getByText(en.form.emailInvalid)).toBeVisible();
      await form.getByLabel(en.form.emailOptional).fill('');
      await form.getByRole('button', { name: en.form.send }).click();
      await expect(page.getByTestId('success-panel')).toContainText(en.contact.feedbackSuccess);
      const { data } = await service.from('submissions').select('*').eq('name', name);
      expect(data![0]).toMatchObject({ type: kind, email: null, message: `A ${kind}`, student_number: '2021010001' });
    }
  });

  test('a form filled in and sent before the scripts have run is sent as filled, once they have', async ({
    page,
    service,
  }) => {
    // React's development runtime, which reports any hydration mismatch the replayed edits cause.
    const problems = consoleProblems(page);
    const name = uniqueName('early');
    const release = await holdScripts(page);
    // Not until "load": the held entry script is part of it on a page that starts its scripts at once.
    await page.goto(`${urls.publicDev}${localized('en', '/contact')}?lng=en`, { waitUntil: 'domcontentloaded' });
    // A choice, a text field and a text area, then the send button: all before hydration.
    const form = page.getByTestId('feedback-form');
    await form.getByRole('radio', { name: en.contact.complaint }).check();
    await form.getByLabel(en.form.name).fill(name);
    await form.getByLabel(en.form.studentId).fill('2021010001');
    await form.getByLabel(en.form.message).fill('Typed before the scripts');
    await form.getByRole('button', { name: en.form.send }).click();
    await expect(page.locator('html')).not.toHaveAttribute('data-hydrated', '');

    release();
    await hydrated(page);
    await expect(page.getByTestId('success-panel')).toContainText(en.contact.feedbackSuccess);
    const { data } = await service.from('submissions').select('*').eq('name', name);
    expect(data).toHaveLength(1);
    expect(data![0]).toMatchObject({
      type: 'complaint',
      message: 'Typed before the scripts',
      student_number: '2021010001',
    });
    expect(problems).toEqual([]);
  });

  test('shows the contact details from settings and a titled, lazy map', async ({ page }) => {
    await open(page, '/contact', 'ar');
    const details = page.getByTestId('contact-details');
    await expect(details).toContainText('contact@union.test');
    await expect(details).toContainText('+90 224 000 00 00');
    await expect(details).toContainText('Görükle');
    await expect(page.locator(`iframe[title="${ar.contact.mapTitle}"]`)).toHaveAttribute('loading', 'lazy');
  });

  test('the honeypot is hidden from people and refused by the database when filled', async ({ page, service }) => {
    const name = uniqueName('bot');
    await open(page, '/contact', 'en');
    const form = page.getByTestId('contact-form');
    const trap = form.locator('input[name="website"]');
    await expect(trap).toHaveAttribute('tabindex', '-1');
    await expect(trap.locator('xpath=ancestor::div[@aria-hidden="true"]')).toHaveCount(1);
    expect(
      await trap.evaluate(
        (el) =>
          el.getBoundingClientRect().right < 0 ||
          el.getBoundingClientRect().left < -1000 ||
          el.getBoundingClientRect().left > window.innerWidth,
      ),
    ).toBe(true);
    await form.getByLabel(en.form.name).fill(name);
    await form.getByLabel(en.form.email, { exact: false }).fill('bot@example.com');
    await form.getByLabel(en.form.message).fill('spam');
    await trap.fill('http://spam.example', { force: true });
    await form.getByRole('button', { name: en.form.send }).click();
    await expect(form.getByTestId('form-alert')).toHaveText(en.errors.spam_detected);
    expect((await service.from('submissions').select('id').eq('name', name)).data).toHaveLength(0);
  });
});

test('the per-client rate limit is explained and the form keeps its values', async ({ page, db }) => {
  // Pretend this client already sent its 120 submissions in the last minutes.
  await db.query(
    `insert into private.submission_attempts (kind, subject) select 'submission', '127.0.0.1' from generate_series(1, 120)`,
  );
  try {
    await open(page, '/contact', 'ar');
    const form = page.getByTestId('contact-form');
    await form.getByLabel(ar.form.name).fill('زائر');
    await form.getByLabel(ar.form.email, { exact: false }).fill('visitor@example.com');
    await form.getByLabel(ar.form.message).fill('مرحبا');
    await form.getByRole('button', { name: ar.form.send }).click();
    await expect(form.getByTestId('form-alert')).toHaveText(ar.errors.rate_limited);
    await expect(form.getByLabel(ar.form.message)).toHaveValue('مرحبا');
  } finally {
    await resetRateLimit(db);
  }
});

test.describe('privacy', () => {
  test('every form says, next to its send button, where the privacy notice is, in all three languages', async ({
    page,
    service,
  }) => {
    const { openEvent, pastEvent, availableBook } = await demo(service);
    for (const lang of ['ar', 'en', 'tr'] as const) {
      const t = texts[lang];
      await open(page, '/events', lang);
      await card(page, openEvent.id).getByRole('button', { name: t.events.register }).click();
      await expectPrivacyNote(card(page, openEvent.id).getByTestId('registration-form'), lang);
      await open(page, '/events/past', lang);
      await card(page, pastEvent.id).getByRole('button', { name: t.events.evaluate }).click();
      await expectPrivacyNote(card(page, pastEvent.id).getByTestId('evaluation-form'), lang);
      await open(page, '/library', lang);
      await card(page, availableBook.id).getByRole('button', { name: t.library.borrow }).click();
      await expectPrivacyNote(card(page, availableBook.id).getByTestId('loan-form'), lang);
      await open(page, '/contact', lang);
      await expectPrivacyNote(page.getByTestId('contact-form'), lang);
      await expectPrivacyNote(page.getByTestId('feedback-form'), lang);
      await expect(page.getByRole('contentinfo').getByRole('link', { name: t.footer.privacy })).toHaveAttribute(
        'href',
        localized(lang, '/privacy'),
      );
    }
  });

  test('the notice states the retention periods the database applies, in words', async ({ page, service }) => {
    const { data } = await service
      .from('settings')
      .select('key, value')
      .in('key', ['submissionRetentionMonths', 'auditRetentionMonths']);
    const months = Object.fromEntries((data ?? []).map((r) => [r.key, Number(r.value)]));
    await open(page, '/privacy', 'ar');
    const retention = page.getByTestId('privacy-retention');
    await expect(retention).toContainText(
      formatMonths(months.submissionRetentionMonths ?? DEFAULT_RETENTION_MONTHS, 'ar'),
    );
    await expect(retention).toContainText(formatMonths(months.auditRetentionMonths ?? DEFAULT_RETENTION_MONTHS, 'ar'));
    await open(page, '/privacy', 'tr');
    await expect(page.getByTestId('privacy-retention')).toContainText(
      `${months.submissionRetentionMonths ?? DEFAULT_RETENTION_MONTHS} ay sonra`,
    );
  });
});

async function expectPrivacyNote(form: Locator, lang: 'ar' | 'en' | 'tr') {
  const note = form.getByTestId('privacy-note');
  await expect(note).toContainText(texts[lang].form.privacyNote);
  await expect(note.getByRole('link', { name: texts[lang].form.privacyLink })).toHaveAttribute(
    'href',
    localized(lang, '/privacy'),
  );
}
