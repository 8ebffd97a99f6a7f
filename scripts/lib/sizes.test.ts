import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, test } from 'vitest';
import { withinBudget } from './bench';
import { budgetRow, BYTE_BUDGETS, gzipBytes, initialJsGzipBytes, toKb } from './sizes';

let dir: string | undefined;
afterEach(() => dir && rmSync(dir, { recursive: true, force: true }));

function dist(html: string, files: Record<string, string>): string {
  dir = mkdtempSync(join(tmpdir(), 'sizes-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), html);
  for (const [name, content] of Object.entries(files)) writeFileSync(join(dir, name), content);
  return dir;
}

test("the public site's first download: the deferred entry, its list and the page's own chunks, each once", () => {
  const files = {
    'assets/index-1.js': 'console.log("entry");'.repeat(20),
    'assets/vendor-1.js': 'var react = 1;'.repeat(50),
    'assets/home-1.js': 'export const home = 1;',
    'assets/later-1.js': 'never counted',
  };
  const built = dist(
    [
      '<head><template data-scripts><link rel="modulepreload" href="/assets/home-1.js"></template></head>',
      '<body><template data-scripts data-entry="/assets/index-1.js"><link rel="modulepreload" href="/assets/vendor-1.js">',
      '<link rel="modulepreload" href="/assets/index-1.js"><link rel="manifest" href="/manifest.webmanifest"></template></body>',
    ].join(''),
    files,
  );
  const js = initialJsGzipBytes(built);
  expect(js.files.sort()).toEqual(['assets/home-1.js', 'assets/index-1.js', 'assets/vendor-1.js']);
  const expected = ['assets/index-1.js', 'assets/vendor-1.js', 'assets/home-1.js'] as const;
  expect(js.bytes).toBe(expected.reduce((sum, f) => sum + gzipBytes(Buffer.from(files[f])), 0));
});

test("the console's first download: Vite's entry script and modulepreloads under /admin/", () => {
  const built = dist(
    '<script type="module" crossorigin src="/admin/assets/index-2.js"></script><link rel="modulepreload" crossorigin href="/admin/assets/mui-2.js">',
    { 'assets/index-2.js': 'a', 'assets/mui-2.js': 'b' },
  );
  expect(initialJsGzipBytes(built, '/admin/').files).toEqual(['assets/index-2.js', 'assets/mui-2.js']);
});

test('a budget is checked on KB with one decimal, as the bench prints it', () => {
  const max = BYTE_BUDGETS.homeJs.maxKb * 1024;
  expect(toKb(max + 51)).toBe(BYTE_BUDGETS.homeJs.maxKb);
  expect(withinBudget(budgetRow('homeJs', max + 51))).toBe(true);
  // 0.05 KB over rounds up to the next tenth: over the budget.
  expect(withinBudget(budgetRow('homeJs', max + 52))).toBe(false);
  expect(budgetRow('signInJs', 0)).toMatchObject({ unit: 'KB', budget: { max: BYTE_BUDGETS.signInJs.maxKb } });
});
