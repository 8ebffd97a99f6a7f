// Bench sections for the two apps: initial JavaScript (gzip) of each app's first page, and
// Lighthouse (mobile) figures of the public site's pages in its three languages.
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { startStack } from '@union/local-stack';
import { buildApps } from '../lib/build-apps.js';
import { CHROMIUM_ARGS, CHROMIUM_PATH, chromiumLaunchOptions } from '../lib/chromium.js';
import { pagesDev, stageConsole, stageSite, type PagesServer } from '../lib/pages.js';
import { waitForQuietCpu } from '../lib/quiet.js';
import type { BenchContext, BenchRow, BenchSection } from '../lib/bench.js';
import { budgetRow, initialJsGzipBytes, KB, meterJs, openSignIn, toKb } from '../lib/sizes.js';

export interface LighthouseScores {
  page: string;
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  /** Cumulative layout shift, largest contentful paint and total blocking time (ms). */
  cls: number;
  lcpMs: number;
  tbtMs: number;
  /** Bytes transferred until the network was idle (Lighthouse's total byte weight). */
  transferredBytes: number;
  /**
   * Lighthouse's measure of the host's CPU (its report's "CPU/Memory Power"). Its 4× slowdown is
   * calibrated for a host of 1500–2000 (a high-end desktop); on a slower host the simulated phone
   * is slower than Lighthouse's reference phone, and TBT reads high.
   */
  benchmarkIndex: number;
  /** Every run's value of each figure, in run order (the figures above are their medians). */
  runs: Record<Exclude<keyof LighthouseScores, 'page' | 'runs' | 'loadAverage'>, number[]>;
  /** The machine's load averages (1, 5, 15 min) right after the page's runs. */
  loadAverage: string;
}

/** The median of the runs that measured the figure (a failed run gives NaN); NaN when none did. */
const median = (values: number[]): number => {
  const sorted = values.filter(Number.isFinite).sort((a, b) => a - b);
  return sorted.length === 0 ? Number.NaN : sorted[Math.floor(sorted.length / 2)]!;
};

/**
 * Lighthouse's default (mobile, simulated throttling) on each page of a served site, `runs`
 * times per page. A single run moves with whatever else the machine is doing, so, as Lighthouse
 * CI does with numberOfRuns: 3, each figure is the median of its runs; the report of the run
 * with the median performance score is saved.
 */
export async function lighthouseScores(
  baseUrl: string,
  pages: string[],
  {
    reportDir,
    runs = 3,
    cpuSlowdownMultiplier,
  }: { reportDir?: string; runs?: number; cpuSlowdownMultiplier?: number } = {},
): Promise<LighthouseScores[]> {
  const { run: runLighthouse, close } = await lighthouseBrowser(
    baseUrl,
    ['performance', 'accessibility', 'best-practices', 'seo'],
    cpuSlowdownMultiplier,
  );
  const results: LighthouseScores[] = [];
  try {
    // One run left uncounted: the browser's and the server runtime's first load of the site pays
    // once for what every later load finds ready (their caches, the browser's font lookups).
    if (pages[0]) await runLighthouse(pages[0]);
    for (const page of pages) {
      const measured: { scores: Omit<LighthouseScores, 'page' | 'runs' | 'loadAverage'>; report: unknown }[] = [];
      for (let run = 0; run < runs; run++) {
        // Each run on a quiet machine, as far as it gets quiet (scripts/lib/quiet.ts).
        const quiet = await waitForQuietCpu();
        if (!quiet.quiet)
          console.warn(
            `   ${page}: the CPUs were still ${Math.round(quiet.busy * 100)}% busy after ${Math.round(quiet.waitedMs / 1000)} s; measuring anyway`,
          );
        // A run whose trace Lighthouse failed to record (NO_NAVSTART, NO_FCP…: "run Lighthouse
        // again") measured nothing: it is run again, up to twice, rather than counted as a 0.
        let result: Awaited<ReturnType<typeof runLighthouse>>;
        for (let attempt = 1; ; attempt++) {
          result = await runLighthouse(page);
          const failure = result?.lhr.runtimeError;
          if (!failure || attempt === 3) break;
          console.warn(`   ${page}: Lighthouse failed to measure (${failure.code}); running it again`);
        }
        const categories = result?.lhr.categories ?? {};
        const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
        const audit = (id: string) => result?.lhr.audits[id]?.numericValue ?? Number.NaN;
        measured.push({
          scores: {
            performance: score('performance'),
            accessibility: score('accessibility'),
            bestPractices: score('best-practices'),
            seo: score('seo'),
            cls: Math.round(audit('cumulative-layout-shift') * 1000) / 1000,
            lcpMs: Math.round(audit('largest-contentful-paint')),
            tbtMs: Math.round(audit('total-blocking-time')),
            transferredBytes: Math.round(audit('total-byte-weight')),
            benchmarkIndex: Math.round(result?.lhr.environment.benchmarkIndex ?? Number.NaN),
          },
          report: result?.report,
        });
      }
      const byPerformance = [...measured].sort((a, b) => a.scores.performance - b.scores.performance);
      const reported = byPerformance[Math.floor(measured.length / 2)]!;
      // The full report of the median run, to see what a score is made of (open it in the Lighthouse viewer).
      if (reportDir && typeof reported.report === 'string') {
        writeFileSync(
          join(reportDir, `lighthouse-${page === '/' ? 'home' : page.slice(1).replace(/\//g, '-')}.json`),
          reported.report,
        );
      }
      const keys = Object.keys(reported.scores) as (keyof LighthouseScores['runs'])[];
      const runsOf = Object.fromEntries(
        keys.map((k) => [k, measured.map((m) => m.scores[k])]),
      ) as LighthouseScores['runs'];
      results.push({
        page,
        ...(Object.fromEntries(keys.map((k) => [k, median(runsOf[k])])) as Omit<
          LighthouseScores,
          'page' | 'runs' | 'loadAverage'
        >),
        runs: runsOf,
        loadAverage: loadAverage(),
      });
    }
  } finally {
    await close();
  }
  return results;
}

