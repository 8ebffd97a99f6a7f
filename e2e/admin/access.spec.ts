import { test, expect, demoAccounts, urls } from '../harness/fixtures';
import { marker, signIn, useLanguage } from './helpers';

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
    await signIn(page, demoAccounts.editor);
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
    await signIn(page, demoAccounts.editor);
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
});
