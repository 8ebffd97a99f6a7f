import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '../harness/fixtures';
import { open, texts } from './helpers';

const routes = [
  '/',
  '/about',
  '/sponsor',
  '/board',
  '/events',
  '/events/past',
  '/library',
  '/achievements',
  '/news',
  // The seed's pinned news item: a body of headings, lists, a link and a quote.
  '/news/a0000000-0000-4000-8000-000000000001',
  '/contact',
  '/missing-page',
];

for (const lang of ['ar', 'en'] as const) {
  for (const theme of ['dark', 'light'] as const) {
    test(`axe: no serious or critical violations in ${lang} (${lang === 'ar' ? 'rtl' : 'ltr'}), ${theme} theme`, async ({
      page,
    }) => {
      test.setTimeout(120_000);
      await page.addInitScript((t) => localStorage.setItem('union.theme', t), theme);
      const found: string[] = [];
      for (const route of routes) {
        await open(page, route, lang);
        await page.waitForLoadState('networkidle');
        await expect(page.getByRole('status').filter({ hasText: /…/ })).toHaveCount(0);
        // The map is a third-party page (OpenStreetMap), not ours to audit, and offline in CI.
        const results = await new AxeBuilder({ page }).exclude('iframe').analyze();
        for (const v of results.violations)
          if (v.impact === 'serious' || v.impact === 'critical')
            found.push(
              `${route}: ${v.id} (${v.impact}) ${v.nodes
                .map((n) => n.target.join(' '))
                .slice(0, 3)
                .join(', ')}`,
            );
      }
      expect(found).toEqual([]);
    });
  }
}

test('axe: open forms with their error messages have no serious or critical violations', async ({ page }) => {
  for (const lang of ['ar', 'en'] as const) {
    await open(page, '/events', lang);
    await page.getByRole('button', { name: texts[lang].events.register }).first().click();
    await page.getByTestId('registration-form').getByRole('button', { name: texts[lang].form.send }).click();
    await open(page, '/contact', lang).then(() => undefined);
    await page.getByTestId('contact-form').getByRole('button', { name: texts[lang].form.send }).click();
    await page.getByTestId('feedback-form').getByRole('button', { name: texts[lang].form.send }).click();
    const contact = await new AxeBuilder({ page }).exclude('iframe').analyze();
    await open(page, '/events/past', lang);
    await page.getByRole('button', { name: texts[lang].events.evaluate }).first().click();
    await page.getByTestId('evaluation-form').getByRole('button', { name: texts[lang].form.send }).click();
    await expect(page.getByText(texts[lang].form.ratingRequired)).toBeVisible();
    const events = await new AxeBuilder({ page }).analyze();
    const serious = [...contact.violations, ...events.violations]
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${lang}: ${v.id}`);
    expect(serious).toEqual([]);
  }
});
