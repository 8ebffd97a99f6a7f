import { test, expect, demoAccounts, urls } from '../harness/fixtures';
import { signIn, useLanguage } from './helpers';

test.describe('create and edit forms', () => {
  test.describe.configure({ timeout: 180_000 });

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
});
