import type { Locator, Page } from '@playwright/test';
import { expect, test, urls } from '../harness/fixtures';

// The first screen paints from the HTML alone: the hero's first slide and the content photos are
// in the prerendered page, served by the site itself (copied at build: prerender/images.ts), and
// React's hydration takes over those very elements instead of replacing them.

/** The images of the home page a visitor sees first: the hero's slide, the events' and news' photos. */
const heroSlide = (page: Page) => page.locator('main section[aria-labelledby="hero-title"] img').first();
const photos = (page: Page) =>
  page.locator('section[aria-labelledby="home-events"] article img, section[aria-labelledby="home-news"] article img');

/** Decoded (loaded with real pixels) and visible once scrolled to. */
async function expectShown(image: Locator): Promise<void> {
  await image.scrollIntoViewIfNeeded();
  await expect(image).toBeVisible();
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  // Decodable: the promise rejects for an image that cannot be decoded.
  await image.evaluate((img: HTMLImageElement) => img.decode());
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the home page shows the hero image and the event and news photos, from the site itself', async ({ page }) => {
    await page.goto('/');
    await expectShown(heroSlide(page));
    const count = await photos(page).count();
    // The seed has upcoming events and news with photos.
    expect(count).toBeGreaterThanOrEqual(2);
    for (let i = 0; i < count; i++) {
      const photo = photos(page).nth(i);
      await expectShown(photo);
      const source = await photo.evaluate((img: HTMLImageElement) => img.currentSrc);
      // A copy in the site (AVIF where the browser takes it), not the Storage original.
      expect(source).toMatch(new RegExp(`^${urls.public}/img/[0-9a-f]{16}-\\d+\\.(avif|webp)$`));
      await expect(photo).toHaveAttribute('width', /^\d+$/);
      await expect(photo).toHaveAttribute('height', /^\d+$/);
      await expect(photo).toHaveAttribute('sizes', /.+/);
    }
    // Cached for a year: the names change with the content.
    const source = await photos(page)
      .first()
      .evaluate((img: HTMLImageElement) => img.currentSrc);
    const response = await page.request.get(source);
    expect(response.ok()).toBe(true);
    expect(response.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  test('what lies below the first screen is laid out only when it comes near: the footer and the home sections', async ({
    page,
  }) => {
    // A phone's screen: the first layout (one long task on a phone) covers the first screen only.
    await page.setViewportSize({ width: 390, height: 844 });
    const layout = (elements: Element[]) =>
      elements.map((element) => ({
        visibility: getComputedStyle(element).contentVisibility,
        top: element.getBoundingClientRect().top,
      }));
    await page.goto('/');
    // Every section after the hero.
    const sections = await page.locator('main > section ~ section').evaluateAll(layout);
    expect(sections.length).toBeGreaterThanOrEqual(4);
    for (const section of sections) expect(section.visibility).toBe('auto');
    for (const path of ['/', '/en/events', '/tr/library']) {
      await page.goto(path);
      const [footer] = await page.getByRole('contentinfo').evaluateAll(layout);
      expect(footer!.visibility).toBe('auto');
      // Below the first screen (the main element is a screen tall): skipping it costs nothing seen.
      expect(footer!.top).toBeGreaterThan(844);
    }
  });

  test('the head still declares the manifest and the icon', async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('head link[rel="manifest"]')).toHaveAttribute('href', '/manifest.webmanifest');
    await expect(page.locator('head link[rel="icon"]')).toHaveAttribute('href', /^data:image\/svg\+xml,/);
  });
});

test('the icon is in the page and the manifest is declared only once the first screen is on it', async ({ page }) => {
  // Records, at the moment a manifest link enters the document, whether the hero had arrived.
  await page.addInitScript(() => {
    const seen: string[] = ((window as unknown as { manifestAdded: string[] }).manifestAdded = []);
    new MutationObserver((records) => {
      for (const record of records)
        for (const node of Array.from(record.addedNodes))
          if (node instanceof HTMLLinkElement && node.rel === 'manifest') {
            const hero = document.querySelector<HTMLImageElement>('main section[aria-labelledby="hero-title"] img');
            seen.push(
              `${node.getAttribute('href')} ${hero?.complete && hero.naturalWidth > 0 ? 'after' : 'before'} the hero`,
            );
          }
    }).observe(document, { subtree: true, childList: true });
  });
  await page.goto('/?lng=ar');
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  await expect(page.locator('head > link[rel="manifest"]')).toHaveAttribute('href', '/manifest.webmanifest');
  expect(await page.evaluate(() => (window as unknown as { manifestAdded: string[] }).manifestAdded)).toEqual([
    '/manifest.webmanifest after the hero',
  ]);
  await expect(page.locator('head > link[rel="icon"]')).toHaveAttribute('href', /^data:image\/svg\+xml,%3Csvg/);
  // The manifest is served, and its icons (the same SVG among them) stay files of the site.
  const manifest = await page.request.get('/manifest.webmanifest');
  expect(manifest.ok()).toBe(true);
  expect((await manifest.json()).icons.map((icon: { src: string }) => icon.src)).toContain('/favicon.svg');
  expect((await page.request.get('/favicon.svg')).ok()).toBe(true);
});

