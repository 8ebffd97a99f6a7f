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
    // Recording a trace slows every test by about a third on a two-core machine (66 tests: 7.3
    // min with, 5.5 without, 2026-11-29), and a CI log cannot show one: recorded only outside CI
    // (`CI` is set by .ci/run). A failure keeps its screenshot and page snapshot either way; run
    // one test with `--trace on` to record it.
    trace: process.env.CI ? 'off' : 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: chromiumLaunchOptions(),
  },
  projects: [
    { name: 'public', testMatch: 'public/**/*.spec.ts' },
    { name: 'admin', testMatch: 'admin/**/*.spec.ts' },
  ],
});
