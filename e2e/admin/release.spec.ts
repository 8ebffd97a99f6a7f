import { test, expect, demoAccounts } from '../harness/fixtures';
import { en } from '@union/shared/i18n/admin/en';
import { signIn, useLanguage } from './helpers';

// A console left open across a release asks for code the host no longer has: its pages load when
// first opened. The console's host answers a script it does not have with a 404
// (scripts/lib/pages.ts, stageConsole), and the console loads the address afresh, from the new
// release (@union/shared/releaseReload), instead of showing an error. (A host that answers with
// the console's page instead, as a plain single-page fallback does, is covered by that module's
// unit tests.)

const bookList = /\/admin\/assets\/BookList-[\w-]+\.js$/;
const gone = { status: 404, contentType: 'text/html', headers: { 'cache-control': 'no-store' }, body: '' };

test('a console opened before a release loads the next page afresh, from the new release, when its code is gone', async ({
  page,
}) => {
  await useLanguage(page, 'en');
  await signIn(page, demoAccounts.editor);
  const entry = new URL((await page.locator('script[type="module"][src]').getAttribute('src'))!, page.url()).pathname;
  expect(entry).toMatch(/^\/admin\/assets\/index-[\w-]+\.js$/);
  // Until the console is loaded again, the host answers as after a release: the books page's
  // chunk and the entry are no longer there.
  let released = true;
  const loaded: string[] = [];
  page.on('request', (request) => {
    if (!request.isNavigationRequest()) return;
    loaded.push(new URL(request.url()).pathname);
    released = false;
  });
  await page.route(bookList, (route) => (released ? route.fulfill(gone) : route.fallback()));
  await page.route(
    (url) => url.pathname === entry,
    (route) => (released && route.request().method() === 'HEAD' ? route.fulfill(gone) : route.fallback()),
  );

  await page.getByRole('menuitem', { name: 'Books' }).click();
  await expect.poll(() => loaded).toEqual(['/admin/books']);
  await expect(page.getByRole('columnheader', { name: 'Title' })).toBeVisible({ timeout: 30_000 });
});

test('offline, a page whose code cannot arrive says so in its place, reloads nothing by itself, and "Try again" opens it', async ({
  page,
}) => {
  await useLanguage(page, 'en');
  await signIn(page, demoAccounts.editor);
  const loaded: string[] = [];
  page.on('request', (request) => request.isNavigationRequest() && loaded.push(new URL(request.url()).pathname));
  let online = false;
  await page.route(bookList, (route) => (online ? route.fallback() : route.abort('internetdisconnected')));
  const entryAsked = page.waitForResponse((response) => response.request().method() === 'HEAD');

  await page.getByRole('menuitem', { name: 'Books' }).click();
  const failed = page.getByRole('alert').filter({ hasText: en.common.pageLoadError });
  await expect(failed).toBeVisible();
  // The console asked whether it had changed (it had not: the entry is still its script).
  const answer = await entryAsked;
  expect(answer.status()).toBe(200);
  expect(answer.headers()['content-type']).toMatch(/javascript/);
  // The console's frame stays: the menu.
  await expect(page.getByRole('menuitem', { name: 'Dashboard' })).toBeVisible();
  expect(loaded).toEqual([]);

  online = true;
  await failed.getByRole('button', { name: en.common.retry }).click();
  await expect(page.getByRole('columnheader', { name: 'Title' })).toBeVisible({ timeout: 30_000 });
  expect(loaded).toEqual(['/admin/books']);
});

test('offline, a console whose own code cannot arrive on opening says so, not an empty window, and "Try again" opens it', async ({
  page,
}) => {
  await useLanguage(page, 'en');
  await signIn(page, demoAccounts.editor);
  // Opened again with the session stored: the console's code (react-admin, every resource) loads now.
  let online = false;
  await page.route(/\/admin\/assets\/Console-[\w-]+\.js$/, (route) =>
    online ? route.fallback() : route.abort('internetdisconnected'),
  );
  await page.reload();
  const failed = page.getByRole('alert').filter({ hasText: en.common.pageLoadError });
  await expect(failed).toBeVisible();

  online = true;
  await failed.getByRole('button', { name: en.common.retry }).click();
  await expect(page.getByTestId('tile-events')).toBeVisible({ timeout: 45_000 });
});
