import type { Page } from '@playwright/test';
import { test, expect, demoAccounts, urls } from '../harness/fixtures';
import { signIn, useLanguage, type Lang } from './helpers';

// Union staff review forms on their phones: at 390 px every page of the console fits the
// screen (no sideways scroll of the whole page), the top bar spans it, and the add button
// covers no row (react-admin's round floating button did, fixed over the list).

const PHONE = { width: 390, height: 844 };

/** Every list of the console (a superadmin sees them all), then the other pages of the menu. */
const LISTS = [
  'submissions',
  'events',
  'board_members',
  'books',
  'achievements',
  'news',
  'partners',
  'statistics',
  'students',
  'staff',
  'translations',
  'audit_log',
];
const PAGES = ['', 'settings', 'privacy'];
/** The lists with an add button: all but the inbox, the texts and the log, which staff never add to. */
const ADDABLE = LISTS.filter((list) => !['submissions', 'translations', 'audit_log'].includes(list));

// A key of the console's own texts shown as it is (`app.title`, `menu.events`, …).
const RAW_KEY =
  /(?<![\w@.])(app|menu|ra|resources|common|auth|roles|dashboard|events|board|books|statistics|submissions|translations|settings|users|students|audit|errors|privacyRequests)\.[a-z_]+(\.[a-z_]+)*(?![\w.])/i;

const APP_BAR = 'header.MuiAppBar-root';
const ROWS =
  '.RaList-content li.MuiListItem-root, .RaList-content tbody tr, [data-testid="translations-table"] tbody tr';

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** The add buttons on the page must not lie over any row, wherever the page is scrolled. */
async function expectAddButtonClearOfRows(page: Page, path: string) {
  const add = page.locator('a[href$="/create"]');
  await expect(add, `${path}: the add button`).toHaveCount(1);
  await expect(add).toBeVisible();
  for (const scroll of ['top', 'bottom'] as const) {
    await page.evaluate((to) => window.scrollTo(0, to === 'top' ? 0 : document.scrollingElement!.scrollHeight), scroll);
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    const button = (await add.first().boundingBox())!;
    const rows = await page.locator(ROWS).evaluateAll((elements) =>
      elements.map((e) => {
        const r = e.getBoundingClientRect();
        return { x: r.x, y: r.y, width: r.width, height: r.height };
      }),
    );
    expect(rows.length, `${path}: rows`).toBeGreaterThan(0);
    const covered = rows.filter((row) => overlaps(button, row));
    expect(covered, `${path}: rows under the add button (scrolled to the ${scroll})`).toEqual([]);
  }
}

for (const lang of ['ar', 'en'] as Lang[]) {
  test.describe(`a 390 px phone in ${lang}`, () => {
    test.describe.configure({ timeout: 240_000 });
    test.use({ viewport: PHONE });

    test('every list and page fits the screen; the add button covers no row', async ({ page }) => {
      await useLanguage(page, lang);
      await signIn(page, demoAccounts.superadmin);
      for (const path of [...LISTS, ...PAGES]) {
        await page.goto(`${urls.admin}${path}`);
        await expect(page.locator('html')).toHaveAttribute('lang', lang);
        if (LISTS.includes(path)) await expect(page.locator(ROWS).first(), `${path}: rows`).toBeVisible();
        else await expect(page.locator('#main-content')).not.toBeEmpty();
        // Nothing on the page is wider than the screen.
        await expect
          .poll(() => page.evaluate(() => document.scrollingElement!.scrollWidth), { message: `${path}: page width` })
          .toBeLessThanOrEqual(PHONE.width);
        // The top bar spans the screen and shows the page's title, translated.
        await expect(page.locator(APP_BAR)).toBeVisible();
        const bar = (await page.locator(APP_BAR).boundingBox())!;
        expect(Math.round(bar.x), `${path}: bar`).toBe(0);
        expect(Math.round(bar.width), `${path}: bar`).toBe(PHONE.width);
        const title = page.locator('#react-admin-title');
        await expect(title, `${path}: title`).not.toBeEmpty();
        expect((await title.boundingBox())!.width, `${path}: the title has room`).toBeGreaterThan(60);
        await expect(page.locator(APP_BAR)).not.toContainText(RAW_KEY);
        if (path !== 'translations')
          await expect(page.locator('#main-content'), `${path}: raw keys`).not.toContainText(RAW_KEY);
        if (ADDABLE.includes(path)) await expectAddButtonClearOfRows(page, path);
      }
    });

    test('a row opens its record, which fits the screen too', async ({ page }) => {
      await useLanguage(page, lang);
      await signIn(page, demoAccounts.superadmin);
      for (const [path, opened] of [
        ['submissions', /\/admin\/submissions\/[^/]+\/show$/],
        ['events', /\/admin\/events\/[^/]+$/],
      ] as const) {
        await page.goto(`${urls.admin}${path}`);
        await page.locator(ROWS).first().click();
        await expect(page).toHaveURL(opened);
        await expect(page.locator('#main-content form, #main-content .RaShow-main').first()).toBeVisible();
        await expect
          .poll(() => page.evaluate(() => document.scrollingElement!.scrollWidth), { message: `${path}: record width` })
          .toBeLessThanOrEqual(PHONE.width);
      }
    });
  });
}

for (const width of [768, 1366]) {
  test.describe(`a ${width} px screen (${width < 900 ? 'an upright tablet' : 'a laptop'})`, () => {
    test.describe.configure({ timeout: 240_000 });
    test.use({ viewport: { width, height: 768 } });

    test('every list fits, its buttons on the screen', async ({ page }) => {
      await useLanguage(page, 'en');
      await signIn(page, demoAccounts.superadmin);
      for (const path of LISTS) {
        await page.goto(`${urls.admin}${path}`);
        await expect(page.locator(ROWS).first(), `${path}: rows`).toBeVisible();
        await expect
          .poll(() => page.evaluate(() => document.scrollingElement!.scrollWidth), { message: `${path}: page width` })
          .toBeLessThanOrEqual(width);
      }
    });
  });
}
