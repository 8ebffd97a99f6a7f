import { test, expect, demoAccounts, urls } from '../harness/fixtures';
import { signIn, useLanguage } from './helpers';

// The yearly handover (docs/operations.md, "Handover"): superadmins find the checklist in the
// menu with the superadmins of today; editors are kept out.

test.describe('handover page', () => {
  test.describe.configure({ timeout: 120_000 });
  test('a superadmin sees who holds the role today, the accounts and keys, the steps and the backups', async ({
    page,
  }) => {
    await useLanguage(page, 'en');
    await signIn(page, demoAccounts.superadmin);
    await page.getByRole('menuitem', { name: 'Handover' }).click();
    await expect(page).toHaveURL(/\/admin\/handover$/);
    await expect(page.getByTestId('handover-superadmins')).toContainText('superadmin@union.test');
    await expect(page.getByTestId('handover-superadmins')).not.toContainText('editor@union.test');
    await expect(page.getByRole('heading', { name: 'Who holds which account and key' })).toBeVisible();
    await expect(page.locator('dl dt')).toHaveCount(7);
    await expect(page.locator('ol li')).toHaveCount(5);
    await expect(page.getByTestId('handover-steps')).toHaveCSS('list-style-type', 'decimal');
    await expect(page.getByText('kept for 30 days', { exact: false })).toBeVisible();
    await page.getByRole('link', { name: 'Open staff accounts' }).click();
    await expect(page).toHaveURL(/\/admin\/staff$/);
  });

  test('reads in Arabic, right to left', async ({ page }) => {
    await useLanguage(page, 'ar');
    await signIn(page, demoAccounts.superadmin);
    await page.getByRole('menuitem', { name: 'التسليم' }).click();
    await expect(page.getByRole('heading', { name: 'من يحمل كل حساب وكل مفتاح' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    // The steps are numbered in Arabic-Indic digits, as every other number on the page.
    await expect(page.getByTestId('handover-steps')).toHaveCSS('list-style-type', 'arabic-indic');
    await expect(page.getByText('٣٠', { exact: false }).first()).toBeVisible();
  });

  test('an editor is told the page is for superadmins only', async ({ page }) => {
    await useLanguage(page, 'en');
    await signIn(page, demoAccounts.editor);
    await expect(page.getByRole('menuitem', { name: 'Handover' })).toHaveCount(0);
    await page.goto(`${urls.admin}handover`);
    await expect(page.getByText('Only superadmins can access this page', { exact: false })).toBeVisible();
    await expect(page.getByTestId('handover-superadmins')).toHaveCount(0);
  });
});
