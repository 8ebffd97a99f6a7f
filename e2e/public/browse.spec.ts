import { expect, test } from '../harness/fixtures';
import { L, open, texts, type Lang } from './helpers';

const routes = [
  { path: '/', heading: (l: Lang) => texts[l].home.heroTitle, title: (l: Lang) => texts[l].meta.siteName },
  { path: '/about', heading: (l: Lang) => texts[l].about.title, title: (l: Lang) => texts[l].meta.titles.about },
  { path: '/sponsor', heading: (l: Lang) => texts[l].sponsor.title, title: (l: Lang) => texts[l].meta.titles.sponsor },
  { path: '/board', heading: (l: Lang) => texts[l].board.title, title: (l: Lang) => texts[l].meta.titles.board },
  { path: '/events', heading: (l: Lang) => texts[l].events.title, title: (l: Lang) => texts[l].meta.titles.events },
  { path: '/library', heading: (l: Lang) => texts[l].library.title, title: (l: Lang) => texts[l].meta.titles.library },
  { path: '/achievements', heading: (l: Lang) => texts[l].achievements.title, title: (l: Lang) => texts[l].meta.titles.achievements },
  { path: '/contact', heading: (l: Lang) => texts[l].contact.title, title: (l: Lang) => texts[l].meta.titles.contact },
  { path: '/no-such-page', heading: (l: Lang) => texts[l].notFound.title, title: (l: Lang) => texts[l].meta.titles.notFound },
];

for (const lang of ['ar', 'en'] as const) {
  test.describe(`every route in ${lang}`, () => {
    for (const route of routes) {
      test(`${route.path} shows its heading, title, description and direction`, async ({ page }) => {
        const errors: string[] = [];
        page.on('pageerror', (e) => errors.push(e.message));
        await open(page, route.path, lang);
        await expect(page.getByRole('heading', { level: 1, name: route.heading(lang) })).toBeVisible();
        await expect(page).toHaveTitle(new RegExp(route.title(lang).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
        await expect(page.locator('html')).toHaveAttribute('dir', lang === 'ar' ? 'rtl' : 'ltr');
        await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /.{20,}/);
        await expect(page.getByRole('navigation', { name: texts[lang].nav.mainNav }).first()).toBeAttached();
        await expect(page.getByRole('contentinfo')).toContainText(texts[lang].footer.aboutTitle);
        expect(errors).toEqual([]);
      });
    }
  });
}

test('home shows the seed content blocks with at most three items each', async ({ page, service }) => {
  await open(page, '/', 'en');
  const { data: stats } = await service.from('statistics').select('id');
  await expect(page.getByTestId('statistic')).toHaveCount(stats!.length);
  for (const testId of ['event-card', 'board-member', 'achievement']) {
    await expect(page.getByTestId(testId).first()).toBeVisible();
    expect(await page.getByTestId(testId).count()).toBeLessThanOrEqual(3);
  }
  await expect(page.getByRole('link', { name: /View all/ })).toHaveCount(3);
  // Footer: contact details and every social link that is set (the seed sets three).
  await expect(page.getByRole('contentinfo').getByRole('link', { name: 'contact@union.test' })).toBeVisible();
  await expect(page.getByTestId('footer-socials').getByRole('link')).toHaveCount(3);
});

test('the hero slideshow moves to the next image after 7 seconds', async ({ page }) => {
  await open(page, '/', 'en');
  const slides = page.locator('img[data-active]');
  await expect(slides).toHaveCount(3);
  await expect(slides.nth(0)).toHaveAttribute('data-active', 'true');
  await page.waitForTimeout(7600);
  await expect(slides.nth(1)).toHaveAttribute('data-active', 'true');
  await expect(slides.nth(0)).toHaveAttribute('data-active', 'false');
});

test('switching the language flips the direction and is remembered', async ({ page }) => {
  await open(page, '/events', 'ar');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
  await page.getByRole('button', { name: new RegExp(texts.ar.nav.chooseLanguage) }).click();
  await page.getByRole('button', { name: 'English' }).click();
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('heading', { level: 1, name: texts.en.events.title })).toBeVisible();
  expect(new URL(page.url()).searchParams.get('lng')).toBeNull();
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
  await page.getByRole('button', { name: new RegExp(texts.en.nav.chooseLanguage) }).click();
  await page.getByRole('button', { name: 'العربية' }).click();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { level: 1, name: texts.ar.events.title })).toBeVisible();
});

