// Screenshots of the console for review: dashboard, an edit form and the submissions list,
// in Arabic (dark) and English (light), into .data/screenshots/admin/.
// Needs a running console: npx tsx admin-console/scripts/dev-stack.ts, then
// npx tsx admin-console/scripts/screenshots.ts [adminUrl]
import { mkdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { chromium } from '@playwright/test';

const root = resolve(import.meta.dirname, '../..');
const adminUrl = process.argv[2] ?? JSON.parse(readFileSync(join(root, '.data/admin-console/dev.json'), 'utf8')).ADMIN_URL;
const out = join(root, '.data/screenshots/admin');
mkdirSync(out, { recursive: true });

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
for (const [lang, theme] of [['ar', 'dark'], ['en', 'light']] as const) {
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  await context.addInitScript(
    (l) => localStorage.setItem('union.language', l),
    lang,
  );
  const page = await context.newPage();
  await page.goto(adminUrl);
  await page.locator('input[name="email"]').fill('editor@union.test');
  await page.locator('input[name="password"]').fill('Editor12345');
  await page.locator('button[type="submit"]').click();
  await page.getByTestId('tile-events').waitFor({ timeout: 30_000 });
  // Dark is the default; the toggle saves the other theme (react-admin's store).
  if (theme === 'light') await page.locator('header button[aria-label]').filter({ has: page.locator('[data-testid="Brightness4Icon"], [data-testid="Brightness7Icon"]') }).click();
  await page.waitForTimeout(1500);
  await page.screenshot({ path: join(out, `dashboard-${lang}-${theme}.png`), fullPage: true });
  await page.goto(`${adminUrl}events`);
  await page.locator('tbody tr').first().click();
  await page.locator('[name="title.en"]').waitFor();
  await page.waitForTimeout(1500);
  await page.screenshot({ path: join(out, `event-edit-${lang}-${theme}.png`), fullPage: true });
  await page.goto(`${adminUrl}submissions`);
  await page.locator('tbody tr').first().waitFor();
  await page.waitForTimeout(1000);
  await page.screenshot({ path: join(out, `submissions-${lang}-${theme}.png`), fullPage: true });
  await context.close();
}
await browser.close();
console.log(`screenshots in ${out}`);
