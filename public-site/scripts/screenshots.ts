// Screenshots of home, events, library, news and a news item: Arabic dark and English light, phone and desktop.
// Usage: npx tsx public-site/scripts/screenshots.ts http://127.0.0.1:5173 [outDir]
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { chromiumLaunchOptions } from '../../scripts/lib/chromium.ts';

const base = process.argv[2] ?? 'http://127.0.0.1:5173';
const outDir = process.argv[3] ?? join(process.cwd(), '.data/screenshots/public');
mkdirSync(outDir, { recursive: true });

const variants = [
  { lang: 'ar', theme: 'dark' },
  { lang: 'en', theme: 'light' },
] as const;
const viewports = { mobile: { width: 390, height: 844 }, desktop: { width: 1280, height: 800 } };
const routes = {
  home: '/',
  events: '/events',
  library: '/library',
  news: '/news',
  // The seed's pinned news item (supabase/seed.sql).
  'news-item': '/news/a0000000-0000-4000-8000-000000000001',
};

const browser = await chromium.launch(chromiumLaunchOptions());
for (const { lang, theme } of variants) {
  for (const [vpName, viewport] of Object.entries(viewports)) {
    const context = await browser.newContext({ viewport, deviceScaleFactor: 1 });
    await context.addInitScript(
      ([l, t]) => {
        localStorage.setItem('union.language', l);
        localStorage.setItem('union.theme', t);
      },
      [lang, theme],
    );
    const page = await context.newPage();
    for (const [name, path] of Object.entries(routes)) {
      await page.goto(base + path, { waitUntil: 'networkidle' });
      await page.waitForTimeout(400);
      const file = join(outDir, `${name}-${lang}-${theme}-${vpName}.png`);
      await page.screenshot({ path: file });
      console.log(file);
      // A second frame further down: the sections below the fold.
      await page.evaluate(() => window.scrollTo(0, window.innerHeight * 1.2));
      await page.waitForTimeout(600);
      await page.screenshot({ path: file.replace('.png', '-below.png') });
    }
    await context.close();
  }
}
await browser.close();