/**
 * Chromium launched for Lighthouse, and a run of Lighthouse's mobile default (simulated
 * throttling) on a page of `baseUrl` in it: one browser for all the runs, as the bench and
 * `lantern-tasks.ts` use it.
 */
export async function lighthouseBrowser(baseUrl: string, onlyCategories: string[], cpuSlowdownMultiplier?: number) {
  const { default: lighthouse } = await import('lighthouse');
  const chromeLauncher = await import('chrome-launcher');
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: ['--headless=new', ...CHROMIUM_ARGS],
  });
  return {
    run: (page: string) =>
      lighthouse(`${baseUrl}${page}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories,
        // Merged into the mobile default, as the CLI's --throttling.cpuSlowdownMultiplier is.
        ...(cpuSlowdownMultiplier === undefined ? {} : { throttling: { cpuSlowdownMultiplier } }),
      }),
    close: async () => {
      await chrome.kill();
    },
  };
}

/**
 * The CPU benchmark index Lighthouse's default 4× slowdown is meant for: the middle of its
 * "high-end desktop" bracket, 1500 to 2000 (Lighthouse's docs/throttling.md).
 */
export const REFERENCE_BENCHMARK_INDEX = 1750;

/** A page as its rows name it: every event page is one row name, whichever event the seed has. */
const pageLabel = (page: string) => (page.startsWith('/events/') ? '/events/<id>' : page);

/**
 * Two pages that tell the site's cost from the machine's, added to the staged copy of the site
 * (never to a build) and so served with the site's headers: a one-paragraph page, the least any
 * page can measure here, and the home page's HTML without its scripts, what its HTML, styles and
 * images cost before any script runs. When the first reads well above 0 ms of TBT, the machine
 * (or a header) is the cause, and no change to the pages can meet the budget there; `/` minus the
 * second is what its scripts cost.
 */
export const CALIBRATION_PAGES = { floor: '/bench/floor', noScripts: '/bench/home-without-scripts' } as const;

export function stageCalibrationPages(siteDir: string): void {
  mkdirSync(join(siteDir, 'bench'), { recursive: true });
  writeFileSync(
    join(siteDir, `${CALIBRATION_PAGES.floor}.html`),
    '<!doctype html><html lang="en"><head><meta charset="utf-8">' +
      '<meta name="viewport" content="width=device-width,initial-scale=1"><title>Floor</title>' +
      '<meta name="description" content="One paragraph, nothing else: what this machine measures for any page.">' +
      '</head><body><main><h1>Floor</h1><p>One paragraph, nothing else.</p></main></body></html>',
  );
  // Every script goes: inline ones, modules, their preloads and the loader's list of them.
  const home = readFileSync(join(siteDir, 'index.html'), 'utf8')
    .replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, '')
    .replace(/<template data-scripts[^>]*>[\s\S]*?<\/template>/g, '')
    .replace(/<link[^>]+rel="modulepreload"[^>]*>/g, '');
  if (/<script\b|modulepreload/.test(home)) throw new Error('the home page kept a script after stripping them');
  writeFileSync(join(siteDir, `${CALIBRATION_PAGES.noScripts}.html`), home);
}

/** The machine's load averages (1, 5, 15 minutes), as `uptime` prints them. */
const loadAverage = (): string =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(', ');

/**
 * Blocking time measured in Chromium itself with its CPU slowed 4× (DevTools' throttling, as a
 * phone): the sum over the main thread's long tasks after the first contentful paint, until
 * 2 s after the network is idle, of what each takes beyond 50 ms; the median of `runs` loads per
 * page. Not a budget figure (Lighthouse's TBT is): Lighthouse multiplies each task's time on the
 * unthrottled machine by 4, so a 20 ms hiccup of a shared host adds 30 ms or more to its TBT;
 * here the browser really runs slower and the host's noise counts once, which makes this the
 * steadier figure for comparing two versions of the site.
 */
export async function throttledBlockingTime(
  baseUrl: string,
  pages: string[],
  runs = 3,
): Promise<Map<string, number[]>> {
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch(chromiumLaunchOptions());
  const results = new Map<string, number[]>();
  try {
    for (const page of pages) {
      const values: number[] = [];
      for (let run = 0; run < runs; run++) {
        // Lighthouse's phone: a 412 × 823 screen at 1.75 device pixels per CSS pixel.
        const context = await browser.newContext({
          viewport: { width: 412, height: 823 },
          deviceScaleFactor: 1.75,
          isMobile: true,
          hasTouch: true,
        });
        const tab = await context.newPage();
        const cdp = await context.newCDPSession(tab);
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
        await tab.addInitScript(() => {
          const seen: { start: number; duration: number }[] = [];
          (window as unknown as { benchTasks: typeof seen }).benchTasks = seen;
          new PerformanceObserver((list) =>
            list.getEntries().forEach((e) => seen.push({ start: e.startTime, duration: e.duration })),
          ).observe({ type: 'longtask', buffered: true });
        });
        await tab.goto(`${baseUrl}${page}`, { waitUntil: 'networkidle' });
        await tab.waitForTimeout(2000);
        values.push(
          await tab.evaluate(() => {
            const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0;
            const tasks = (window as unknown as { benchTasks: { start: number; duration: number }[] }).benchTasks;
            return Math.round(
              tasks
                .filter((t) => t.start + t.duration > fcp)
                // A task that began before the first paint counts from it (as Lighthouse's TBT).
                .map((t) => Math.min(t.duration, t.start + t.duration - fcp) - 50)
                .filter((blocking) => blocking > 0)
                .reduce((sum, blocking) => sum + blocking, 0),
            );
          }),
        );
        await context.close();
      }
      results.set(page, values);
    }
  } finally {
    await browser.close();
  }
  return results;
}

// ---------------------------------------------------------------------------------------
// The "apps" bench section: builds both apps against a fresh local stack, then measures
// initial JavaScript, Lighthouse (mobile) on the public site, and the console's first
// screen after sign-in.

/**
 * The console in Chromium: the JavaScript (gzip) the sign-in page downloads until the network
 * is idle (its lazy chunks included, such as the texts of the language on screen), the
 * JavaScript the dashboard adds after sign-in, and the seconds from pressing "sign in" until
 * the dashboard's menu is shown.
 */
async function consoleFirstScreen(
  adminUrl: string,
): Promise<{ seconds: number; signInJsBytes: number; dashboardJsBytes: number }> {
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch(chromiumLaunchOptions());
  try {
    const page = await browser.newPage();
    const meter = meterJs(page);
    const signInJsBytes = await openSignIn(page, adminUrl, meter);
    await page.locator('input[type="email"], input[name="email"]').first().fill('editor@union.test');
    await page.locator('input[type="password"]').first().fill('Editor12345');
    const start = performance.now();
    await page.locator('button[type="submit"]').first().click();
    await page.waitForURL((url) => !url.pathname.includes('/login'), { timeout: 30_000 });
    await page.locator('a[href*="/admin/events"]').first().waitFor({ timeout: 30_000 });
    const seconds = (performance.now() - start) / 1000;
    await page.waitForLoadState('networkidle');
    return { seconds, signInJsBytes, dashboardJsBytes: (await meter.bytes()) - signInJsBytes };
  } finally {
    await browser.close();
  }
}

export const section: BenchSection = {
  name: 'apps',
  async run(ctx: BenchContext): Promise<BenchRow[]> {
    ctx.log('starting a fresh stack for the apps');
    const stack = await startStack({ dataDir: join(ctx.workDir, 'apps-stack'), ports: 'free', reset: true });
    const servers: PagesServer[] = [];
    try {
      ctx.log('building both apps against it');
      const builds = await buildApps(join(ctx.workDir, 'apps-build'), {
        VITE_SUPABASE_URL: stack.apiUrl,
        VITE_SUPABASE_ANON_KEY: stack.anonKey,
      });
      // Served as released: Cloudflare Pages' runtime, which compresses text as Pages does.
      const staged = join(ctx.workDir, 'apps-pages');
      stageSite(builds.publicDir, join(staged, 'site'));
      stageCalibrationPages(join(staged, 'site'));
      stageConsole(builds.adminDir, builds.publicDir, join(staged, 'admin'));
      const publicJs = initialJsGzipBytes(builds.publicDir);
      const adminJs = initialJsGzipBytes(builds.adminDir, '/admin/');
      const rows: BenchRow[] = [
        budgetRow('homeJs', publicJs.bytes, publicJs.files.join(', ')),
        budgetRow('consoleJs', adminJs.bytes, adminJs.files.join(', ')),
      ];

      const site = await pagesDev({ dir: join(staged, 'site'), stateDir: join(staged, 'state-site') });
      servers.push(site);
      const consoleServer = await pagesDev({ dir: join(staged, 'admin'), stateDir: join(staged, 'state-admin') });
      servers.push(consoleServer);
      const baseUrl = site.url;

      // Home, events and library, an event's page, in the three languages.
      const eventPage = readdirSync(join(builds.publicDir, 'events')).find((f) => /^[0-9a-f-]{36}\.html$/.test(f));
      if (!eventPage) throw new Error('the build has no event page (is the seed empty?)');
      const pages = [
        '/',
        '/events',
        '/library',
        '/en',
        '/en/events',
        '/tr/library',
        `/events/${eventPage.slice(0, -5)}`,
      ];
      const loadBefore = loadAverage();
      ctx.log(
        `Lighthouse (mobile) on ${pages.join(', ')}, 3 runs each (each figure the median of its runs); load average ${loadBefore}`,
      );
      const lighthouse = await lighthouseScores(baseUrl, pages, { reportDir: ctx.workDir });
      for (const scores of lighthouse) {
        const page = pageLabel(scores.page);
        ctx.log(
          `${scores.page}: performance ${scores.runs.performance.join(', ')}; LCP ${scores.runs.lcpMs.join(', ')} ms; TBT ${scores.runs.tbtMs.join(', ')} ms; CPU benchmark index ${scores.runs.benchmarkIndex.join(', ')} (load average after its runs: ${scores.loadAverage})`,
        );
        for (const [key, label] of [
          ['performance', 'performance'],
          ['accessibility', 'accessibility'],
          ['bestPractices', 'best practices'],
          ['seo', 'SEO'],
        ] as const) {
          rows.push({
            metric: `Lighthouse ${page} ${label}`,
            value: scores[key],
            unit: '',
            budget: { min: 100 },
            note: `runs: ${scores.runs[key].join(', ')}${key === 'performance' ? `; load average ${scores.loadAverage}` : ''}`,
          });
        }
        rows.push(
          {
            metric: `Lighthouse ${page} LCP`,
            value: scores.lcpMs,
            unit: 'ms',
            budget: { max: 1200 },
            note: `runs: ${scores.runs.lcpMs.join(', ')}`,
          },
          {
            metric: `Lighthouse ${page} TBT`,
            value: scores.tbtMs,
            unit: 'ms',
            budget: { max: 50 },
            note: `runs: ${scores.runs.tbtMs.join(', ')}`,
          },
          { metric: `Lighthouse ${page} CLS`, value: scores.cls, unit: '', budget: { max: 0 } },
        );
        if (scores.page === '/')
          rows.push({
            metric: 'Lighthouse / transferred before idle',
            value: toKb(scores.transferredBytes),
            unit: 'KB',
            budget: { max: 250 },
            note: `runs: ${scores.runs.transferredBytes.map((b) => Math.round(b / KB)).join(', ')} KB`,
          });
      }
      ctx.log(`calibration: Lighthouse on ${Object.values(CALIBRATION_PAGES).join(' and ')}, 3 runs each`);
      const [floor, noScripts] = await lighthouseScores(baseUrl, Object.values(CALIBRATION_PAGES));
      rows.push(
        {
          metric: "Lighthouse TBT of a one-paragraph page (this machine's floor)",
          value: floor!.tbtMs,
          unit: 'ms',
          note: `runs: ${floor!.runs.tbtMs.join(', ')}; performance ${floor!.runs.performance.join(', ')}; not a budget: what any page measures here`,
        },
        {
          metric: "Lighthouse TBT of the home page's HTML without its scripts",
          value: noScripts!.tbtMs,
          unit: 'ms',
          note: `runs: ${noScripts!.runs.tbtMs.join(', ')}; performance ${noScripts!.runs.performance.join(', ')}; not a budget: the part of / that its scripts do not cause`,
        },
      );
      ctx.log('blocking time in Chromium with its CPU slowed 4× (3 loads per page)');
      for (const [page, values] of await throttledBlockingTime(baseUrl, pages)) {
        rows.push({
          metric: `Chromium 4× CPU ${pageLabel(page)} blocking time`,
          value: median(values),
          unit: 'ms',
          note: `runs: ${values.join(', ')}; for comparing versions, not a budget (Lighthouse's TBT is)`,
        });
      }
      // A run that did not report it gives NaN (see median).
      const benchmarkIndexes = lighthouse.flatMap((scores) => scores.runs.benchmarkIndex).filter(Number.isFinite);
      rows.push({
        metric: "Lighthouse's CPU benchmark index of this machine",
        value: median(benchmarkIndexes),
        unit: '',
        note: `runs: ${Math.min(...benchmarkIndexes)} to ${Math.max(...benchmarkIndexes)}; Lighthouse's 4× CPU slowdown assumes 1500–2000 (a high-end desktop): below that, TBT and performance read worse than on the reference phone, above it better`,
      });
      // The same 4× on a faster machine stands for a faster phone, and TBT reads better than the
      // reference phone would see (Lighthouse's docs: a machine high in its bracket takes a higher
      // multiplier). Scaled to this machine's index, it says how much of a low figure is the
      // machine. Not a budget: the budgets are Lighthouse's default (docs/decisions.md).
      const scaled = Math.round(((4 * median(benchmarkIndexes)) / REFERENCE_BENCHMARK_INDEX) * 10) / 10;
      if (Number.isFinite(scaled)) {
        ctx.log(`TBT with Lighthouse's CPU slowdown scaled to this machine (${scaled}×), 3 runs per page`);
        for (const scores of await lighthouseScores(baseUrl, pages, { cpuSlowdownMultiplier: scaled }))
          rows.push({
            metric: `Lighthouse ${pageLabel(scores.page)} TBT, CPU slowdown ${scaled}×`,
            value: scores.tbtMs,
            unit: 'ms',
            note: `runs: ${scores.runs.tbtMs.join(', ')}; performance ${scores.runs.performance.join(', ')}; 4 × this machine's index ÷ ${REFERENCE_BENCHMARK_INDEX}: what the reference phone would see, not a budget`,
          });
      }
      rows.push({
        metric: 'load average during Lighthouse (1, 5, 15 min)',
        value: Math.round(os.loadavg()[0]! * 100) / 100,
        unit: '',
        note: `before: ${loadBefore}; after: ${loadAverage()} (on ${os.cpus().length} cores; a shared machine's load moves the figures)`,
      });

      ctx.log('console: the sign-in page, then the first screen after sign-in');
      const firstScreen = await consoleFirstScreen(`${consoleServer.url}/admin/`);
      rows.push(
        budgetRow(
          'signInJs',
          firstScreen.signInJsBytes,
          'in Chromium until the network is idle: the initial JS and the texts of the language on screen',
        ),
        {
          metric: 'admin console: JS the dashboard adds after sign-in (gzip)',
          value: toKb(firstScreen.dashboardJsBytes),
          unit: 'KB',
        },
        {
          metric: 'admin console: first screen after sign-in',
          value: Math.round(firstScreen.seconds * 100) / 100,
          unit: 's',
          budget: { max: 2 },
        },
      );
      return rows;
    } finally {
      for (const server of servers) await server.stop();
      await stack.stop();
    }
  },
};
