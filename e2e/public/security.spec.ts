import { test as plain, type Page } from '@playwright/test';
import { expect, test, urls } from '../harness/fixtures';

// What both apps ship with for a real host (shared/src/http-headers.ts): a Content-Security-Policy
// in each page, and the headers of the `_headers` file. Every other test runs under them and fails
// on any violation (harness/fixtures.ts); these check that the policy is there and bites.

const policyOf = async (page: Page) =>
  (await page.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute('content')) ?? '';

test('the public site: strict policy, security headers, long caching for hashed files only', async ({
  page,
  request,
}) => {
  const response = await page.goto('/en/events');
  const headers = response!.headers();
  expect(headers).toMatchObject({
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'x-frame-options': 'DENY',
    'content-security-policy': "frame-ancestors 'none'",
    // Cloudflare Pages' own default for a page: revalidated on every visit.
    'cache-control': 'public, max-age=0, must-revalidate',
  });
  expect(headers['permissions-policy']).toMatch(/camera=\(\)/);
  // HTTPS only (ignored over plain HTTP, as here), and only the union's own pages load its files.
  expect(headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  expect(headers['cross-origin-resource-policy']).toBe('same-site');
  // What other sites are handed the address of (share image, a feed's icons, photo copies): one
  // value, the site-wide one detached, as the host combines the rules.
  for (const file of ['/og-image.jpg', '/icon-512.png', '/favicon.svg'])
    expect((await request.get(file)).headers()['cross-origin-resource-policy'], file).toBe('cross-origin');
  // The console's alone (shared/src/http-headers.ts): here it would start each visit in a new process.
  expect(headers['cross-origin-opener-policy']).toBeUndefined();
  const policy = await policyOf(page);
  // The inline scripts by their hashes: the pre-paint script and the loader of the app's scripts.
  expect(policy).toMatch(/script-src 'self' 'sha256-[A-Za-z0-9+/=]+' 'sha256-[A-Za-z0-9+/=]+'(;|$)/);
  // The inline stylesheet by its hash, nothing else inline.
  expect(policy).toMatch(/style-src 'self' 'sha256-[A-Za-z0-9+/=]+'(;|$)/);
  expect(policy).toContain(`connect-src 'self' ${new URL(urls.api).origin}`);
  expect(policy).toContain("object-src 'none'");
  expect(policy).toContain("base-uri 'none'");
  expect(policy).toContain('frame-src https://www.openstreetmap.org');
  // The policy comes before the pre-paint script it allows.
  expect(
    await page.evaluate(() => document.head.firstElementChild?.nextElementSibling?.getAttribute('http-equiv')),
  ).toBe('Content-Security-Policy');
  const script = await page.locator('script[type="module"][src]').first().getAttribute('src');
  const scriptHeaders = (await request.get(script!)).headers();
  expect(scriptHeaders['cache-control']).toBe('public, max-age=31536000, immutable');
  expect(scriptHeaders['cross-origin-resource-policy']).toBe('same-site');
});

plain('an injected inline script is refused and reported', async ({ page }) => {
  await page.goto(`${process.env.PUBLIC_URL}/about`);
  const outcome = await page.evaluate(async () => {
    const reported = new Promise<string>((resolve) =>
      document.addEventListener('securitypolicyviolation', (e) => resolve(e.effectiveDirective), { once: true }),
    );
    const script = document.createElement('script');
    script.textContent = 'window.injected = true';
    document.body.append(script);
    return { directive: await reported, ran: 'injected' in window };
  });
  expect(outcome).toEqual({ directive: 'script-src-elem', ran: false });
});

test('the console: its policy allows only the styles MUI writes, and no site may frame it', async ({
  page,
  browser,
}) => {
  const response = await page.goto(urls.admin);
  expect(response!.headers()).toMatchObject({
    'x-frame-options': 'DENY',
    'cross-origin-opener-policy': 'same-origin',
    'strict-transport-security': 'max-age=31536000; includeSubDomains',
    'cross-origin-resource-policy': 'same-site',
  });
  const policy = await policyOf(page);
  expect(policy).toMatch(/script-src 'self'(;|$)/);
  expect(policy).toMatch(/style-src 'self' 'unsafe-inline'(;|$)/);
  expect(policy).toMatch(/img-src 'self' data: blob: /);
  // A page of another origin frames the console: the browser refuses to show it.
  const other = await browser.newPage();
  try {
    await other.setContent(`<iframe src="${urls.admin}" width="400" height="300"></iframe>`);
    // Chromium shows its error page in place of a page that refuses to be framed.
    await expect.poll(() => other.frames()[1]?.url()).toBe('chrome-error://chromewebdata/');
  } finally {
    await other.close();
  }
});
