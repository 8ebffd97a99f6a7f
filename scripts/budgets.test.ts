// The byte budgets (scripts/lib/sizes.ts) on a production build of both apps, measured by the
// bench's own code: a change that makes the home page's or the console's first download heavier
// than its budget fails here, not only in `npm run bench`.
//
// Built without a running API: the prerender then writes its pages without database content,
// and the bytes are the same (measured 2026-12-01, the same VITE_* with and without a seeded
// stack: home 112,530 and 112,530 bytes, console 236,904 and 236,904, sign-in 250,440 and
// 250,440, the same files). What does change them is the API's address and key, which the
// build bakes into the entry: fixed here to the local stack's defaults.
import { createServer, type Server } from 'node:http';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { extname, join, normalize } from 'node:path';
import { chromium } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { LOCAL_ANON_KEY } from '../shared/src/config.js';
import { buildApps, type AppBuilds } from './lib/build-apps.js';
import { withinBudget } from './lib/bench.js';
import { chromiumLaunchOptions } from './lib/chromium.js';
import { budgetRow, initialJsGzipBytes, meterJs, openSignIn, type ByteBudget } from './lib/sizes.js';

/** The build's VITE_*, as the bench sets them: the local stack's address and key, nothing else. */
const BUILD_ENV = {
  VITE_SUPABASE_URL: 'http://127.0.0.1:54321',
  VITE_SUPABASE_ANON_KEY: LOCAL_ANON_KEY,
  // Vitest sets NODE_ENV=test, and Vite builds React's development runtime for it (170 KB, not 110).
  NODE_ENV: 'production',
};

let workDir: string;
let builds: AppBuilds;

beforeAll(async () => {
  // Not inherited from the shell: Vite writes every VITE_* it is given into the bundle, even an
  // empty one (19 bytes more for three empty ones).
  for (const key of Object.keys(process.env)) if (key.startsWith('VITE_')) delete process.env[key];
  workDir = mkdtempSync(join(tmpdir(), 'union-budgets-'));
  console.log('building both apps for the byte budgets (the warnings about the local stack and the API are expected)');
  builds = await buildApps(workDir, BUILD_ENV);
}, 300_000);
afterAll(() => workDir && rmSync(workDir, { recursive: true, force: true }));

/** Checks a figure as the bench does (its row, withinBudget), and prints it: the margin left. */
function expectWithinBudget(budget: ByteBudget, bytes: number, note: string) {
  const row = budgetRow(budget, bytes, note);
  const figure = `${row.metric}: ${row.value} KB (${bytes} bytes), budget ${row.budget?.max} KB`;
  console.log(figure);
  expect(withinBudget(row), `${figure}; counted: ${note}`).toBe(true);
}

test('public site: the home page loads at most its budget of JavaScript before anything lazy', () => {
  const js = initialJsGzipBytes(builds.publicDir);
  // The entry, Rolldown's runtime and the vendor chunk at least: a miscounted page would pass.
  expect(js.files.length).toBeGreaterThanOrEqual(3);
  expectWithinBudget('homeJs', js.bytes, js.files.join(', '));
});

test('public site: the browser build holds none of the route table’s server-only data', () => {
  // The item routes' all-rows queries and the queries' tables are the prerender's alone
  // (routes.tsx, lib/data.tsx): written without their `import.meta.env.SSR` guard they would
  // still type-check, and cost every visitor their bytes.
  const scripts = readdirSync(builds.publicDir, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.js'));
  expect(scripts.length).toBeGreaterThanOrEqual(3);
  for (const file of scripts) {
    const text = readFileSync(join(builds.publicDir, file), 'utf8');
    expect(text.includes('all-rows'), file).toBe(false);
    expect(/\btables:/.test(text), file).toBe(false);
  }
});

test('admin console: its initial JavaScript is within the budget', () => {
  const js = initialJsGzipBytes(builds.adminDir, '/admin/');
  expect(js.files.length).toBeGreaterThanOrEqual(2);
  expectWithinBudget('consoleJs', js.bytes, js.files.join(', '));
});

const TYPES: Record<string, string> = {
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.html': 'text/html',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.woff2': 'font/woff2',
  '.png': 'image/png',
  '.webp': 'image/webp',
};

/**
 * The console's build under `/admin/`, any other path answered with its index.html (as Pages'
 * single-page mode does). The bench serves it with Pages' runtime; the bytes the sign-in page
 * loads were the same from both (the meter gzips the bodies itself, whatever the server sends).
 */
async function serveConsole(dir: string): Promise<{ url: string; server: Server }> {
  const server = createServer((request, response) => {
    const path = decodeURIComponent(new URL(request.url ?? '/', 'http://localhost').pathname);
    let file = path.startsWith('/admin/') ? join(dir, normalize(path.slice('/admin/'.length))) : '';
    if (!file.startsWith(dir) || !existsSync(file) || statSync(file).isDirectory()) file = join(dir, 'index.html');
    response.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
    response.end(readFileSync(file));
  });
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  const { port } = server.address() as { port: number };
  return { url: `http://127.0.0.1:${port}/admin/`, server };
}

test('admin console: the sign-in page loads at most its budget of JavaScript until the network is idle', async () => {
  const { url, server } = await serveConsole(builds.adminDir);
  const browser = await chromium.launch(chromiumLaunchOptions());
  try {
    const page = await browser.newPage();
    const meter = meterJs(page);
    const bytes = await openSignIn(page, url, meter);
    // The sign-in form is on screen: the page measured is the one the budget is for.
    await expect(page.locator('input[type="password"]').first().isVisible()).resolves.toBe(true);
    expectWithinBudget('signInJs', bytes, meter.files.join(', '));
  } finally {
    await browser.close();
    await new Promise((closed) => server.close(closed));
  }
}, 60_000);