test('Arabic is the default whatever the browser language', async ({ browser }) => {
  const context = await browser.newContext({ locale: 'en-US' });
  const page = await context.newPage();
  await page.goto(process.env.PUBLIC_URL + '/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
  await expect(page.getByRole('heading', { level: 1, name: texts.ar.home.heroTitle })).toBeVisible();
  await context.close();
});

test('the theme is dark by default, toggles, and survives a reload', async ({ page }) => {
  await open(page, '/', 'en');
  const html = page.locator('html');
  await expect(html).toHaveClass(/dark/);
  await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute('content', '#111827');
  await page.getByRole('button', { name: texts.en.nav.toLight }).click();
  await expect(html).not.toHaveClass(/dark/);
  await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute('content', '#ffffff');
  await page.reload();
  await expect(html).not.toHaveClass(/dark/);
  await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute('content', '#ffffff');
  await page.getByRole('button', { name: texts.en.nav.toDark }).click();
  await expect(html).toHaveClass(/dark/);
});

test('a login link without the console cookie, the admin icon with it', async ({ page, context }) => {
  await open(page, '/', 'en');
  await expect(page.getByTestId('login-link')).toHaveAttribute('href', '/admin/');
  await expect(page.getByTestId('admin-link')).toHaveCount(0);
  await context.addCookies([{ name: 'union_console_session', value: '1', url: process.env.PUBLIC_URL! }]);
  await page.reload();
  await expect(page.getByRole('link', { name: texts.en.nav.admin })).toHaveAttribute('href', '/admin/');
  await expect(page.getByTestId('login-link')).toHaveCount(0);
});

test('/login forwards to the console sign-in', async ({ page }) => {
  await open(page, '/login', 'en').catch(() => undefined); // the page leaves at once
  await page.waitForURL(/\/admin\//);
  expect(new URL(page.url()).pathname.startsWith('/admin/')).toBe(true);
});

test('an event page can be shared and offers an .ics download', async ({ page, service }) => {
  const now = new Date().toISOString();
  const { data } = await service.from('events').select('*').gt('starts_at', now).order('starts_at').limit(1);
  const event = data![0]!;
  await page.goto(`/events/${event.id}?lng=en`);
  await expect(page.getByRole('heading', { level: 1, name: L(event.title).en })).toBeVisible();
  await expect(page).toHaveTitle(new RegExp(L(event.title).en));
  const download = page.waitForEvent('download');
  await page.getByTestId('add-to-calendar').click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/\.ics$/);
  const ics = await (await file.createReadStream()).toArray().then((chunks) => Buffer.concat(chunks).toString('utf8'));
  expect(ics).toContain('BEGIN:VEVENT');
  expect(ics).toContain(`DTSTART:${new Date(event.starts_at).toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '')}`);
  expect(ics.replace(/\r\n /g, '')).toContain(`SUMMARY:${L(event.title).en.replace(/([,;])/g, '\\$1')}`);
  await page.goto('/events/00000000-0000-4000-8000-000000000000?lng=en');
  await expect(page.getByRole('heading', { level: 1, name: texts.en.notFound.title })).toBeVisible();
});

test('the events toggle shows upcoming, then past events', async ({ page, service }) => {
  const now = new Date().toISOString();
  const { count: upcoming } = await service.from('events').select('*', { count: 'exact', head: true }).gt('starts_at', now);
  const { count: past } = await service.from('events').select('*', { count: 'exact', head: true }).lt('starts_at', now);
  await open(page, '/events', 'en');
  await expect(page.getByTestId('event-card')).toHaveCount(upcoming!);
  await page.getByRole('button', { name: texts.en.events.past, exact: true }).click();
  await expect(page.getByRole('button', { name: texts.en.events.past, exact: true })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('event-card')).toHaveCount(past!);
  await expect(page.getByTestId('event-card').first().getByRole('button', { name: texts.en.events.evaluate })).toBeVisible();
});

test('staff text overrides from the translations table replace the built-in text', async ({ page, service }) => {
  await service.from('translations').upsert([
    { key: 'home.heroSubtitle', en: 'Overridden by staff', ar: null, tr: null },
    { key: 'home.impactTitle', en: null, ar: 'أثرنا بكلمات الطاقم', tr: null },
  ]);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  // The English texts arrive after the overrides: the overrides must wait for them without an error.
  await page.route(/\/assets\/en-[\w-]+\.js$/, async (route) => {
    await new Promise((done) => setTimeout(done, 700));
    await route.continue();
  });
  try {
    await open(page, '/', 'en');
    await expect(page.getByText('Overridden by staff')).toBeVisible();
    await expect(page.getByRole('heading', { name: texts.en.home.impactTitle })).toBeAttached();
    expect(errors).toEqual([]);
    await open(page, '/', 'ar');
    await expect(page.getByText(texts.ar.home.heroSubtitle)).toBeVisible();
    await expect(page.getByRole('heading', { name: 'أثرنا بكلمات الطاقم' })).toBeAttached();
  } finally {
    await service.from('translations').delete().in('key', ['home.heroSubtitle', 'home.impactTitle']);
  }
});

test('the header marks the current section, in any letter case, and a link to the page shown adds no history entry', async ({ page }) => {
  await page.setViewportSize({ width: 1400, height: 900 }); // the full menu (xl and up)
  await open(page, '/', 'en');
  const nav = page.getByRole('navigation', { name: texts.en.nav.mainNav });
  const eventsLink = nav.getByRole('link', { name: texts.en.nav.events, exact: true });
  await eventsLink.click();
  await expect(page.getByRole('heading', { level: 1, name: texts.en.events.title })).toBeVisible();
  await expect(eventsLink).toHaveAttribute('aria-current', 'page');
  await expect(nav.getByRole('link', { name: texts.en.nav.home, exact: true })).not.toHaveAttribute('aria-current', /.*/);
  await eventsLink.click();
  await page.goBack();
  await expect(page.getByRole('heading', { level: 1, name: texts.en.home.heroTitle })).toBeVisible();

  await open(page, '/EVENTS', 'en');
  await expect(page.getByRole('heading', { level: 1, name: texts.en.events.title })).toBeVisible();
  await expect(eventsLink).toHaveAttribute('aria-current', 'page');
});

test('a data block shows an error with a retry, and an empty text when there is nothing', async ({ page }) => {
  await page.route('**/rest/v1/achievements*', (route) => route.abort());
  await open(page, '/achievements', 'en');
  const alert = page.getByRole('alert');
  await expect(alert).toContainText(texts.en.common.loadError);
  await page.unroute('**/rest/v1/achievements*');
  await alert.getByRole('button', { name: texts.en.common.retry }).click();
  await expect(page.getByTestId('achievement').first()).toBeVisible();

  await page.route('**/rest/v1/board_members*', (route) => route.fulfill({ status: 200, contentType: 'application/json', body: '[]' }));
  await open(page, '/board', 'ar');
  await expect(page.getByTestId('empty')).toHaveText(texts.ar.board.empty);
});

test('no sideways scrolling on a phone, in either direction', async ({ browser }) => {
  for (const lang of ['ar', 'en'] as const) {
    const context = await browser.newContext({ viewport: { width: 360, height: 740 }, baseURL: process.env.PUBLIC_URL });
    const page = await context.newPage();
    for (const path of ['/', '/events', '/library', '/contact', '/board']) {
      await open(page, path, lang);
      await page.waitForLoadState('networkidle');
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect([lang, path, width]).toEqual([lang, path, 360]);
    }
    await context.close();
  }
});

test('Turkish: texts, dates and direction', async ({ page }) => {
  await open(page, '/events', 'tr');
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
  await expect(page.getByRole('heading', { level: 1, name: texts.tr.events.title })).toBeVisible();
  await expect(page).toHaveTitle(new RegExp(texts.tr.meta.siteName));
  // Long Turkish month names from Intl (tr-TR).
  await expect(page.getByTestId('event-card').first().locator('time')).toHaveText(/(Ocak|Şubat|Mart|Nisan|Mayıs|Haziran|Temmuz|Ağustos|Eylül|Ekim|Kasım|Aralık)/);
});
