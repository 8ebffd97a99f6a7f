import type { Page } from '@playwright/test';
import { expect, test, urls } from '../harness/fixtures';
import { L, localized, texts, type Lang } from './helpers';

// The prerendered site: every page exists as HTML in each language (what search engines, link
// previews and visitors without JavaScript get), and React takes it over without a mismatch.

const LANGS = ['ar', 'en', 'tr'] as const;

/** Every prerendered route, with the heading and title its HTML must carry in each language. */
const routes: {
  path: string;
  heading: (l: Lang) => string;
  title: (l: Lang) => string;
  status?: number;
  indexed?: boolean;
}[] = [
  { path: '/', heading: (l) => texts[l].home.heroTitle, title: (l) => texts[l].meta.siteName },
  { path: '/about', heading: (l) => texts[l].about.title, title: (l) => texts[l].meta.titles.about },
  { path: '/sponsor', heading: (l) => texts[l].sponsor.title, title: (l) => texts[l].meta.titles.sponsor },
  { path: '/board', heading: (l) => texts[l].board.title, title: (l) => texts[l].meta.titles.board },
  { path: '/events', heading: (l) => texts[l].events.title, title: (l) => texts[l].meta.titles.events },
  { path: '/events/past', heading: (l) => texts[l].events.title, title: (l) => texts[l].events.past },
  { path: '/library', heading: (l) => texts[l].library.title, title: (l) => texts[l].meta.titles.library },
  {
    path: '/achievements',
    heading: (l) => texts[l].achievements.title,
    title: (l) => texts[l].meta.titles.achievements,
  },
  { path: '/news', heading: (l) => texts[l].news.title, title: (l) => texts[l].meta.titles.news },
  { path: '/contact', heading: (l) => texts[l].contact.title, title: (l) => texts[l].meta.titles.contact },
  { path: '/privacy', heading: (l) => texts[l].privacy.title, title: (l) => texts[l].meta.titles.privacy },
  { path: '/login', heading: (l) => texts[l].login.title, title: (l) => texts[l].meta.titles.login, indexed: false },
  {
    path: '/no-such-page',
    heading: (l) => texts[l].notFound.title,
    title: (l) => texts[l].meta.titles.notFound,
    status: 404,
    indexed: false,
  },
];

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const attr = (html: string, pattern: RegExp) => pattern.exec(html)?.[1];
/** hreflang → href of a page's alternate links. */
const alternates = (html: string) =>
  Object.fromEntries(
    [...html.matchAll(/<link rel="alternate" hreflang="([^"]+)" href="([^"]+)"/g)].map((m) => [m[1]!, m[2]!]),
  );

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  for (const lang of LANGS) {
    test(`every route has its ${lang} text, language, direction and head in the HTML`, async ({ page }) => {
      for (const route of routes) {
        const response = await page.goto(localized(lang, route.path));
        expect([route.path, response?.status()]).toEqual([route.path, route.status ?? 200]);
        await expect(page.locator('html')).toHaveAttribute('lang', lang);
        await expect(page.locator('html')).toHaveAttribute('dir', lang === 'ar' ? 'rtl' : 'ltr');
        await expect(page.getByRole('heading', { level: 1, name: route.heading(lang) })).toBeVisible();
        await expect(page).toHaveTitle(new RegExp(escape(route.title(lang))));
        await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /.{20,}/);
        // Header and footer are there, in the page's language.
        await expect(page.getByRole('navigation', { name: texts[lang].nav.mainNav }).first()).toBeAttached();
        await expect(page.getByRole('contentinfo')).toContainText(texts[lang].footer.aboutTitle);
        if (route.indexed === false) {
          await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
          continue;
        }
        const html = await page.content();
        const canonical = attr(html, /<link rel="canonical" href="([^"]+)"/);
        expect(canonical && new URL(canonical).pathname).toBe(localized(lang, route.path));
        const alt = alternates(html);
        expect(Object.keys(alt).sort()).toEqual(['ar', 'en', 'tr', 'x-default']);
        for (const l of LANGS) expect(new URL(alt[l]!).pathname).toBe(localized(l, route.path));
        expect(alt['x-default']).toBe(alt.ar);
        for (const property of ['og:title', 'og:description', 'og:url', 'og:image', 'og:locale'])
          await expect(page.locator(`meta[property="${property}"]`)).toHaveAttribute('content', /.+/);
        await expect(page.locator('meta[property="og:url"]')).toHaveAttribute('content', canonical!);
        await expect(page.locator('meta[name="twitter:card"]')).toHaveAttribute('content', 'summary_large_image');
      }
    });
  }

  test('content from the database is in the HTML, with its structured data', async ({ page, service }) => {
    const { data: events } = await service
      .from('events')
      .select('*')
      .gt('starts_at', new Date().toISOString())
      .order('starts_at')
      .limit(1);
    const event = events![0]!;
    await page.goto(localized('en', `/events/${event.id}`));
    await expect(page.getByRole('heading', { level: 1, name: L(event.title).en })).toBeVisible();
    await expect(page).toHaveTitle(new RegExp(escape(L(event.title).en)));
    const eventLd = JSON.parse(
      (await page.locator('script[type="application/ld+json"]').textContent()) ?? '{}',
    ) as Record<string, unknown>;
    expect(eventLd).toMatchObject({
      '@type': 'Event',
      name: L(event.title).en,
      startDate: new Date(event.starts_at).toISOString(),
    });

    await page.goto('/');
    await expect(page.getByTestId('event-card').first()).toBeVisible();
    await expect(page.getByTestId('board-member').first()).toBeVisible();
    await expect(page.getByTestId('statistic').first()).toBeVisible();
    const orgLd = JSON.parse(
      (await page.locator('script[type="application/ld+json"]').textContent()) ?? '{}',
    ) as Record<string, unknown>;
    expect(orgLd).toMatchObject({ '@type': 'Organization', name: texts.ar.meta.siteName });

    await page.goto(localized('tr', '/library'));
    expect(await page.getByTestId('book-card').count()).toBeGreaterThan(0);
  });

  test('the sitemap lists every page in every language, and agrees with the pages', async ({ request }) => {
    // Each entry's HTML as the server sends it (a crawler reads no more), without a browser.
    const sitemap = await (await request.get('/sitemap.xml')).text();
    const entries = [...sitemap.matchAll(/<url>\s*<loc>([^<]+)<\/loc>([\s\S]*?)<\/url>/g)].map((m) => ({
      loc: m[1]!,
      alternates: alternates(m[2]!.replace(/xhtml:link/g, 'link')),
    }));
    const paths = new Set(entries.map((e) => new URL(e.loc).pathname));
    for (const route of routes.filter((r) => r.indexed !== false))
      for (const lang of LANGS) expect(paths, localized(lang, route.path)).toContain(localized(lang, route.path));
    expect([...paths].some((p) => /^\/en\/events\/[0-9a-f-]{36}$/.test(p))).toBe(true);
    expect(paths.has('/login') || paths.has('/404')).toBe(false);
    for (const entry of entries) {
      const response = await request.get(new URL(entry.loc).pathname, { maxRedirects: 0 });
      expect([entry.loc, response.status()]).toEqual([entry.loc, 200]);
      const html = await response.text();
      expect(attr(html, /<link rel="canonical" href="([^"]+)"/)).toBe(entry.loc);
      expect(alternates(html)).toEqual(entry.alternates);
    }
    const robots = await (await request.get('/robots.txt')).text();
    expect(robots).toMatch(/^Sitemap: https?:\/\/\S+\/sitemap\.xml$/m);
    expect(robots).toMatch(/^Disallow: \/admin\/$/m);
  });
});

