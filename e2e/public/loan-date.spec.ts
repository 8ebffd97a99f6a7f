// A loan with a past pick-up date is marked on its date field, in the visitor's language, and
// nothing is sent (before, only "Some information is missing or invalid." with no field marked).
import type { Page } from '@playwright/test';
import { expect, test } from '../harness/fixtures';
import { demo, open, texts, uniqueName } from './helpers';

const card = (page: Page, id: string) => page.locator(`[data-book-id="${id}"]`);

for (const lang of ['ar', 'en', 'tr'] as const) {
  test(`a past pick-up date is marked on its field (${lang})`, async ({ page, service }) => {
    const t = texts[lang];
    const { availableBook, student } = await demo(service);
    const name = uniqueName(`loan-past-${lang}`);
    await open(page, '/library', lang);
    const bookCard = card(page, availableBook.id);
    await bookCard.getByRole('button', { name: t.library.borrow }).click();
    const form = bookCard.getByTestId('loan-form');
    await form.getByLabel(t.form.name).fill(name);
    await form.getByLabel(t.form.studentId).fill(student.student_number);
    const date = form.getByLabel(t.library.loanDate);
    await date.fill('2020-01-15');
    await form.getByRole('button', { name: t.form.send }).click();

    await expect(date).toHaveAttribute('aria-invalid', 'true');
    await expect(date).toBeFocused();
    await expect(form.getByText(t.form.loanDatePast)).toBeVisible();
    expect((await service.from('submissions').select('id').eq('name', name)).data).toEqual([]);
  });
}
