// Screenshots of the console for review, in Arabic and English, dark and light, on a phone
// (390 px) and a desktop (1366 px): the dashboard, an edit form, the main lists and an event's
// attendee list and check-in, into
// .data/screenshots/admin/<lang>-<theme>-<width>-<page>.png.
// Needs a running console: npx tsx admin-console/scripts/dev-stack.ts, then
// npx tsx admin-console/scripts/screenshots.ts [adminUrl]
import { mkdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { chromium } from '@playwright/test';
import { chromiumLaunchOptions } from '../../scripts/lib/chromium.ts';

const root = resolve(import.meta.dirname, '../..');
const adminUrl =
  process.argv[2] ?? JSON.parse(readFileSync(join(root, '.data/admin-console/dev.json'), 'utf8')).ADMIN_URL;
const out = join(root, '.data/screenshots/admin');
mkdirSync(out, { recursive: true });

const PAGES = ['submissions', 'events', 'news', 'students', 'audit_log', 'translations', 'board_members'];

const browser = await chromium.launch(chromiumLaunchOptions());
for (const lang of ['ar', 'en'] as const) {
  for (const theme of ['dark', 'light'] as const) {
    for (const width of [390, 1366]) {
      const context = await browser.newContext({ viewport: { width, height: width < 600 ? 844 : 900 } });
      // The language and the theme as the public site saves them (the console reads both).
      await context.addInitScript(
        ([l, t]) => {
          localStorage.setItem('union.language', l);
          localStorage.setItem('union.theme', t);
        },
        [lang, theme],
      );
      const page = await context.newPage();
      const shot = (name: string) => page.screenshot({ path: join(out, `${lang}-${theme}-${width}-${name}.png`) });
      await page.goto(adminUrl);
      await page.locator('input[name="password"]').waitFor();
      await shot('login');
      await page.locator('input[name="email"]').fill('superadmin@union.test');
      await page.locator('input[name="password"]').fill('Superadmin1');
      await page.locator('button[type="submit"]').click();
      await page.getByTestId('login-success').waitFor();
      await shot('signed-in');
      await page.getByTestId('tile-events').waitFor({ timeout: 30_000 });
      await page.waitForTimeout(1000);
      await shot('dashboard');
      for (const name of PAGES) {
        await page.goto(`${adminUrl}${name}`);
        await page
          .locator(
            '.RaList-content li.MuiListItem-root, .RaList-content tbody tr, [data-testid="translations-table"] tbody tr',
          )
          .first()
          .waitFor();
        await page.waitForTimeout(1000);
        await shot(name);
      }
      await page.goto(`${adminUrl}events`);
      await page.locator('.RaList-content li.MuiListItem-root, .RaList-content tbody tr').first().click();
      await page.locator('[name="title.en"]').waitFor();
      await page.waitForTimeout(1000);
      await page.screenshot({ path: join(out, `${lang}-${theme}-${width}-event-edit.png`), fullPage: true });
      // The attendee list and check-in of a demo event with registrations (supabase/seed.sql).
      const demoEvent = 'e0000000-0000-4000-8000-000000000001';
      await page.goto(`${adminUrl}events/${demoEvent}/attendees`);
      await page.getByTestId('attendee-table').waitFor();
      await page.waitForTimeout(500);
      await page.screenshot({ path: join(out, `${lang}-${theme}-${width}-attendees.png`), fullPage: true });
      await page.goto(`${adminUrl}events/${demoEvent}/attendees/check-in`);
      await page.getByTestId('checkin-list').waitFor();
      await page.waitForTimeout(500);
      await page.screenshot({ path: join(out, `${lang}-${theme}-${width}-check-in.png`), fullPage: true });
      // A news item's form (a rich-text editor per language) and its preview (supabase/seed.sql).
      const demoNews = 'a0000000-0000-4000-8000-000000000001';
      await page.goto(`${adminUrl}news/${demoNews}`);
      await page.locator('[contenteditable="true"][lang="ar"]').waitFor();
      await page.waitForTimeout(800);
      await page.screenshot({ path: join(out, `${lang}-${theme}-${width}-news-edit.png`), fullPage: true });
      await page.goto(`${adminUrl}news/${demoNews}/preview`);
      await page.getByTestId('news-preview-body').waitFor();
      await page.waitForTimeout(500);
      await page.screenshot({ path: join(out, `${lang}-${theme}-${width}-news-preview.png`), fullPage: true });
      await context.close();
    }
  }
}
await browser.close();
console.log(`screenshots in ${out}`);