/** An init script: saves a choice in the page's storage (not in frames of other sites, such as the map, which may not). */
const saveInStorage = ([key, value]: string[]) => {
  if (!key || value === undefined) return;
  if (window === window.top) localStorage.setItem(key, value);
};

/** Opens `path` and collects every console error and warning and every uncaught error. */
async function problemsOn(page: Page, path: string, expectedStatus = 200): Promise<string[]> {
  const problems: string[] = [];
  const onConsole = (m: { type(): string; text(): string }) => {
    // The browser reports the 404 answer of a not-found page itself; that one is expected.
    if (expectedStatus === 404 && /status of 404/.test(m.text())) return;
    if (m.type() === 'error' || m.type() === 'warning')
      problems.push(`${path}: console ${m.type()}: ${m.text().slice(0, 300)}`);
  };
  const onError = (e: Error) => problems.push(`${path}: ${e.message.slice(0, 300)}`);
  page.on('console', onConsole);
  page.on('pageerror', onError);
  const response = await page.goto(path);
  expect([path, response?.status()]).toEqual([path, expectedStatus]);
  await page.waitForLoadState('networkidle');
  page.off('console', onConsole);
  page.off('pageerror', onError);
  return problems;
}

test.describe('hydration', () => {
  for (const theme of ['dark', 'light'] as const) {
    test(`React takes over every page in every language without a mismatch or a console error (${theme} theme, development runtime)`, async ({
      page,
      service,
    }) => {
      test.setTimeout(180_000);
      await page.addInitScript(saveInStorage, ['union.theme', theme]);
      const { data } = await service.from('events').select('id').limit(1);
      const paths = [...routes.map((r) => r.path), `/events/${data![0]!.id}`];
      const problems: string[] = [];
      for (const lang of LANGS) {
        // The page's own language is the saved choice, so nothing redirects.
        await page.addInitScript(saveInStorage, ['union.language', lang]);
        for (const path of paths) {
          if (path === '/login') continue; // it leaves for the console at once
          problems.push(
            ...(await problemsOn(
              page,
              `${urls.publicDev}${localized(lang, path)}`,
              path === '/no-such-page' ? 404 : 200,
            )),
          );
        }
      }
      expect(problems).toEqual([]);
    });
  }

  test('a page in the production build logs nothing either', async ({ page }) => {
    for (const lang of LANGS) {
      await page.addInitScript(saveInStorage, ['union.language', lang]);
      for (const path of ['/', '/events', '/library', '/contact'])
        expect(await problemsOn(page, localized(lang, path))).toEqual([]);
    }
  });
});

