import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '../harness/fixtures';
import { open } from './helpers';

const routes = ['/', '/about', '/sponsor', '/board', '/events', '/events?show=past', '/library', '/achievements', '/contact', '/missing-page'];

for (const lang of ['ar', 'en'] as const) {
  for (const theme of ['dark', 'light'] as const) {
    test(`axe: no serious or critical violations in ${lang} (${lang === 'ar' ? 'rtl' : 'ltr'}), ${theme} theme`, async ({ page }) => {
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
          if (v.impact === 'serious' || v.impact === 'critical') found.push(`${route}: ${v.id} (${v.impact}) ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}`);
      }
      expect(found).toEqual([]);
    });
  }
}
