import { expect, test, urls } from '../harness/fixtures';
import { EARLY_CLICK } from '../../public-site/src/lib/earlyClick';
import { consoleProblems, holdScripts, hydrated, L, localized, open, texts, type Lang } from './helpers';

const routes = [
  { path: '/', heading: (l: Lang) => texts[l].home.heroTitle, title: (l: Lang) => texts[l].meta.siteName },
  { path: '/about', heading: (l: Lang) => texts[l].about.title, title: (l: Lang) => texts[l].meta.titles.about },
  { path: '/sponsor', heading: (l: Lang) => texts[l].sponsor.title, title: (l: Lang) => texts[l].meta.titles.sponsor },
  { path: '/board', heading: (l: Lang) => texts[l].board.title, title: (l: Lang) => texts[l].meta.titles.board },
  { path: '/events', heading: (l: Lang) => texts[l].events.title, title: (l: Lang) => texts[l].meta.titles.events },
  { path: '/events/past', heading: (l: Lang) => texts[l].events.title, title: (l: Lang) => texts[l].events.past },
  { path: '/library', heading: (l: Lang) => texts[l].library.title, title: (l: Lang) => texts[l].meta.titles.library },
  {
    path: '/achievements',
    heading: (l: Lang) => texts[l].achievements.title,
    title: (l: Lang) => texts[l].meta.titles.achievements,
  },
  { path: '/contact', heading: (l: Lang) => texts[l].contact.title, title: (l: Lang) => texts[l].meta.titles.contact },
  {
    path: '/no-such-page',
    heading: (l: Lang) => texts[l].notFound.title,
    title: (l: Lang) => texts[l].meta.titles.notFound,
  },
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
  // One per block with a page of its own: events, news, board members, achievements.
  await expect(page.getByRole('link', { name: /View all/ })).toHaveCount(4);
  // Footer: contact details and every social link that is set (the seed sets three).
  await expect(page.getByRole('contentinfo').getByRole('link', { name: 'contact@union.test' })).toBeVisible();
  await expect(page.getByTestId('footer-socials').getByRole('link')).toHaveCount(3);
});

test('the hero slideshow moves to the next image after 7 seconds', async ({ page }) => {
  // The page's clock, moved on by hand: its timers fire as they would 7.6 s later, without the wait.
  await page.clock.install();
  await open(page, '/', 'en');
  const slides = page.locator('img[data-active]');
  await expect(slides).toHaveCount(3);
  await expect(slides.nth(0)).toHaveAttribute('data-active', 'true');
  await page.clock.runFor(7600);
  await expect(slides.nth(1)).toHaveAttribute('data-active', 'true');
  await expect(slides.nth(0)).toHaveAttribute('data-active', 'false');
});

