import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, test } from 'vitest';
import { CALIBRATION_PAGES, stageCalibrationPages } from './apps';

let dir: string | undefined;
afterEach(() => dir && rmSync(dir, { recursive: true, force: true }));

test("the calibration pages: a one-paragraph page, and the home page's HTML without a single script", () => {
  dir = mkdtempSync(join(tmpdir(), 'bench-calibration-'));
  writeFileSync(
    join(dir, 'index.html'),
    [
      '<!doctype html><html lang="ar" dir="rtl"><head><style>main{color:red}</style>',
      '<script>document.documentElement.classList.add("dark")</script>',
      '<link rel="modulepreload" crossorigin href="/assets/vendor-1.js">',
      '<script type="application/json" id="snapshot">{"route":"home"}</script>',
      '</head><body><main><img src="/hero/hero-1.webp" alt=""><h1>الرئيسية</h1></main>',
      '<template data-scripts data-entry="/assets/index-1.js"><script type="module" src="/assets/index-1.js"></script></template>',
      '<script type="module" src="/assets/index-1.js"></script></body></html>',
    ].join('\n'),
  );
  stageCalibrationPages(dir);
  const home = readFileSync(join(dir, `${CALIBRATION_PAGES.noScripts}.html`), 'utf8');
  expect(home).not.toMatch(/<script|modulepreload|data-scripts/);
  // Everything else is the page as built: its styles, its image, its heading.
  expect(home).toContain('<style>main{color:red}</style>');
  expect(home).toContain('<img src="/hero/hero-1.webp" alt=""><h1>الرئيسية</h1>');
  const floor = readFileSync(join(dir, `${CALIBRATION_PAGES.floor}.html`), 'utf8');
  expect(floor).toMatch(/^<!doctype html><html lang="en">/);
  expect(floor).not.toMatch(/<script|<img|<link|<style/);
});
