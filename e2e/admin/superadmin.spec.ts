import { test, expect, demoAccounts, urls } from '../harness/fixtures';
import { confirmDialog, marker, signIn, signInWithForm, useLanguage } from './helpers';

// A superadmin: deletes content, manages staff accounts (never their own), imports the
// students register from CSV, reads the audit log.

test.describe('superadmin', () => {
  test.describe.configure({ timeout: 180_000 });

  test.beforeEach(async ({ page }) => {
    await useLanguage(page, 'en');
    await signIn(page, demoAccounts.superadmin);
  });

  test('deletes content after a confirmation, and the audit log shows it', async ({ page, service }) => {
    const title = marker('E2E stat');
    const { data: stat } = await service
      .from('statistics')
      .insert({ title: { en: title, ar: `${title} ar`, tr: `${title} tr` }, value: 7, icon: 'award', sort_order: 99 })
      .select()
      .single();
    await page.goto(`${urls.admin}statistics/${stat!.id}`);
    await page.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByRole('dialog')).toContainText('cannot be undone');
    await confirmDialog(page, 'Delete');
    await expect(page).toHaveURL(/\/admin\/statistics$/);
    await expect
      .poll(async () => (await service.from('statistics').select('id').eq('id', stat!.id)).data?.length)
      .toBe(0);

    await page.goto(`${urls.admin}audit_log`);
    await expect(page.getByRole('row', { name: /Statistics.*Deleted/ }).first()).toBeVisible();
    await page
      .getByRole('row', { name: /Statistics.*Deleted/ })
      .first()
      .click();
    await expect(page.getByTestId('audit-changes').first()).toContainText(title);

    // Filter by person: the editor made no deletions of statistics.
    await page.goto(
      `${urls.admin}audit_log?filter=${encodeURIComponent(JSON.stringify({ table_name: 'statistics', 'actor_email@ilike': 'editor@' }))}`,
    );
    await expect(page.getByRole('row', { name: /Deleted/ })).toHaveCount(0);
    await page.goto(
      `${urls.admin}audit_log?filter=${encodeURIComponent(JSON.stringify({ table_name: 'statistics', 'actor_email@ilike': 'superadmin@' }))}`,
    );
    await expect(page.getByRole('row', { name: /superadmin@union\.test.*Deleted/ }).first()).toBeVisible();
  });

  test('creates an editor who then signs in; changes the role; is refused on their own account', async ({
    page,
    browser,
    service,
  }) => {
    const email = `${marker('new-editor').toLowerCase()}@union.test`;
    // Users are added from the settings page as well as the users page.
    await page.goto(`${urls.admin}settings`);
    await page.getByRole('link', { name: 'Add an account' }).click();
    await expect(page).toHaveURL(/\/admin\/staff\/create$/);
    await page.locator('input[name="email"]').fill(email);
    await page.locator('input[name="password"]').fill('weak');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('The password is too weak').first()).toBeVisible();
    await page.locator('input[name="password"]').fill('NewEditor123');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Account added')).toBeVisible();
    const row = page.getByRole('row', { name: new RegExp(email) });
    await expect(row).toContainText('Editor');

    // The new person signs in (a separate browser context: a separate session).
    const context = await browser.newContext();
    const other = await context.newPage();
    await useLanguage(other, 'en');
    await signInWithForm(other, { email, password: 'NewEditor123' });
    await expect(page.getByRole('menuitem', { name: 'Staff accounts' })).toBeVisible();
    await expect(other.getByRole('menuitem', { name: 'Staff accounts' })).toHaveCount(0);
    await context.close();

    // Change the role to superadmin.
    await row.getByRole('link', { name: 'Edit' }).click();
    await page.getByRole('combobox').click();
    await page.getByRole('option', { name: 'Superadmin' }).click();
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Role updated')).toBeVisible();
    const { data: staff } = await service.from('staff').select('role,user_id').eq('email', email).single();
    expect(staff!.role).toBe('superadmin');

    // Own account: no edit form, no delete.
    const me = page.getByRole('row', { name: new RegExp(demoAccounts.superadmin.email) });
    await me.getByRole('link', { name: 'Edit' }).click();
    await expect(page.getByTestId('own-account')).toHaveText('You cannot edit your own account.');
    await page.goto(`${urls.admin}staff`);
    await page
      .getByRole('row', { name: new RegExp(demoAccounts.superadmin.email) })
      .getByRole('button', { name: 'Delete' })
      .click();
    await expect(page.getByText('You cannot delete your own account.')).toBeVisible();

    // Delete the new account through the function.
    await page
      .getByRole('row', { name: new RegExp(email) })
      .getByRole('button', { name: 'Delete' })
      .click();
    await confirmDialog(page, 'Delete');
    await expect(page.getByText('Account deleted')).toBeVisible();
    await expect
      .poll(async () => (await service.from('staff').select('user_id').eq('email', email)).data?.length)
      .toBe(0);
  });

  test('imports students from CSV: a duplicate is reported and nothing is imported until fixed', async ({
    page,
    service,
  }) => {
    const base = Date.now() % 100000000;
    const existing = `E2E${base}0`;
    await service.from('students').insert({ name: 'Existing Student', student_number: existing });
    await page.goto(`${urls.admin}students`);
    await page.getByRole('button', { name: 'Import CSV' }).click();
    const csv = (rows: string[][]) => ({
      name: 'students.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(rows.map((r) => r.join(',')).join('\n')),
    });
    const fileInput = page.getByRole('dialog').locator('input[type="file"]');

    await fileInput.setInputFiles(
      csv([
        ['name', 'number'],
        ['Ali Test', `E2E${base}1`],
        ['Sara Test', existing],
      ]),
    );
    await expect(page.getByTestId('import-problems')).toContainText(`the number ${existing} is already registered`);
    await expect(page.getByRole('button', { name: /Import 2 students/ })).toBeDisabled();

    await fileInput.setInputFiles(
      csv([
        ['name', 'number'],
        ['Ali Test', `E2E${base}1`],
        ['Sara Test', `E2E${base}2`],
      ]),
    );
    await expect(page.getByTestId('import-problems')).toHaveCount(0);
    await expect(page.getByTestId('import-preview')).toContainText('Sara Test');
    await page.getByRole('button', { name: 'Import 2 students' }).click();
    await expect(page.getByText('2 students imported')).toBeVisible();
    const { data } = await service
      .from('students')
      .select('student_number')
      .like('student_number', `E2E${base}%`)
      .order('student_number');
    expect(data!.map((s) => s.student_number)).toEqual([existing, `E2E${base}1`, `E2E${base}2`]);

    // Disable one from the list; search finds it.
    await page.getByPlaceholder('Search').fill(`E2E${base}2`);
    await expect(page.getByRole('row')).toHaveCount(2);
    await page
      .getByRole('row', { name: /Sara Test/ })
      .getByRole('button', { name: 'Disable' })
      .click();
    await expect(page.getByRole('dialog')).toContainText('Disable Sara Test?');
    await confirmDialog(page, 'Disable');
    await expect(page.getByRole('row', { name: /Sara Test/ })).toContainText('Disabled');
    const { data: sara } = await service
      .from('students')
      .select('enabled')
      .eq('student_number', `E2E${base}2`)
      .single();
    expect(sara!.enabled).toBe(false);
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
});
