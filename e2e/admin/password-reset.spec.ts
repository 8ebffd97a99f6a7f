import { test, expect, urls } from '../harness/fixtures';
import { marker, signIn, useLanguage } from './helpers';

interface Mail {
  id: string;
  to: string[];
  subject: string;
  text: string;
  html: string;
}

test('the password-reset email arrives and its link sets a new password', async ({ page, service }) => {
  test.setTimeout(180_000);
  const email = `${marker('reset').toLowerCase()}@union.test`;
  const { data: user, error } = await service.auth.admin.createUser({
    email,
    password: 'OldPassword1',
    email_confirm: true,
  });
  expect(error).toBeNull();
  await service.from('staff').insert({ user_id: user.user!.id, email, role: 'editor' });

  await useLanguage(page, 'en');
  await page.goto(urls.admin);
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await page.locator('input[name="email"]').fill(email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('status')).toContainText('reset link is on its way');

  let mail: Mail | undefined;
  await expect
    .poll(
      async () => {
        const messages = (await (await fetch(`${urls.mail}/api/messages`)).json()) as Mail[];
        mail = messages.find((m) => m.to.some((t) => t.includes(email)));
        return !!mail;
      },
      { timeout: 30_000 },
    )
    .toBe(true);
  const link = (mail!.html + ' ' + mail!.text)
    .match(/https?:\/\/[^\s"'<>]+verify[^\s"'<>]+/)?.[0]
    ?.replace(/&amp;/g, '&');
  expect(link).toBeTruthy();
  expect(decodeURIComponent(link!)).toContain('/admin/set-password');

  await page.goto(link!);
  await expect(page).toHaveURL(/\/admin\/set-password/);
  await page.locator('input[name="password"]').fill('short');
  await page.locator('input[name="confirm"]').fill('short');
  await page.getByRole('button', { name: 'Save the password' }).click();
  await expect(page.getByText('At least 8 characters').first()).toBeVisible();
  await page.locator('input[name="password"]').fill('BrandNew1234');
  await page.locator('input[name="confirm"]').fill('BrandNew1234');
  await page.getByRole('button', { name: 'Save the password' }).click();
  await expect(page.getByRole('status')).toContainText('Your password is saved');

  await signIn(page, { email, password: 'BrandNew1234' });
});
