import { test, expect, demoAccounts, urls } from '../harness/fixtures';
import { confirmDialog, marker, signIn, useLanguage, type Lang } from './helpers';

// What a new user ran into: a row click that flipped a student, the old
// addresses answering "Not Found", raw translation keys, a menu for accounts without a staff
// record, the sign-in overlay over the password field, no Cancel, the site's theme lost,
// raw ids in the audit log, and submissions that did not say which event or book.

test.describe('console fixes', () => {
  test.describe.configure({ timeout: 180_000 });

  test('students: a row opens the record; enabling and disabling ask first', async ({ page, service }) => {
    const number = `E2EROW${Date.now() % 100000000}`;
    const name = marker('Row Student');
    const { data: student } = await service.from('students').insert({ name, student_number: number }).select().single();
    const enabled = async () =>
      (await service.from('students').select('enabled').eq('id', student!.id).single()).data!.enabled;
    await useLanguage(page, 'en');
    await signIn(page, demoAccounts.superadmin);
    await page.goto(`${urls.admin}students?filter=${encodeURIComponent(JSON.stringify({ q: number }))}`);
    const row = page.getByRole('row', { name: new RegExp(name) });
    await expect(row).toContainText('Enabled');
    // The filter says what it filters by: the state, either one.
    await expect(page.getByRole('combobox', { name: 'Status' })).toBeVisible();

    // A click anywhere on the row (its middle, where the state and its button are) opens it.
    await row.click();
    await expect(page).toHaveURL(new RegExp(`/admin/students/${student!.id}$`));
    await expect(page.locator('input[name="name"]')).toHaveValue(name);
    expect(await enabled()).toBe(true);

    // The button asks; "cancel" changes nothing, "confirm" disables.
    await page.goto(`${urls.admin}students?filter=${encodeURIComponent(JSON.stringify({ q: number }))}`);
    await row.getByRole('button', { name: 'Disable' }).click();
    await expect(page.getByRole('dialog')).toContainText(`Disable ${name}?`);
    await expect(page.getByRole('dialog')).toContainText('refused on every form');
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page).toHaveURL(/\/admin\/students\?/);
    expect(await enabled()).toBe(true);

    await row.getByRole('button', { name: 'Disable' }).click();
    await confirmDialog(page, 'Disable');
    await expect(row).toContainText('Disabled');
    await expect(page).toHaveURL(/\/admin\/students\?/);
    expect(await enabled()).toBe(false);

    await row.getByRole('button', { name: 'Enable' }).click();
    await expect(page.getByRole('dialog')).toContainText(`Enable ${name}?`);
    await confirmDialog(page, 'Enable');
    await expect(row).toContainText('Enabled');
    expect(await enabled()).toBe(true);
  });

  test('the old addresses /admin/users and /admin/board-members open their pages', async ({ page }) => {
    await useLanguage(page, 'en');
    await signIn(page, demoAccounts.superadmin);
    await page.goto(`${urls.admin}users`);
    await expect(page).toHaveURL(/\/admin\/staff$/);
    await expect(page.getByRole('row', { name: new RegExp(demoAccounts.superadmin.email) })).toBeVisible();
    await page.goto(`${urls.admin}board-members`);
    await expect(page).toHaveURL(/\/admin\/board_members$/);
    await expect(page.locator('#react-admin-title')).toHaveText('Board members');
  });

  for (const [lang, title] of [
    ['ar', 'لوحة إدارة الاتحاد'],
    ['en', 'Union console'],
    ['tr', 'Birlik yönetim paneli'],
  ] as [Lang, string][]) {
    test(`no raw keys in the bar or the tab (${lang})`, async ({ page }) => {
      await useLanguage(page, lang);
      await page.goto(urls.admin);
      await expect(page.locator('input[name="password"]')).toBeVisible();
      await expect(page).toHaveTitle(title);
      await signIn(page, demoAccounts.editor);
      await expect(page).toHaveTitle(title);
      const bar = page.locator('header.MuiAppBar-root');
      await expect(bar).not.toContainText('app.title');
      await expect(bar).not.toContainText(/\b(app|menu|ra)\.[a-z_]+/);
      await expect(page.locator('#react-admin-title')).not.toBeEmpty();
    });
  }

  test('an account without a staff record sees no menu, only "no access"', async ({ page, service }) => {
    const email = `${marker('nomenu').toLowerCase()}@example.com`;
    expect(
      (await service.auth.admin.createUser({ email, password: 'Visitor1234', email_confirm: true })).error,
    ).toBeNull();
    await useLanguage(page, 'en');
    await page.goto(urls.admin);
    await page.locator('input[name="email"]').fill(email);
    await page.locator('input[name="password"]').fill('Visitor1234');
    await page.locator('button[type="submit"]').click();
    await expect(page.getByTestId('no-access')).toBeVisible();
    await expect(page.getByRole('menuitem')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeHidden();
    await expect(page.getByRole('button', { name: 'Close menu' })).toBeHidden();
    // The same by address.
    await page.goto(`${urls.admin}events`);
    await expect(page.getByTestId('no-access')).toBeVisible();
    await expect(page.getByRole('menuitem')).toHaveCount(0);
  });

  test('signing in: the success message takes the form’s place, over no field', async ({ page }) => {
    await useLanguage(page, 'en');
    await page.goto(urls.admin);
    await page.locator('input[name="email"]').fill(demoAccounts.editor.email);
    await page.locator('input[name="password"]').fill(demoAccounts.editor.password);
    await page.locator('button[type="submit"]').click();
    // Read in the same frame as the message appears (the console opens a second later): the
    // fields the message's box covers, if any are still on the page.
    const covered = await page.waitForFunction(() => {
      const message = document.querySelector('[data-testid="login-success"]');
      if (!message || !message.textContent?.trim()) return null;
      const m = message.getBoundingClientRect();
      return Array.from(document.querySelectorAll('input[name="email"], input[name="password"]'))
        .filter((input) => {
          const r = input.getBoundingClientRect();
          return r.width > 0 && r.x < m.right && m.x < r.right && r.y < m.bottom && m.y < r.bottom;
        })
        .map((input) => input.getAttribute('name'));
    });
    expect(await covered.jsonValue()).toEqual([]);
    await expect(page.getByTestId('login-success')).toContainText('Signed in. Opening the console…');
    await expect(page.getByTestId('tile-events')).toBeVisible({ timeout: 45_000 });
  });

  test('create and edit pages have Cancel, back to the list', async ({ page }) => {
    await useLanguage(page, 'en');
    await signIn(page, demoAccounts.superadmin);
    for (const [from, list] of [
      ['events/create', 'events'],
      ['books/create', 'books'],
      ['board_members/create', 'board_members'],
      ['students/create', 'students'],
      ['staff/create', 'staff'],
    ]) {
      await page.goto(`${urls.admin}${from}`);
      await page.getByRole('link', { name: 'Cancel' }).click();
      await expect(page).toHaveURL(new RegExp(`/admin/${list}$`));
    }
    // An edit page, opened from its list.
    await page.goto(`${urls.admin}events`);
    await page.locator('.RaList-content tbody tr').first().click();
    await expect(page).toHaveURL(/\/admin\/events\/[^/]+$/);
    await page.locator('[name="title.en"]').fill('Not saved');
    await page.getByRole('link', { name: 'Cancel' }).click();
    await expect(page).toHaveURL(/\/admin\/events$/);
    await expect(page.getByText('Not saved')).toHaveCount(0);
  });

  test('the theme chosen on the site is the console’s, and back', async ({ page }) => {
    // The public site keeps the visitor's choice under union.theme (shared/src/preferences.ts).
    await useLanguage(page, 'en');
    await page.goto(urls.admin);
    await expect(page.locator('input[name="password"]')).toBeVisible();
    await page.evaluate(() => localStorage.setItem('union.theme', 'light'));
    await page.reload();
    const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    await expect.poll(background).toBe('rgb(245, 245, 245)');
    await signIn(page, demoAccounts.editor);
    await expect.poll(background).toBe('rgb(245, 245, 245)');
    await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute('content', '#ffffff');

    // Switched in the console: the site follows.
    await page.getByRole('button', { name: 'Toggle light/dark mode' }).click();
    await expect.poll(background).not.toBe('rgb(245, 245, 245)');
    expect(await page.evaluate(() => localStorage.getItem('union.theme'))).toBe('dark');
  });

  test('the audit log names records in the language on screen', async ({ page, service }) => {
    const title = marker('Audit Evening');
    const { data: event } = await service
      .from('statistics')
      .insert({
        title: { en: `${title} en`, ar: `${title} ar`, tr: `${title} tr` },
        value: 3,
        icon: 'users',
        sort_order: 98,
      })
      .select()
      .single();
    await useLanguage(page, 'en');
    await signIn(page, demoAccounts.superadmin);
    const filter = encodeURIComponent(JSON.stringify({ table_name: 'statistics' }));
    await page.goto(`${urls.admin}audit_log?filter=${filter}`);
    const row = page.getByRole('row', { name: new RegExp(`${title} en`) });
    await expect(row).toContainText('Added');
    await expect(page.locator('.RaList-content')).not.toContainText(String(event!.id));
    // In Arabic, the Arabic title.
    await page.getByRole('button', { name: 'English' }).click();
    await page.getByRole('menuitem', { name: 'العربية' }).click();
    await expect(page.getByRole('row', { name: new RegExp(`${title} ar`) })).toBeVisible();
  });

  test('each submission row says which event or book it is about', async ({ page, service }) => {
    const { data: rows } = await service
      .from('submissions')
      .select('name, events(title), books(title)')
      .in('type', ['event_registration', 'book_loan'])
      .order('created_at', { ascending: false })
      .limit(50);
    const registration = rows!.find((r) => r.events)!;
    const loan = rows!.find((r) => r.books)!;
    const titleOf = (t: unknown, lang: Lang) => (t as Record<Lang, string>)[lang];
    await useLanguage(page, 'en');
    await signIn(page, demoAccounts.editor);
    for (const [r, title] of [
      [registration, titleOf(registration.events!.title, 'en')],
      [loan, titleOf(loan.books!.title, 'en')],
    ] as const) {
      await page.goto(`${urls.admin}submissions?filter=${encodeURIComponent(JSON.stringify({ q: r.name }))}`);
      await expect(page.getByRole('row', { name: new RegExp(r.name) }).first()).toContainText(title);
    }
    await expect(page.getByRole('columnheader', { name: 'Event or book' })).toBeVisible();
  });
});
