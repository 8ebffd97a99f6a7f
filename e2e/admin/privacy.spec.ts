import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { test, expect, demoAccounts, urls } from '../harness/fixtures';
import { marker, signIn, useLanguage } from './helpers';

// A person asks what the union keeps about them, then asks for it to be erased (docs/privacy.md):
// a superadmin looks them up, downloads the copy as JSON and CSV, and erases it.

/** Downloads what `button` offers and returns the file's text. */
async function downloaded(page: Page, button: string): Promise<{ name: string; text: string }> {
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: button }).click()]);
  return { name: file.suggestedFilename(), text: await readFile((await file.path())!, 'utf8') };
}

test.describe('personal data requests', () => {
  test.describe.configure({ timeout: 180_000 });

  test('a superadmin finds a person, downloads their data and erases it; the audit log keeps only counts', async ({
    page,
    service,
    db,
  }) => {
    const name = marker('Privacy Person');
    const studentNumber = `7${Date.now().toString().slice(-9)}`;
    const email = `${marker('privacy').toLowerCase()}@example.com`;
    await service.from('students').insert({ name, student_number: studentNumber });
    await service.from('submissions').insert([
      { type: 'feedback', name, student_number: studentNumber, message: 'More Arabic books, please' },
      { type: 'contact', name, email, message: '=1+1 is not a formula here' },
    ]);

    await useLanguage(page, 'en');
    await signIn(page, demoAccounts.superadmin);
    await page.getByRole('menuitem', { name: 'Personal data requests' }).click();
    await expect(page).toHaveURL(/\/admin\/privacy$/);
    await page.getByLabel('Student number').fill(studentNumber);
    await page.getByLabel('Email').fill(email.toUpperCase());
    await page.getByRole('button', { name: 'Look up' }).click();

    const report = page.getByTestId('person-report');
    await expect(report).toContainText('Forms: 2');
    await expect(report).toContainText('Student register: 1');
    await expect(page.getByTestId('person-submissions')).toContainText('More Arabic books, please');
    await expect(page.getByTestId('person-submissions')).toContainText('Contact');

    const json = await downloaded(page, 'Download JSON');
    expect(json.name).toBe(`personal-data-${studentNumber}-${new Date().toISOString().slice(0, 10)}.json`);
    const copy = JSON.parse(json.text) as { submissions: { message: string }[]; students: { name: string }[] };
    expect(copy.submissions.map((s) => s.message).sort()).toEqual([
      '=1+1 is not a formula here',
      'More Arabic books, please',
    ]);
    expect(copy.students[0]!.name).toBe(name);
    const csv = await downloaded(page, 'Download CSV');
    expect(csv.text.startsWith('\uFEFFsection,record,field,value')).toBe(true);
    expect(csv.text).toContain(`,name,${name}`);
    expect(csv.text).toContain("'=1+1 is not a formula here");

    await page.getByRole('button', { name: 'Erase this person’s data' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText('cannot be undone');
    await dialog.getByRole('button', { name: 'Erase this person’s data' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Erased.' })).toContainText(
      'Forms deleted: 2. Removed from the student register: 1.',
    );
    await expect(report).toContainText('Nothing is stored about this person.');

    expect((await service.from('students').select('id').eq('student_number', studentNumber)).data).toEqual([]);
    const traces = await db.query(
      `select id from public.audit_log where concat(before::text, after::text, actor_email) like any ($1)`,
      [[`%${studentNumber}%`, `%${email}%`, `%${name}%`]],
    );
    expect(traces.rows).toEqual([]);

    await page.goto(`${urls.admin}audit_log`);
    const erasure = page
      .getByRole('row', { name: /superadmin@union\.test.*Personal data.*Personal data erased/ })
      .first();
    await erasure.click();
    await expect(page.getByTestId('audit-changes').first()).toContainText(
      'Forms deleted: 2. Removed from the student register: 1.',
    );
  });

  test('a staff member is not erased from here (Arabic)', async ({ page }) => {
    await useLanguage(page, 'ar');
    await signIn(page, demoAccounts.superadmin);
    await page.goto(`${urls.admin}privacy`);
    await expect(page.getByRole('heading', { name: 'طلبات البيانات الشخصية' }).first()).toBeVisible();
    await page.getByRole('button', { name: 'بحث' }).click();
    await expect(page.getByRole('alert')).toHaveText('أدخل الرقم الجامعي أو البريد الإلكتروني.');
    await page.getByLabel('البريد الإلكتروني').fill(demoAccounts.editor.email);
    await page.getByRole('button', { name: 'بحث' }).click();
    await expect(page.getByTestId('person-report')).toContainText('حساب في فريق الاتحاد: ١');
    await expect(page.getByRole('button', { name: 'حذف بيانات هذا الشخص' })).toBeDisabled();
  });

  test('editors neither see nor open the page, and read the retention settings without changing them (Turkish)', async ({
    page,
  }) => {
    await useLanguage(page, 'tr');
    await signIn(page, demoAccounts.editor);
    await expect(page.getByRole('menuitem', { name: 'Kişisel veri talepleri' })).toHaveCount(0);
    await page.goto(`${urls.admin}privacy`);
    await expect(page.getByText('Bu sayfaya yalnızca süper yöneticiler erişebilir.')).toBeVisible();
    await page.goto(`${urls.admin}settings`);
    const months = page.getByLabel('Formların saklanma süresi (etkinlikten veya karardan sonra, ay)');
    await expect(months).toHaveValue('12');
    await expect(months).toHaveAttribute('readonly', '');
    await expect(
      page.getByText('Verilerin ne kadar saklanacağını yalnızca süper yöneticiler değiştirir.').first(),
    ).toBeVisible();
  });
});