test("switching the language moves to that language's address, flips the direction and is remembered", async ({
  page,
}) => {
  // The first face of the page's font list: Arabic pages name their Arabic face first (styles.css).
  const firstFace = () =>
    page.evaluate(() => getComputedStyle(document.body).fontFamily.split(',')[0]!.trim().replace(/["']/g, ''));
  await open(page, '/events', 'ar');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
  expect(new URL(page.url()).search).toBe(''); // ?lng= is dropped once applied
  expect(await firstFace()).toBe('Noto Sans Arabic');
  await page.getByRole('button', { name: new RegExp(texts.ar.nav.chooseLanguage) }).click();
  await page.getByRole('link', { name: 'English' }).click();
  await expect(page).toHaveURL(/\/en\/events$/);
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('heading', { level: 1, name: texts.en.events.title })).toBeVisible();
  expect(await firstFace()).toBe('system-ui');
  // The saved choice wins over the address: an Arabic link now opens the English page.
  await page.goto('/library');
  await expect(page).toHaveURL(/\/en\/library$/);
  await expect(page.getByRole('heading', { level: 1, name: texts.en.library.title })).toBeVisible();
  await hydrated(page);
  await page.getByRole('button', { name: new RegExp(texts.en.nav.chooseLanguage) }).click();
  await page.getByRole('link', { name: 'العربية' }).click();
  await expect(page).toHaveURL(/\/library$/);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { level: 1, name: texts.ar.library.title })).toBeVisible();
  // Back and forward move between the two languages' pages.
  await page.goBack();
  await expect(page).toHaveURL(/\/en\/library$/);
  await expect(page.getByRole('heading', { level: 1, name: texts.en.library.title })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await page.goForward();
  await expect(page.getByRole('heading', { level: 1, name: texts.ar.library.title })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
});

test('?lng= opens the page in that language and becomes the saved choice', async ({ page }) => {
  await page.goto('/library?lng=tr');
  await expect(page).toHaveURL(/\/tr\/library$/);
  await expect(page.getByRole('heading', { level: 1, name: texts.tr.library.title })).toBeVisible();
  await page.goto('/about');
  await expect(page).toHaveURL(/\/tr\/about$/);
  await expect(page.getByRole('heading', { level: 1, name: texts.tr.about.title })).toBeVisible();
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
  // Before React, from the saved choice (the pre-paint script the prerender puts in the head).
  await expect(html).not.toHaveClass(/dark/);
  await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute('content', '#ffffff');
  // The button works once React has taken the page over.
  await hydrated(page);
  await page.getByRole('button', { name: texts.en.nav.toDark }).click();
  await expect(html).toHaveClass(/dark/);
});

test('a tap on the menu before the scripts have run is kept, and opens the menu once they have', async ({ page }) => {
  // React's development runtime, which reports any hydration mismatch the kept tap could cause.
  const problems = consoleProblems(page);
  await page.setViewportSize({ width: 390, height: 844 });
  const release = await holdScripts(page);
  await page.goto(`${urls.publicDev}${localized('en', '/')}?lng=en`);
  const menu = page.getByRole('button', { name: texts.en.nav.openMenu });
  await menu.click();
  await expect(menu).toHaveAttribute(EARLY_CLICK.pending, '');
  await expect(menu).toHaveAttribute('aria-busy', 'true');
  await expect(page.locator('#mobile-nav')).toHaveCount(0);
  await expect(page.locator('html')).not.toHaveAttribute('data-hydrated', '');

  release();
  await hydrated(page);
  const nav = page.locator('#mobile-nav');
  await expect(nav).toBeVisible();
  await expect(nav.getByRole('link', { name: texts.en.nav.events })).toBeVisible();
  await expect(page.getByRole('button', { name: texts.en.nav.closeMenu })).toHaveAttribute('aria-expanded', 'true');
  await expect(page.locator(`[${EARLY_CLICK.pending}], header [aria-busy]`)).toHaveCount(0);
  // Once: a second click closes it, as a visitor expects.
  await page.getByRole('button', { name: texts.en.nav.closeMenu }).click();
  await expect(nav).toHaveCount(0);
  expect(problems).toEqual([]);
});

// The console is served from its own origin (the admin subdomain in production).
test('a login link without the console cookie, the admin icon with it', async ({ page, context }) => {
  await open(page, '/', 'en');
  await expect(page.getByTestId('login-link')).toHaveAttribute('href', urls.admin);
  await expect(page.getByTestId('login-link')).toBeVisible();
  await expect(page.getByTestId('admin-link')).toBeHidden();
  // Set where the console sets it, on its own origin: cookies ignore ports, and in production the
  // cookie's domain (VITE_SESSION_COOKIE_DOMAIN) is the parent of both hosts.
  await context.addCookies([{ name: 'union_console_session', value: '1', url: new URL(urls.admin).origin }]);
  await page.reload();
  await expect(page.getByRole('link', { name: texts.en.nav.admin })).toHaveAttribute('href', urls.admin);
  await expect(page.getByRole('link', { name: texts.en.nav.admin })).toBeVisible();
  await expect(page.getByTestId('login-link')).toBeHidden();
});

test('/login forwards to the console sign-in', async ({ page }) => {
  // The page leaves at once, for the console's own origin (which keeps its own language choice).
  await page.goto(`${localized('en', '/login')}?lng=en`).catch(() => undefined);
  await page.waitForURL((url) => url.href.startsWith(urls.admin));
});

test('an event page can be shared and offers an .ics download', async ({ page, service }) => {
  const now = new Date().toISOString();
  const { data } = await service.from('events').select('*').gt('starts_at', now).order('starts_at').limit(1);
  const event = data![0]!;
  await open(page, `/events/${event.id}`, 'en');
  await expect(page.getByRole('heading', { level: 1, name: L(event.title).en })).toBeVisible();
  await expect(page).toHaveTitle(new RegExp(L(event.title).en));
  const download = page.waitForEvent('download');
  await page.getByTestId('add-to-calendar').click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/\.ics$/);
  const ics = await (await file.createReadStream()).toArray().then((chunks) => Buffer.concat(chunks).toString('utf8'));
  expect(ics).toContain('BEGIN:VEVENT');
  expect(ics).toContain(
    `DTSTART:${new Date(event.starts_at)
      .toISOString()
      .replace(/[-:]/g, '')
      .replace(/\.\d{3}/, '')}`,
  );
  expect(ics.replace(/\r\n /g, '')).toContain(`SUMMARY:${L(event.title).en.replace(/([,;])/g, '\\$1')}`);
  await open(page, '/events/00000000-0000-4000-8000-000000000000', 'en');
  await expect(page.getByRole('heading', { level: 1, name: texts.en.notFound.title })).toBeVisible();
  await expect(page).toHaveTitle(new RegExp(texts.en.meta.titles.notFound));
});

test('the events toggle shows upcoming, then past events', async ({ page, service }) => {
  const now = new Date().toISOString();
  const { count: upcoming } = await service
    .from('events')
    .select('*', { count: 'exact', head: true })
    .gt('starts_at', now);
  const { count: past } = await service.from('events').select('*', { count: 'exact', head: true }).lt('starts_at', now);
  await open(page, '/events', 'en');
  await expect(page.getByTestId('event-card')).toHaveCount(upcoming!);
  const filter = page.getByRole('navigation', { name: texts.en.events.filterLabel });
  await expect(filter.getByRole('link', { name: texts.en.events.upcoming, exact: true })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await filter.getByRole('link', { name: texts.en.events.past, exact: true }).click();
  await expect(page).toHaveURL(/\/en\/events\/past$/);
  await expect(filter.getByRole('link', { name: texts.en.events.past, exact: true })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await expect(page.getByTestId('event-card')).toHaveCount(past!);
  await expect(
    page.getByTestId('event-card').first().getByRole('button', { name: texts.en.events.evaluate }),
  ).toBeVisible();
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

test('the header marks the current section, in any letter case, and a link to the page shown adds no history entry', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1400, height: 900 }); // the full menu (xl and up)
  await open(page, '/', 'en');
  const nav = page.getByRole('navigation', { name: texts.en.nav.mainNav });
  const eventsLink = nav.getByRole('link', { name: texts.en.nav.events, exact: true });
  await eventsLink.click();
  await expect(page.getByRole('heading', { level: 1, name: texts.en.events.title })).toBeVisible();
  await expect(eventsLink).toHaveAttribute('aria-current', 'page');
  await expect(nav.getByRole('link', { name: texts.en.nav.home, exact: true })).not.toHaveAttribute(
    'aria-current',
    /.*/,
  );
  await eventsLink.click();
  await page.goBack();
  await expect(page.getByRole('heading', { level: 1, name: texts.en.home.heroTitle })).toBeVisible();

  // No file has that name, so the host answers with its 404 page; the app shows the events.
  await page.goto(localized('en', '/EVENTS'));
  await expect(page.getByRole('heading', { level: 1, name: texts.en.events.title })).toBeVisible();
  await expect(eventsLink).toHaveAttribute('aria-current', 'page');
});

test("the page's head: kept as prerendered through hydration, replaced on each client-side navigation", async ({
  page,
}) => {
  // The canonical link element of the HTML, marked before any script of the page runs.
  await page.addInitScript(() =>
    document.addEventListener('readystatechange', () => {
      const canonical = document.head.querySelector('link[rel="canonical"]');
      if (document.readyState === 'interactive' && canonical) canonical.id = 'from-the-html';
    }),
  );
  await page.setViewportSize({ width: 1400, height: 900 }); // the full menu (xl and up)
  await open(page, '/', 'en');
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('id', 'from-the-html');
  await expect(page.locator('script[type="application/ld+json"]')).toHaveCount(1);
  await page
    .getByRole('navigation', { name: texts.en.nav.mainNav })
    .getByRole('link', { name: texts.en.nav.events, exact: true })
    .click();
  await expect(page).toHaveTitle(new RegExp(texts.en.meta.titles.events));
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/en\/events$/);
  await expect(page.locator('link[rel="canonical"]')).not.toHaveAttribute('id', /.*/);
  // The union's structured data belongs to the home page only.
  await expect(page.locator('script[type="application/ld+json"]')).toHaveCount(0);
  await page.goBack();
  await expect(page).toHaveTitle(texts.en.meta.siteName);
  await expect(page.locator('script[type="application/ld+json"]')).toHaveCount(1);
});

test("Arabic: the home page's first screen has only the first download's texts; its parts below fetch the shell's, keeping their HTML; a page with its own texts fetches them when opened", async ({
  page,
}) => {
  const textChunks: string[] = [];
  const events: string[] = [];
  let pageChunkAsked!: () => void;
  const pageChunkRequested = new Promise<void>((done) => (pageChunkAsked = done));
  page.on('request', (request) => {
    const chunk = /\/assets\/(ar-(?:shell|pages))-[\w-]+\.js$/.exec(request.url());
    if (chunk) textChunks.push(chunk[1]!);
    if (/\/assets\/AboutPage-[\w-]+\.js$/.test(request.url())) {
      events.push('page chunk asked for');
      pageChunkAsked();
    }
  });
  // The shell's texts answer only when the test lets them (gates, not timers: a slow machine must
  // not decide the outcome). Meanwhile the footer stays as the HTML has it; then React takes that
  // very element over.
  let shellAnswered = false;
  let releaseShell!: () => void;
  const shellReleased = new Promise<void>((done) => (releaseShell = done));
  await page.route(/\/assets\/ar-shell-[\w-]+\.js$/, async (route) => {
    await shellReleased;
    shellAnswered = true;
    await route.continue();
  });
  // The pages' texts answer only once the page's own chunk has been asked for (or after 10 s, when
  // it never is): the page's chunk loads beside its texts, not after them.
  await page.route(/\/assets\/ar-pages-[\w-]+\.js$/, async (route) => {
    await Promise.race([pageChunkRequested, new Promise((done) => setTimeout(done, 10_000))]);
    events.push('texts answered');
    await route.continue();
  });
  await page.setViewportSize({ width: 1400, height: 900 }); // the full menu (xl and up)
  await open(page, '/', 'ar');
  const footer = page.locator('footer');
  await expect(footer).toContainText(texts.ar.footer.aboutTitle);
  expect(shellAnswered).toBe(false);
  await footer.evaluate((element) => void ((element as unknown as { fromHtml: boolean }).fromHtml = true));
  const hydrated = () =>
    footer.evaluate((element) => Object.keys(element).some((key) => key.startsWith('__reactFiber')));
  expect(await hydrated()).toBe(false);
  // Still waiting a while later: the part waits for its texts, however long they take.
  await page.waitForTimeout(500);
  expect(await hydrated()).toBe(false);
  releaseShell();
  await expect.poll(hydrated, { timeout: 10_000 }).toBe(true);
  expect(shellAnswered).toBe(true);
  expect(await footer.evaluate((element) => (element as unknown as { fromHtml?: boolean }).fromHtml)).toBe(true);
  await expect(footer).toContainText(texts.ar.footer.aboutTitle);
  await page.waitForLoadState('networkidle');
  expect(textChunks).toEqual(['ar-shell']);

  await page
    .getByRole('navigation', { name: texts.ar.nav.mainNav })
    .getByRole('link', { name: texts.ar.nav.about, exact: true })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: texts.ar.about.title })).toBeVisible();
  await expect(page.getByText(texts.ar.about.mission)).toBeVisible();
  expect(textChunks).toEqual(['ar-shell', 'ar-pages']);
  expect(events).toEqual(['page chunk asked for', 'texts answered']);
});

