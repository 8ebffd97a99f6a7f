import { expect, test } from '../harness/fixtures';
import { localized, texts, type Lang } from './helpers';

// News on the public site: what the prerender writes is what visitors may see, in
// three languages, with its head; drafts and scheduled items are nowhere (not in the list, the
// home page, a page of their own, the feeds or the sitemap); the feeds are advertised and absolute.

const SEED = {
  pinned: 'a0000000-0000-4000-8000-000000000001',
  guide: 'a0000000-0000-4000-8000-000000000002',
  scheduled: 'a0000000-0000-4000-8000-000000000003',
  draft: 'a0000000-0000-4000-8000-000000000004',
};

type Localized = Record<Lang, string>;

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the list, newest first with the pinned item on top, and never a draft or a scheduled item', async ({
    page,
    service,
  }) => {
    const { data } = await service.from('news').select('id,title').in('id', Object.values(SEED));
    const title = (id: string) => data!.find((r) => r.id === id)!.title as Localized;
    for (const lang of ['ar', 'en'] as const) {
      await page.goto(localized(lang, '/news'));
      await expect(page.getByRole('heading', { level: 1, name: texts[lang].news.title })).toBeVisible();
      const cards = page.getByTestId('news-card');
      await expect(cards.first()).toContainText(title(SEED.pinned)[lang]);
      await expect(cards.first()).toContainText(texts[lang].news.pinned);
      await expect(page.getByText(title(SEED.guide)[lang])).toBeVisible();
      await expect(page.getByText(title(SEED.scheduled)[lang])).toHaveCount(0);
      await expect(page.getByText(title(SEED.draft)[lang])).toHaveCount(0);
      // The feed of the page's language is advertised, at an absolute address.
      const feed = page.locator('link[rel="alternate"][type="application/rss+xml"]');
      await expect(feed).toHaveAttribute('href', new RegExp(`^https?://[^/]+${localized(lang, '/feed.xml')}$`));
      await expect(feed).toHaveAttribute('title', texts[lang].news.feedTitle);
    }
  });

  test('an item’s page: its text and body in the HTML, with its head', async ({ page, service }) => {
    const { data: item } = await service.from('news').select('*').eq('id', SEED.pinned).single();
    for (const lang of ['ar', 'en'] as const) {
      const path = localized(lang, `/news/${SEED.pinned}`);
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      await expect(page.locator('html')).toHaveAttribute('dir', lang === 'ar' ? 'rtl' : 'ltr');
      const t = (item!.title as Localized)[lang];
      await expect(page.getByRole('heading', { level: 1, name: t })).toBeVisible();
      await expect(page.getByTestId('news-body').getByRole('heading', { level: 2 }).first()).toBeVisible();
      await expect(page.getByTestId('news-body').getByRole('listitem').first()).toBeVisible();
      await expect(page.getByTestId('news-body').locator('blockquote')).toBeVisible();
      await expect(page.getByRole('img', { name: (item!.cover_alt as Localized)[lang] })).toBeVisible();
      await expect(page).toHaveTitle(new RegExp(t));
      await expect(page.locator('meta[name="description"]')).toHaveAttribute(
        'content',
        (item!.summary as Localized)[lang],
      );
      const canonical = await page.locator('link[rel="canonical"]').getAttribute('href');
      expect(new URL(canonical!).pathname).toBe(path);
      for (const l of ['ar', 'en', 'tr'] as const)
        expect(
          new URL((await page.locator(`link[rel="alternate"][hreflang="${l}"]`).getAttribute('href'))!).pathname,
        ).toBe(localized(l, `/news/${SEED.pinned}`));
      await expect(page.locator('meta[property="og:type"]')).toHaveAttribute('content', 'article');
      await expect(page.locator('meta[property="og:image"]')).toHaveAttribute(
        'content',
        /\/storage\/v1\/object\/public\/images\/news\/elections-/,
      );
      const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? '{}') as Record<
        string,
        unknown
      >;
      expect(ld).toMatchObject({ '@type': 'NewsArticle', headline: t, inLanguage: lang, url: canonical });
    }
  });

  test('a draft or a scheduled item has no page: the host answers 404', async ({ page }) => {
    for (const id of [SEED.draft, SEED.scheduled]) {
      const response = await page.goto(localized('en', `/news/${id}`));
      expect(response?.status()).toBe(404);
      await expect(page.locator('body')).not.toContainText('Election results');
      await expect(page.locator('body')).not.toContainText('Olive harvest');
    }
  });

  test('the home page shows the three latest, pinned first; header and footer link to the news', async ({ page }) => {
    await page.goto(localized('en', '/'));
    const section = page.locator('section[aria-labelledby="home-news"]');
    await expect(section.getByRole('heading', { level: 2, name: texts.en.home.latestNews })).toBeVisible();
    await expect(section.getByTestId('news-card')).toHaveCount(2); // the seed's two visible items
    await expect(section.getByTestId('news-card').first()).toContainText(texts.en.news.pinned);
    await expect(
      page
        .getByRole('navigation', { name: texts.en.nav.mainNav })
        .first()
        .getByRole('link', { name: texts.en.nav.news }),
    ).toHaveAttribute('href', '/en/news');
    await expect(page.getByRole('contentinfo').getByRole('link', { name: texts.en.nav.news })).toHaveAttribute(
      'href',
      '/en/news',
    );
  });
});

test('the feeds: RSS 2.0 per language, absolute links, only visible items', async ({ request }) => {
  for (const lang of ['ar', 'en', 'tr'] as const) {
    const res = await request.get(localized(lang, '/feed.xml'));
    expect(res.status()).toBe(200);
    const xml = await res.text();
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="utf-8"\?>\s*<rss version="2.0"/);
    expect(xml).toContain(`<language>${lang}</language>`);
    const links = [...xml.matchAll(/<link>([^<]+)<\/link>/g)].map((m) => m[1]!);
    expect(links.length).toBeGreaterThanOrEqual(3); // the channel and the two visible items
    for (const link of links) expect(link).toMatch(/^https?:\/\//);
    expect(xml).toContain(`/news/${SEED.pinned}`);
    expect(xml).not.toContain(SEED.draft);
    expect(xml).not.toContain(SEED.scheduled);
    // The cover's enclosure says its real size: the bytes its URL serves.
    const enclosure =
      /<enclosure length="(\d+)" type="image\/webp" url="(https?:\/\/[^"]+\/images\/news\/elections-[^"]+)"\/>/.exec(
        xml,
      );
    expect(enclosure).not.toBeNull();
    const cover = await request.get(enclosure![2]!.replace(/&amp;/g, '&'));
    expect(cover.status()).toBe(200);
    expect(Number(enclosure![1])).toBe((await cover.body()).length);
  }
  const sitemap = await (await request.get('/sitemap.xml')).text();
  expect(sitemap).toContain(`/en/news/${SEED.pinned}`);
  expect(sitemap).not.toContain(SEED.draft);
  expect(sitemap).not.toContain(SEED.scheduled);
  // A news item's page carries its last change; a page without content of its own none.
  expect(sitemap).toMatch(
    new RegExp(
      `<loc>[^<]+/en/news/${SEED.pinned}</loc>\\s*<lastmod>\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}Z</lastmod>`,
    ),
  );
  expect(sitemap).toMatch(/<loc>[^<]+\/en\/about<\/loc>\s*<xhtml:link/);
});
