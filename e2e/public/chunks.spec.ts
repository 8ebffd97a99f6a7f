import type { Page } from '@playwright/test';
import { COMPILE_HINT, wantsCompileHint } from '../../public-site/src/lib/compileHint';
import { expect, test } from '../harness/fixtures';
import { open, texts } from './helpers';

// A page opened in the browser loads its code then. When that code cannot arrive, the visitor
// gets the page anyway (a release replaced it: src/start-scripts.ts loads the address afresh) or
// an error with "Try again" in its place (offline: routes.tsx, App.tsx), never an empty window;
// the parts below the first screen keep their HTML (lib/deferred.tsx). Each chunk asks the
// browser to compile it as it arrives (vite.config.ts, lib/compileHint.ts).

const en = texts.en;
const aboutChunk = /\/assets\/AboutPage-[\w-]+\.js$/;
const sectionsChunk = /\/assets\/HomeSections-[\w-]+\.js$/;

/** Opens "About" from the header, in the browser (a client-side navigation). */
const toAbout = (page: Page, t: typeof en = en) =>
  page.getByRole('navigation', { name: t.nav.mainNav }).getByRole('link', { name: t.nav.about, exact: true }).click();

/** The pages the browser loads as documents from now on (a reload among them). */
function documents(page: Page): string[] {
  const loaded: string[] = [];
  page.on('request', (request) => request.isNavigationRequest() && loaded.push(new URL(request.url()).pathname));
  return loaded;
}

test('every script a page loads but the smallest opens with the compile hint, so that the browser compiles it as it arrives', async ({
  page,
}) => {
  const scripts: Promise<[string, string]>[] = [];
  page.on('response', (response) => {
    if (/^\/assets\/[^/]+\.js$/.test(new URL(response.url()).pathname))
      scripts.push(response.text().then((body) => [response.url(), body]));
  });
  await open(page, '/', 'en');
  // The entry, the vendor chunk, the route's and the parts' chunks, the API client.
  await expect.poll(() => scripts.length).toBeGreaterThan(5);
  const bodies = await Promise.all(scripts);
  // The smallest (Rolldown's runtime, the preferences module) go without it.
  expect(bodies.filter(([, body]) => !wantsCompileHint(body)).length).toBeGreaterThan(0);
  for (const [url, body] of bodies) expect(body.startsWith(`${COMPILE_HINT}\n`), url).toBe(wantsCompileHint(body));
});

test('a page opened before a release loads the next page afresh, from the new release, when its old code is gone', async ({
  page,
}) => {
  await open(page, '/', 'en');
  const entry = await page.locator('template[data-entry]').getAttribute('data-entry');
  expect(entry).toMatch(/^\/assets\/index-[\w-]+\.js$/);
  // Until the page is loaded again, the host answers as after a release: this page's chunks and
  // its entry are no longer there (its 404 page).
  let released = true;
  const gone = { status: 404, contentType: 'text/html', body: '<!doctype html><title>Not found</title>' };
  const loaded = documents(page);
  page.on('request', (request) => request.isNavigationRequest() && (released = false));
  await page.route(aboutChunk, (route) => (released ? route.fulfill(gone) : route.fallback()));
  await page.route(
    (url) => url.pathname === entry,
    (route) => (released && route.request().method() === 'HEAD' ? route.fulfill(gone) : route.fallback()),
  );

  await toAbout(page);
  await expect(page.getByRole('heading', { level: 1, name: en.about.title })).toBeVisible();
  await expect(page).toHaveURL(/\/en\/about$/);
  expect(loaded).toEqual(['/en/about']);
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
});

test('offline, a page whose code cannot arrive shows an error with "Try again" in its place, and reloads nothing by itself', async ({
  page,
}) => {
  await open(page, '/', 'en');
  let online = false;
  await page.route(aboutChunk, (route) => (online ? route.fallback() : route.abort('internetdisconnected')));
  const loaded = documents(page);
  const entryAsked = page.waitForResponse((response) => response.request().method() === 'HEAD');

  await toAbout(page);
  const failed = page.getByRole('main').getByRole('alert');
  await expect(failed).toContainText(en.common.loadError);
  // The loader asked whether the site had changed (it had not): no reload.
  expect((await entryAsked).status()).toBe(200);
  // The site's frame stays: header and footer.
  await expect(page.getByRole('banner')).toBeVisible();
  await expect(page.getByRole('contentinfo')).toBeVisible();
  expect(loaded).toEqual([]);

  online = true;
  await failed.getByRole('button', { name: en.common.retry }).click();
  await expect(page.getByRole('heading', { level: 1, name: en.about.title })).toBeVisible();
  expect(loaded).toEqual(['/en/about']);
});

