import { test as base, errors, expect, type BrowserContext, type Request } from '@playwright/test';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import pg from 'pg';
import WebSocket from 'ws';
import type { Database } from '@union/shared/database.types';

// Fixtures every e2e test may use: the app URLs from the global setup, a service-role
// supabase-js client (to arrange and check data as staff would see it) and a pg client.

const env = (name: string): string => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: run through e2e/playwright.config.ts`);
  return value;
};

export const urls = {
  get public() {
    return env('PUBLIC_URL');
  },
  get admin() {
    return env('ADMIN_URL');
  },
  /** The same site built with React's development runtime. */
  get publicDev() {
    return env('DEV_PUBLIC_URL');
  },
  get api() {
    return env('SUPABASE_URL');
  },
  get mail() {
    return env('MAIL_URL');
  },
};

export const demoAccounts = {
  superadmin: { email: 'superadmin@union.test', password: 'Superadmin1' },
  editor: { email: 'editor@union.test', password: 'Editor12345' },
};

export function serviceClient(): SupabaseClient<Database> {
  return createClient<Database>(env('SUPABASE_URL'), env('SUPABASE_SERVICE_ROLE_KEY'), {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: WebSocket as never },
  });
}

const VIOLATION = 'Content Security Policy violation:';

const appOrigins = () => new Set([urls.public, urls.admin, urls.publicDev].map((url) => new URL(url).origin));

/** How long an app request may wait for its response headers before a failed test names it. */
const UNANSWERED_AFTER_MS = 10_000;

/**
 * The requests to the apps' own servers (`wrangler pages dev`) still without an answer: when a
 * test fails, they are printed with it. On this machine the Pages runtime has, rarely, left one
 * script chunk unanswered, so the page never loaded; the test then timed out on whatever it was
 * waiting for, and only its trace said why.
 */
function watchAppRequests(context: BrowserContext) {
  const origins = appOrigins();
  const pending = new Map<Request, number>();
  context.on('request', (request) => {
    if (origins.has(new URL(request.url()).origin)) pending.set(request, Date.now());
  });
  context.on('response', (response) => pending.delete(response.request()));
  context.on('requestfailed', (request) => pending.delete(request));
  return () =>
    [...pending]
      .filter(([, since]) => Date.now() - since > UNANSWERED_AFTER_MS)
      .map(([request, since]) => `${request.method()} ${request.url()} (${Math.round((Date.now() - since) / 1000)} s)`);
}

/** The apps' content-hashed build files (`…/assets/name-hash.ext`), which never change. */
const ASSET = /\/assets\/[^/]+-[\w-]{8}\.(?:js|css)$/;
/** How long a build file may take before it is asked for again: under the suite's load the Pages servers answer within 1 s. */
const ASSET_TIMEOUT_MS = 5_000;
/** Build files by URL, for this worker's whole run: each is fetched from its server once. */
const assetCache = new Map<string, { status: number; headers: Record<string, string>; body: Buffer }>();

/**
 * The browser's requests for the apps' build files are made by the test runner: from its cache
 * when it has fetched the file before, else from the app's server with a time limit, asked once
 * more if it gives no answer in time (each such retry is printed with the test).
 * Why: on this machine `wrangler pages dev` has, about once in three full runs, left one script
 * chunk unanswered for good, so the page never loaded and a test failed for no fault of the
 * apps (README, "When an end-to-end test fails"). Its cause is not found; production is served
 * by Cloudflare's network, not by it. Routing turns off the browser's HTTP cache (Playwright
 * does so): this cache stands in for it, for the files that are immutable.
 */
async function answerAssets(context: BrowserContext, retried: string[]) {
  const origins = appOrigins();
  await context.route(
    (url) => origins.has(url.origin) && ASSET.test(url.pathname),
    async (route) => {
      const url = route.request().url();
      const cached = assetCache.get(url);
      if (cached) return route.fulfill(cached);
      for (let attempt = 1; ; attempt++) {
        try {
          const response = await route.fetch({ timeout: ASSET_TIMEOUT_MS, maxRedirects: 0 });
          const headers = response.headers();
          // The body comes decoded: the browser must not decode it again.
          delete headers['content-encoding'];
          delete headers['content-length'];
          const answer = { status: response.status(), headers, body: await response.body() };
          if (answer.status === 200) assetCache.set(url, answer);
          return await route.fulfill(answer);
        } catch (error) {
          if (attempt > 1 || !(error instanceof errors.TimeoutError)) throw error;
          retried.push(`GET ${url} (no answer in ${ASSET_TIMEOUT_MS / 1000} s)`);
        }
      }
    },
  );
}

export const test = base.extend<{ service: SupabaseClient<Database>; db: pg.Client }>({
  baseURL: async ({}, use) => use(env('PUBLIC_URL')),
  context: async ({ context }, use) => {
    const retried: string[] = [];
    await answerAssets(context, retried);
    await use(context);
    // A request still being answered when the test ends has nobody left to answer.
    await context.unrouteAll({ behavior: 'ignoreErrors' });
    for (const request of retried) console.log(`asked again, the app's server had not answered: ${request}`);
  },
  // Every page runs under the apps' security policy: a test fails on any violation the browser
  // reports (a blocked script, style, image, request or frame).
  page: async ({ page }, use, testInfo) => {
    const unanswered = watchAppRequests(page.context());
    const violations: string[] = [];
    page.on('console', (message) => {
      if (message.text().startsWith(VIOLATION)) violations.push(message.text());
    });
    await page.addInitScript((marker) => {
      document.addEventListener('securitypolicyviolation', (e) => {
        // Playwright's trace recorder fetches the page's blob: images into its snapshots, from no
        // script of the page; the apps themselves never fetch a blob: URL.
        if (e.effectiveDirective === 'connect-src' && e.blockedURI === 'blob' && !e.sourceFile) return;
        console.error(
          `${marker} ${e.effectiveDirective} blocked ${e.blockedURI || 'inline'} at ${e.sourceFile}:${e.lineNumber}`,
        );
      });
    }, VIOLATION);
    await use(page);
    if (testInfo.status !== testInfo.expectedStatus) {
      for (const request of unanswered()) console.error(`unanswered by the app's server: ${request}`);
    }
    expect(violations, 'violations of the security policy').toEqual([]);
  },
  service: async ({}, use) => use(serviceClient()),
  db: async ({}, use) => {
    const client = new pg.Client({ connectionString: env('SUPABASE_DB_URL') });
    await client.connect();
    await use(client);
    await client.end();
  },
});

export { expect };
