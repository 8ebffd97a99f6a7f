import type { SupabaseClient } from '@supabase/supabase-js';
import type { Database } from '@union/shared/database.types';
import { test, expect, urls } from '../harness/fixtures';
import { marker, signInWithForm, useLanguage } from './helpers';

// The password-reset mail comes from supabase/templates/recovery.html (config.toml
// [auth.email.template.recovery]): in the language the account last used in the console
// (user_metadata.language), else in all three with Arabic first.

interface Mail {
  id: string;
  to: string[];
  subject: string;
  text: string;
  html: string;
}

async function newStaff(service: SupabaseClient<Database>, tag: string) {
  const email = `${marker(tag).toLowerCase()}@union.test`;
  const { data: user, error } = await service.auth.admin.createUser({
    email,
    password: 'OldPassword1',
    email_confirm: true,
  });
  expect(error).toBeNull();
  await service.from('staff').insert({ user_id: user.user!.id, email, role: 'editor' });
  return { id: user.user!.id, email };
}

async function mailTo(email: string): Promise<Mail> {
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
  return mail!;
}

/** The mail's language sections, in order, as "lang:dir". */
const sectionsOf = (mail: Mail) =>
  [...mail.html.matchAll(/<td lang="(ar|en|tr)" dir="(rtl|ltr)"/g)].map((m) => `${m[1]}:${m[2]}`);

/** The button's link (the first link of the mail). */
const linkOf = (mail: Mail) => /href="([^"]+)"/.exec(mail.html)?.[1]?.replace(/&amp;/g, '&');

test('the reset mail is in the language the staff member uses the console in, and its link sets a new password', async ({
  page,
  service,
  browser,
}) => {
  test.setTimeout(180_000);
  const { id, email } = await newStaff(service, 'reset');

  // Signing in to the console in Turkish saves the language on the account.
  await useLanguage(page, 'tr');
  await signInWithForm(page, { email, password: 'OldPassword1' });
  await expect
    .poll(async () => (await service.auth.admin.getUserById(id)).data.user?.user_metadata?.language)
    .toBe('tr');

  // Later, signed out, on another browser in English: the mail still follows the account.
  const context = await browser.newContext();
  const other = await context.newPage();
  await useLanguage(other, 'en');
  await other.goto(urls.admin);
  await other.getByRole('link', { name: 'Forgot your password?' }).click();
  await other.locator('input[name="email"]').fill(email);
  await other.getByRole('button', { name: 'Send reset link' }).click();
  await expect(other.getByRole('status')).toContainText('reset link is on its way');

  const mail = await mailTo(email);
  expect(mail.subject).toBe('Şifrenizi sıfırlayın · Filistinli Öğrenciler Birliği');
  expect(sectionsOf(mail)).toEqual(['tr:ltr']);
  expect(mail.html).toContain('Filistinli Öğrenciler Birliği');
  expect(mail.html).not.toContain('Palestinian Students Union');
  const link = linkOf(mail);
  expect(link).toBeTruthy();
  expect(decodeURIComponent(link!)).toContain('/admin/set-password');

  await other.goto(link!);
  await expect(other).toHaveURL(/\/admin\/set-password/);
  await other.locator('input[name="password"]').fill('short');
  await other.locator('input[name="confirm"]').fill('short');
  await other.getByRole('button', { name: 'Save the password' }).click();
  await expect(other.getByText('At least 8 characters').first()).toBeVisible();
  await other.locator('input[name="password"]').fill('BrandNew1234');
  await other.locator('input[name="confirm"]').fill('BrandNew1234');
  await other.getByRole('button', { name: 'Save the password' }).click();
  await expect(other.getByRole('status')).toContainText('Your password is saved');
  await signInWithForm(other, { email, password: 'BrandNew1234' });
  await context.close();
});

test('an account that never signed in gets the mail in all three languages, Arabic first, right to left', async ({
  page,
  service,
}) => {
  test.setTimeout(120_000);
  const { email } = await newStaff(service, 'reset-new');

  await useLanguage(page, 'ar');
  await page.goto(urls.admin);
  await page.getByRole('link', { name: 'نسيت كلمة المرور؟' }).click();
  await page.locator('input[name="email"]').fill(email);
  await page.getByRole('button', { name: 'إرسال رابط إعادة التعيين' }).click();
  await expect(page.getByRole('status')).toBeVisible();

  const mail = await mailTo(email);
  expect(mail.subject).toBe('إعادة تعيين كلمة المرور · Reset your password · Şifrenizi sıfırlayın');
  expect(sectionsOf(mail)).toEqual(['ar:rtl', 'en:ltr', 'tr:ltr']);

  // As a mail client shows it: the union's name and the button in each language, Arabic laid out
  // right to left, every button to the same working link.
  await page.setContent(mail.html);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  const arabic = page.locator('td[lang="ar"]');
  await expect(arabic).toContainText('اتحاد الطلاب الفلسطينيين');
  expect(await arabic.evaluate((el) => getComputedStyle(el).direction)).toBe('rtl');
  expect(await page.locator('td[lang="en"]').evaluate((el) => getComputedStyle(el).direction)).toBe('ltr');
  await expect(page.locator('td[lang="en"]')).toContainText('Palestinian Students Union');
  await expect(page.locator('td[lang="tr"]')).toContainText('Filistinli Öğrenciler Birliği');
  const link = linkOf(mail)!;
  for (const name of ['اختر كلمة مرور جديدة', 'Choose a new password', 'Yeni bir şifre seçin']) {
    await expect(page.getByRole('link', { name })).toHaveAttribute('href', link);
  }
  await page.getByRole('link', { name: 'اختر كلمة مرور جديدة' }).click();
  await expect(page).toHaveURL(/\/admin\/set-password/);
  await expect(page.locator('input[name="password"]')).toBeVisible();
});