test('hydration keeps the images of the HTML: the same elements, never replaced or reloaded', async ({ page }) => {
  // As soon as the HTML is parsed (before any script of the page runs), every image gets a mark
  // on the element object itself, and every removal or change of an image's source is recorded.
  await page.addInitScript(() => {
    const log: string[] = [];
    (window as unknown as { imageChanges: string[] }).imageChanges = log;
    document.addEventListener('readystatechange', () => {
      if (document.readyState !== 'interactive') return;
      document.querySelectorAll('img').forEach((img, i) => {
        (img as unknown as { beforeHydration: number }).beforeHydration = i;
      });
      new MutationObserver((records) => {
        for (const record of records) {
          if (record.type === 'attributes')
            log.push(`${record.attributeName} of ${(record.target as Element).tagName}`);
          for (const node of Array.from(record.removedNodes))
            if (node instanceof Element && (node.tagName === 'IMG' || node.querySelector('img')))
              log.push(`removed ${node.tagName}`);
        }
      }).observe(document.body, {
        subtree: true,
        childList: true,
        attributes: true,
        attributeFilter: ['src', 'srcset'],
      });
    });
  });
  await page.goto('/?lng=ar');
  const images = [heroSlide(page), ...(await photos(page).all())];
  expect(images.length).toBeGreaterThanOrEqual(3);
  for (const image of images) {
    // React has taken the element over (its fiber is attached to it: hydration is done there)…
    await expect
      .poll(() => image.evaluate((img) => Object.keys(img).some((key) => key.startsWith('__reactFiber'))))
      .toBe(true);
    // …and it is the element the HTML made.
    expect(await image.evaluate((img) => typeof (img as unknown as { beforeHydration?: number }).beforeHydration)).toBe(
      'number',
    );
  }
  // Once the page has refreshed its data (equal results change nothing), still nothing replaced.
  await page.waitForLoadState('networkidle');
  expect(await page.evaluate(() => (window as unknown as { imageChanges: string[] }).imageChanges)).toEqual([]);
  for (const image of images)
    expect(await image.evaluate((img) => typeof (img as unknown as { beforeHydration?: number }).beforeHydration)).toBe(
      'number',
    );
});

test('hydration redoes nothing the HTML already did: no stylesheet fetched, no date or number formatter built', async ({
  page,
}) => {
  // Formatters built by the page's own scripts (the prerender hands its formatted dates and
  // numbers over in the snapshot: @union/shared/format's recordFormatted).
  await page.addInitScript(() => {
    const built = ((window as unknown as { formattersBuilt: string[] }).formattersBuilt = [] as string[]);
    for (const name of ['DateTimeFormat', 'NumberFormat'] as const) {
      const Original = Intl[name] as unknown as new (...args: unknown[]) => object;
      Object.defineProperty(Intl, name, {
        configurable: true,
        writable: true,
        value: class extends Original {
          constructor(...args: unknown[]) {
            super(...args);
            built.push(`${name}(${String(args[0])})`);
          }
        },
      });
    }
  });
  const stylesheets: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'stylesheet') stylesheets.push(request.url());
  });
  // The home page (dates and counts in the sections that hydrate after the first screen) and the
  // events page (the seats left, fetched live after hydration).
  for (const path of ['/?lng=ar', '/events?lng=ar']) {
    await page.goto(path);
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    for (const image of await photos(page).all())
      await expect
        .poll(() => image.evaluate((img) => Object.keys(img).some((key) => key.startsWith('__reactFiber'))))
        .toBe(true);
    await page.waitForLoadState('networkidle');
    expect(await page.evaluate(() => (window as unknown as { formattersBuilt: string[] }).formattersBuilt)).toEqual([]);
  }
  // The stylesheet is in the page: a lazy chunk never fetches it again (and restyles every element).
  expect(stylesheets).toEqual([]);
});