test('a data block shows an error with a retry, and an empty text when there is nothing', async ({ page }) => {
  // Reached by a link, the page has no prerendered content: it must load it, and that fails.
  await page.setViewportSize({ width: 1400, height: 900 }); // the full menu (xl and up)
  await open(page, '/about', 'en');
  await page.route('**/rest/v1/achievements*', (route) => route.abort());
  await page
    .getByRole('navigation', { name: texts.en.nav.mainNav })
    .getByRole('link', { name: texts.en.nav.achievements })
    .click();
  const alert = page.getByRole('alert');
  await expect(alert).toContainText(texts.en.common.loadError);
  await page.unroute('**/rest/v1/achievements*');
  await alert.getByRole('button', { name: texts.en.common.retry }).click();
  await expect(page.getByTestId('achievement').first()).toBeVisible();

  // The prerendered board is replaced by what the database says now: nobody.
  await page.route('**/rest/v1/board_members*', (route) =>
    route.fulfill({ status: 200, contentType: 'application/json', body: '[]' }),
  );
  await open(page, '/board', 'ar');
  await expect(page.getByTestId('empty')).toHaveText(texts.ar.board.empty);
});

test('no sideways scrolling on a phone, in either direction', async ({ browser }) => {
  for (const lang of ['ar', 'en'] as const) {
    const context = await browser.newContext({
      viewport: { width: 360, height: 740 },
      baseURL: process.env.PUBLIC_URL,
    });
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
  await expect(page.getByTestId('event-card').first().locator('time')).toHaveText(
    /(Ocak|Şubat|Mart|Nisan|Mayıs|Haziran|Temmuz|Ağustos|Eylül|Ekim|Kasım|Aralık)/,
  );
});

test("the contact map shows the union's place from the settings, with a link that works without the map", async ({
  page,
  service,
}) => {
  const { data: setting } = await service.from('settings').select('value').eq('key', 'mapLocation').single();
  const [lat, lng] = String(setting!.value)
    .split(',')
    .map((n) => n.trim());
  await open(page, '/contact', 'en');
  const map = page.getByTestId('contact-map');
  await expect(map.locator('iframe')).toHaveAttribute('src', new RegExp(`marker=${lat},${lng}`));
  await expect(map.getByRole('link', { name: texts.en.contact.openMap })).toHaveAttribute(
    'href',
    `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lng}#map=17/${lat}/${lng}`,
  );
  await expect(map).toContainText(
    String((await service.from('settings').select('value').eq('key', 'footerAddress').single()).data!.value),
  );

  // Staff move it: visitors see the new place (the prerendered page refreshes its settings).
  await service.from('settings').update({ value: '41.0082, 28.9784' }).eq('key', 'mapLocation');
  try {
    await open(page, '/contact', 'ar');
    await expect(page.getByTestId('contact-map').getByRole('link', { name: texts.ar.contact.openMap })).toHaveAttribute(
      'href',
      /mlat=41\.0082&mlon=28\.9784/,
    );
    await service.from('settings').update({ value: '' }).eq('key', 'mapLocation');
    await open(page, '/contact', 'en');
    await expect(page.getByTestId('contact-details')).toBeVisible();
    await expect(page.getByTestId('contact-map')).toHaveCount(0);
  } finally {
    await service.from('settings').update({ value: setting!.value }).eq('key', 'mapLocation');
  }
});

test('photos come from the site itself in several widths: a phone takes a small one', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await open(page, '/events', 'en');
  const card = page.getByTestId('event-card').first();
  const photo = card.locator('img').first();
  // The build's copies (prerender/images.ts), AVIF first and WebP for the rest, 320 to 1600 px.
  await expect(card.locator('source[type="image/avif"]')).toHaveAttribute(
    'srcset',
    /^\/img\/[0-9a-f]{16}-320\.avif 320w, .*-1600\.avif 1600w$/,
  );
  await expect(photo).toHaveAttribute('srcset', /^\/img\/[0-9a-f]{16}-320\.webp 320w, .*-1600\.webp 1600w$/);
  // On a phone, the page's width less its padding (SmartImage.tsx, PHONE_CONTENT_WIDTH).
  await expect(photo).toHaveAttribute('sizes', /, calc\(100vw - 2rem\)$/);
  // 358 CSS pixels at a pixel ratio of 1: the 480 px copy is enough.
  await photo.scrollIntoViewIfNeeded();
  await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(/-480\.avif$/);
  await open(page, '/board', 'en');
  const portrait = page.getByTestId('board-member').first().locator('img').first();
  await expect(portrait).toHaveAttribute('sizes', '128px');
  // A phone needs no more than the smallest copy for a 128 px circle.
  await expect.poll(() => portrait.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(/-320\.avif$/);
});

test("an Arabic board title agrees with the person: «نائبة الرئيس» on a woman's card", async ({ page, service }) => {
  const { data: members } = await service
    .from('board_members')
    .select('name, role, gender')
    .in('role', ['president', 'vice_president']);
  const woman = members!.find((m) => m.gender === 'female')!;
  const man = members!.find((m) => m.gender === 'male')!;
  await open(page, '/board', 'ar');
  const cardOf = (member: { name: unknown }) => page.getByTestId('board-member').filter({ hasText: L(member.name).ar });
  await expect(
    cardOf(woman)
      .getByText(texts.ar.board.roles[`${woman.role as 'vice_president'}_female`], { exact: true })
      .first(),
  ).toBeVisible();
  await expect(
    cardOf(woman).getByText(texts.ar.board.roles[woman.role as 'vice_president'], { exact: true }),
  ).toHaveCount(0);
  await expect(
    cardOf(man)
      .getByText(texts.ar.board.roles[man.role as 'president'], { exact: true })
      .first(),
  ).toBeVisible();
  // English has one form.
  await open(page, '/board', 'en');
  await expect(
    page
      .getByTestId('board-member')
      .filter({ hasText: L(woman.name).en })
      .getByText(texts.en.board.roles[woman.role as 'vice_president'], { exact: true })
      .first(),
  ).toBeVisible();
});