test("offline in Arabic, a page whose texts cannot arrive says so in Arabic, in the page's place", async ({ page }) => {
  const ar = texts.ar;
  await open(page, '/', 'ar');
  // The footer's texts (the shell's) are there; the pages' are not yet.
  await page.waitForLoadState('networkidle');
  await page.route(/\/assets\/ar-pages-[\w-]+\.js$/, (route) => route.abort('internetdisconnected'));
  await toAbout(page, ar);
  const failed = page.getByRole('main').getByRole('alert');
  await expect(failed).toContainText(ar.common.loadError);
  await expect(failed.getByRole('button', { name: ar.common.retry })).toBeVisible();
  await expect(page.getByRole('banner')).toBeVisible();
});

test('offline after the first screen, the parts below it stay as the HTML shows them, their code not asked for again and again, and the page is taken over', async ({
  page,
}) => {
  const ar = texts.ar;
  // The footer's and the home sections' code, and the Arabic texts they fetch, cannot arrive.
  const below = /\/assets\/(Footer|HomeSections|ar-shell)-[\w-]+\.js$/;
  const refused: string[] = [];
  await page.route(below, (route) => {
    refused.push(new URL(route.request().url()).pathname);
    return route.abort('internetdisconnected');
  });
  await open(page, '/', 'ar');
  // Each part's code asked for once, and the texts at most once by each of the two parts (the
  // footer, the home page's sections), not again as React renders them again while hydrating
  // (once for each update on the page: the live reads, the clock; before that, dozens of times
  // a second).
  const times = (name: string) => refused.filter((path) => path.includes(`/${name}-`)).length;
  const asked = () => ({ Footer: times('Footer'), HomeSections: times('HomeSections'), texts: times('ar-shell') > 0 });
  await expect.poll(asked).toEqual({ Footer: 1, HomeSections: 1, texts: true });
  await page.waitForLoadState('networkidle');
  await expect(page.getByRole('contentinfo')).toContainText(ar.footer.aboutTitle);
  await expect(page.getByRole('heading', { name: ar.home.upcomingEvents })).toBeVisible();
  // Taken over: the theme button is React's.
  await page.getByRole('button', { name: ar.nav.toLight }).click();
  await expect(page.locator('html')).not.toHaveClass(/dark/);
  // The live reads have landed and the theme has changed meanwhile: still not asked for again.
  expect(asked()).toEqual({ Footer: 1, HomeSections: 1, texts: true });
  expect(times('ar-shell')).toBeLessThanOrEqual(2);
});

test("the home page opened in the browser after another page loads its sections' code and shows them", async ({
  page,
}) => {
  const asked: string[] = [];
  page.on('request', (request) => sectionsChunk.test(request.url()) && asked.push(request.url()));
  await open(page, '/about', 'en');
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  expect(asked).toEqual([]);
  // In the browser: no HTML for the sections, their code not there yet.
  await page
    .getByRole('navigation', { name: en.nav.mainNav })
    .getByRole('link', { name: en.nav.home, exact: true })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: en.home.heroTitle })).toBeVisible();
  await expect(page.getByRole('heading', { name: en.home.upcomingEvents })).toBeVisible();
  await expect(page.getByTestId('event-card').first()).toBeVisible();
  expect(asked).toHaveLength(1);
  await expect(page.getByRole('main').getByRole('alert')).toHaveCount(0);
});

test('a part below the first screen whose code could not arrive, shown again later, says so with "Try again" instead of staying blank', async ({
  page,
}) => {
  let online = false;
  await page.route(sectionsChunk, (route) => (online ? route.fallback() : route.abort('internetdisconnected')));
  const asked = page.waitForRequest(sectionsChunk);
  await open(page, '/', 'en');
  await asked;
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  // On the first visit the sections keep their HTML (the test above).
  await expect(page.getByRole('heading', { name: en.home.upcomingEvents })).toBeVisible();

  // To another page and back, in the browser: the home page is rendered afresh, without HTML for
  // its sections, and their code still cannot arrive.
  await toAbout(page);
  await expect(page.getByRole('heading', { level: 1, name: en.about.title })).toBeVisible();
  await page.goBack();
  await expect(page.getByRole('heading', { level: 1, name: en.home.heroTitle })).toBeVisible();
  const failed = page.getByRole('main').getByRole('alert');
  await expect(failed).toContainText(en.common.loadError);
  await expect(page.getByRole('heading', { name: en.home.upcomingEvents })).toHaveCount(0);

  // "Try again" loads the page afresh, sections and all.
  online = true;
  const loaded = documents(page);
  const arrived = page.waitForResponse((response) => sectionsChunk.test(response.url()) && response.ok());
  await failed.getByRole('button', { name: en.common.retry }).click();
  await arrived;
  await expect(page.getByRole('heading', { name: en.home.upcomingEvents })).toBeVisible();
  expect(loaded).toEqual(['/en']);
  await expect(page.getByRole('main').getByRole('alert')).toHaveCount(0);
});
