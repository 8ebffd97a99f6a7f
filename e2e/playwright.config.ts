import { defineConfig } from '@playwright/test';
import { chromiumLaunchOptions } from '../scripts/lib/chromium.ts';

// End-to-end tests in Debian's Chromium (browsers cannot be downloaded here). The global
// setup starts a fresh local stack on free ports, builds both apps against it and serves them
// with Cloudflare Pages' runtime (`wrangler pages dev`) as in production: the public site on one
// origin, the console under /admin/ of another (its admin subdomain).
export default defineConfig({
  testDir: '.',
  globalSetup: './harness/global-setup.ts',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: true,
  reporter: [['list'], ['json', { outputFile: '../.data/e2e-results.json' }]],
  outputDir: '../.data/e2e-artifacts',
  use: {
    browserName: 'chromium',
    headless: true,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: chromiumLaunchOptions(),
  },
  projects: [
    { name: 'public', testMatch: 'public/**/*.spec.ts' },
    { name: 'admin', testMatch: 'admin/**/*.spec.ts' },
  ],
});
