// On a 390 px phone the console's top bar shows the page's whole title (two lines at most)
// beside its icons, in Arabic and English; the link to the public site is in the account menu.
import { test, expect, demoAccounts, urls } from '../harness/fixtures';
import { signIn, useLanguage, type Lang } from './helpers';

const PHONE = { width: 390, height: 844 };
// The longest page titles of the console (react-admin's "Create …" and the superadmin pages).
const PAGES = ['privacy', 'board_members/create', 'achievements/create', 'translations', 'submissions', 'staff'];

test.use({ viewport: PHONE });

for (const lang of ['ar', 'en'] as const) {
  test(`page titles fit the top bar on a phone (${lang})`, async ({ page }) => {
    test.setTimeout(120_000);
    await useLanguage(page, lang);
    await signIn(page, demoAccounts.superadmin);
    for (const path of PAGES) {
      await page.goto(`${urls.admin}${path}`);
      const title = page.locator('#react-admin-title');
      await expect(title).not.toHaveText('');
      const fit = await title.evaluate((el) => {
        const box = el.getBoundingClientRect();
        const buttons = Array.from(el.closest('header')?.querySelectorAll('button, a') ?? [])
          .map((b) => b.getBoundingClientRect())
          .filter((b) => b.width > 0);
        return {
          text: el.textContent,
          clipped: el.scrollWidth > el.clientWidth || el.scrollHeight > el.clientHeight,
          overlaps: buttons.some((b) => b.left < box.right - 1 && b.right > box.left + 1),
        };
      });
      expect(fit, `${path}: ${fit.text}`).toEqual({ text: fit.text, clipped: false, overlaps: false });
    }

    // The public site is one tap away in the account menu, opening in a new tab.
    await page.getByRole('button', { name: /profile|الملف الشخصي|profil/i }).click();
    const link = page.getByRole('menuitem', { name: lang === 'ar' ? 'الموقع العام' : 'Public site' });
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('href', /./);
  });
}

// The bar and the tab's title are translated in every language, at the default desktop size.
test.describe('bar and tab titles', () => {
  test.use({ viewport: { width: 1280, height: 720 } });
  test.describe.configure({ timeout: 180_000 });

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
});
