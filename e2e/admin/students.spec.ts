import { test, expect, demoAccounts, urls } from '../harness/fixtures';
import { confirmDialog, marker, signIn, useLanguage } from './helpers';

// The students register in the console: a row opens its record; enabling or disabling a student
// (who may then register or not) asks first.

test.describe('students register', () => {
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
});