test('a saved language applies before the first paint: the page in another language is never shown', async ({
  page,
}) => {
  // Each document records, as soon as it is parsed, its language and whether it was visible;
  // window.name survives the navigation to the page in the saved language.
  await page.addInitScript(() => {
    localStorage.setItem('union.language', 'en');
    document.addEventListener('readystatechange', () => {
      if (document.readyState === 'interactive')
        window.name += `${location.pathname}|${document.documentElement.lang}|${getComputedStyle(document.documentElement).visibility};`;
    });
  });
  await page.goto('/events/past');
  await expect(page).toHaveURL(/\/en\/events\/past$/);
  await expect(page.getByRole('heading', { level: 1, name: texts.en.events.title })).toBeVisible();
  const seen = (await page.evaluate(() => window.name)).split(';').filter(Boolean);
  expect(seen.filter((s) => s.startsWith('/en/events/past|en|visible'))).toHaveLength(1);
  expect(seen.filter((s) => s.includes('|ar|') && !s.endsWith('|hidden'))).toEqual([]);
});

test('an event added after the build still has its page (the events fallback page loads it)', async ({
  page,
  service,
  db,
}) => {
  // The stack republishes the site when content changes (docs/operations.md, "Publishing"): a
  // build held as running keeps it from publishing this event, as between two hosted builds.
  let held: string | undefined;
  await expect
    .poll(
      async () =>
        (held = (
          await db.query<{ id: string }>(
            `insert into private.publish_builds default values on conflict do nothing returning id`,
          )
        ).rows[0]?.id),
      { timeout: 60_000 },
    )
    .toBeTruthy();
  const { data: photo } = await service.from('events').select('photo_path').limit(1).single();
  const { data: inserted, error } = await service
    .from('events')
    .insert({
      title: { en: 'E2E after the build', ar: 'فعالية بعد البناء', tr: 'Derlemeden sonra' },
      description: {
        en: 'Added after the site was built.',
        ar: 'أضيفت بعد بناء الموقع.',
        tr: 'Site derlendikten sonra eklendi.',
      },
      location: { en: 'Hall B', ar: 'القاعة ب', tr: 'B Salonu' },
      starts_at: new Date(Date.now() + 7 * 86_400_000).toISOString(),
      registration_open: true,
      photo_path: photo!.photo_path,
    })
    .select('id')
    .single();
  expect(error).toBeNull();
  try {
    for (const lang of ['ar', 'en'] as const) {
      await page.addInitScript(saveInStorage, ['union.language', lang]);
      const problems = await problemsOn(page, localized(lang, `/events/${inserted!.id}`), 404);
      await expect(
        page.getByRole('heading', { level: 1, name: lang === 'en' ? 'E2E after the build' : 'فعالية بعد البناء' }),
      ).toBeVisible();
      await expect(page).toHaveTitle(new RegExp(lang === 'en' ? 'E2E after the build' : 'فعالية بعد البناء'));
      // The language menu links to this event too, not to the address the fallback HTML was rendered for.
      await expect(page.locator('a[hreflang="tr"]').first()).toHaveAttribute(
        'href',
        localized('tr', `/events/${inserted!.id}`),
      );
      expect(problems).toEqual([]);
    }
  } finally {
    await service.from('events').delete().eq('id', inserted!.id);
    await db.query(`delete from private.publish_builds where id = $1`, [held]);
  }
});
