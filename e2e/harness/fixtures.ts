import { test as base, expect, type BrowserContext, type Request } from '@playwright/test';
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

/** How long an app request may wait for its response headers before a failed test names it. */
const UNANSWERED_AFTER_MS = 10_000;

/**
 * The requests to the apps' own servers (`wrangler pages dev`) still without an answer: when a
 * test fails, they are printed with it. On this machine the Pages runtime has, rarely, left one
 * script chunk unanswered, so the page never loaded; the test then timed out on whatever it was
 * waiting for, and only its trace said why.
 */
function watchAppRequests(context: BrowserContext) {
  const origins = new Set([urls.public, urls.admin, urls.publicDev].map((url) => new URL(url).origin));
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

export const test = base.extend<{ service: SupabaseClient<Database>; db: pg.Client }>({
  baseURL: async ({}, use) => use(env('PUBLIC_URL')),
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
