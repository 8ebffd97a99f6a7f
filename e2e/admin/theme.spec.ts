import { test, expect, demoAccounts, urls } from '../harness/fixtures';
import { signIn, useLanguage } from './helpers';

test.describe('theme', () => {
  test.describe.configure({ timeout: 180_000 });

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
});
