import { test, expect, demoAccounts, urls } from '../harness/fixtures';
import { marker, signInWithForm, useLanguage } from './helpers';

test.describe('access', () => {
  test.describe.configure({ timeout: 180_000 });

  test('a signed-in person without a staff record sees "no access" and can sign out', async ({ page, service }) => {
    const email = `${marker('visitor').toLowerCase()}@example.com`;
    const { error } = await service.auth.admin.createUser({ email, password: 'Visitor1234', email_confirm: true });
    expect(error).toBeNull();
    await useLanguage(page, 'en');
    await page.goto(urls.admin);
    await page.locator('input[name="email"]').fill(email);
    await page.locator('input[name="password"]').fill('Visitor1234');
    await page.locator('button[type="submit"]').click();
    await expect(page.getByTestId('no-access')).toContainText('No access');
    await expect(page.getByTestId('no-access')).toContainText(email);
    await expect(page.getByTestId('tile-events')).toHaveCount(0);
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/admin\/login$/);
  });

  test('wrong password: a translated refusal, no session cookie', async ({ page, context }) => {
    await useLanguage(page, 'en');
    await page.goto(urls.admin);
    await page.locator('button[type="submit"]').click();
    await expect(page.getByText('Email is required')).toBeVisible();
    await page.locator('input[name="email"]').fill('editor@union.test');
    await page.locator('input[name="password"]').fill('wrong-Password1');
    await page.locator('button[type="submit"]').click();
    await expect(page.getByRole('alert')).toHaveText('Invalid email or password. Please try again.');
    expect((await context.cookies()).find((c) => c.name === 'union_console_session')).toBeUndefined();
  });

  test('Arabic by default, right to left; the session cookie follows sign-in and sign-out', async ({
    page,
    context,
  }) => {
    await page.goto(urls.admin);
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
    await expect(page.getByRole('heading', { name: 'دخول فريق الاتحاد' })).toBeVisible();
    await signInWithForm(page, demoAccounts.editor);
    await expect(page.getByRole('menuitem', { name: 'الفعاليات' })).toBeVisible();
    // The menu navigates inside /admin.
    await page.getByRole('menuitem', { name: 'الفعاليات' }).click();
    await expect(page).toHaveURL(/\/admin\/events$/);
    // The side menu sits on the right in RTL.
    const menu = await page.getByRole('menuitem', { name: 'الفعاليات' }).boundingBox();
    expect(menu!.x).toBeGreaterThan(page.viewportSize()!.width / 2);
    expect((await context.cookies()).find((c) => c.name === 'union_console_session')?.value).toBe('1');

    // Switch to English: left to right.
    await page.getByRole('button', { name: 'العربية' }).click();
    await page.getByRole('menuitem', { name: 'English' }).click();
    await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
    await expect(page.getByRole('menuitem', { name: 'Events' })).toBeVisible();

    // Sign out clears the marker cookie.
    await page.getByRole('button', { name: 'Profile' }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/admin\/login$/);
    expect((await context.cookies()).find((c) => c.name === 'union_console_session')).toBeUndefined();
  });

  test('Arabic journey: submissions list and an event form in RTL', async ({ page }) => {
    await signInWithForm(page, demoAccounts.editor);
    await page.goto(`${urls.admin}submissions`);
    await expect(page.getByRole('columnheader', { name: 'الحالة' })).toBeVisible();
    await page.goto(`${urls.admin}events/create`);
    await expect(page.locator('[name="title.ar"]')).toHaveAttribute('dir', 'rtl');
    await expect(page.locator('[name="title.en"]')).toHaveAttribute('dir', 'ltr');
    await page.locator('[name="title.ar"]').fill('عنوان');
    await page.getByRole('button', { name: 'حفظ' }).click();
    await expect(page.getByText('املأ اللغات الثلاث').first()).toBeVisible();
    await expect(page.getByText('الصورة مطلوبة')).toBeVisible();
  });

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

  test('/admin/users and /admin/board-members open the staff and board members pages', async ({ page }) => {
    await useLanguage(page, 'en');
    await signInWithForm(page, demoAccounts.superadmin);
    await page.goto(`${urls.admin}users`);
    await expect(page).toHaveURL(/\/admin\/staff$/);
    await expect(page.getByRole('row', { name: new RegExp(demoAccounts.superadmin.email) })).toBeVisible();
    await page.goto(`${urls.admin}board-members`);
    await expect(page).toHaveURL(/\/admin\/board_members$/);
    await expect(page.locator('#react-admin-title')).toHaveText('Board members');
  });
});
