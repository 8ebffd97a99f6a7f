import type { Page } from '@playwright/test';
import { expect, test } from '../harness/fixtures';
import { hydrated, localized, type Lang } from './helpers';

// How much React does to take a prerendered page over, counted rather than timed (a busy machine
// would fail a timing): each commit of the tree is work on the main thread, and the Arabic home
// page, whose shell texts arrive after hydration starts (lib/i18n.ts), must not commit more than
// the same page in English, whose texts all come before it. Compared are the commits
// that hydrate nothing (re-renders): how many commits hydrate the deferred parts depends on
// whether their chunks arrive together.

/** What the page's React committed, from a stub of React DevTools' hook (see countCommits). */
interface Commits {
  /** Suspense boundaries still showing their prerendered HTML after each commit. */
  dehydrated: number[];
}

/**
 * An init script: a stand-in for React DevTools' global hook, which React (production builds
 * too) calls after every commit of the tree. It records, per commit, how many Suspense boundaries
 * still wait to hydrate (the deferred parts, lib/deferred.tsx).
 */
function countCommits() {
  const commits: Commits = { dehydrated: [] };
  Object.assign(window, {
    __commits: commits,
    __REACT_DEVTOOLS_GLOBAL_HOOK__: {
      supportsFiber: true,
      renderers: new Map(),
      inject: () => 1,
      checkDCE: () => undefined,
      onScheduleFiberRoot: () => undefined,
      onPostCommitFiberRoot: () => undefined,
      onCommitFiberUnmount: () => undefined,
      onCommitFiberRoot: (_id: number, root: { current: Fiber }) => {
        let dehydrated = 0;
        const stack: (Fiber | null)[] = [root.current.child];
        while (stack.length) {
          const fiber = stack.pop();
          if (!fiber) continue;
          // A Suspense boundary (tag 13) whose state still holds its server-rendered HTML.
          if (fiber.tag === 13 && fiber.memoizedState?.dehydrated) dehydrated++;
          stack.push(fiber.sibling, fiber.child);
        }
        commits.dehydrated.push(dehydrated);
      },
    },
  });
  interface Fiber {
    tag: number;
    child: Fiber | null;
    sibling: Fiber | null;
    memoizedState: { dehydrated?: unknown } | null;
  }
}

/**
 * Opens the home page in `lang` and returns its commits once every deferred part is hydrated and
 * nothing has been committed for a second.
 */
async function homeCommits(page: Page, lang: Lang): Promise<number[]> {
  await page.addInitScript(countCommits);
  // The saved choice is the page's language, so nothing redirects.
  await page.addInitScript((l) => localStorage.setItem('union.language', l), lang);
  // Without the slideshow's timers (they commit every few seconds).
  await page.emulateMedia({ reducedMotion: 'reduce' });
  // The live reads answer as an unreachable API: the page keeps the data it was rendered with
  // (lib/data.tsx), so a change another test made since the build re-renders neither page.
  await page.route('**/rest/v1/**', (route) => route.abort('internetdisconnected'));
  await page.goto(localized(lang, '/'));
  await hydrated(page);
  const read = () => page.evaluate(() => (window as unknown as { __commits: Commits }).__commits.dehydrated);
  await expect.poll(async () => (await read()).at(-1)).toBe(0);
  let seen = -1;
  await expect
    .poll(
      async () => {
        const count = (await read()).length;
        const settled = count === seen;
        seen = count;
        return settled;
      },
      { intervals: [1000] },
    )
    .toBe(true);
  await page.unrouteAll({ behavior: 'ignoreErrors' });
  return read();
}

/** Commits that hydrated nothing (neither the page itself, the first, nor a deferred part): re-renders. */
const rerenders = (dehydrated: number[]) => dehydrated.filter((n, i) => i > 0 && n >= dehydrated[i - 1]!).length;

test('React re-renders the Arabic home page no more often than the English one while it takes the HTML over', async ({
  browser,
}) => {
  const counts: Record<string, number[]> = {};
  for (const lang of ['en', 'ar'] as const) {
    // A context each: the second page finds nothing of the first's in the cache.
    const context = await browser.newContext();
    counts[lang] = await homeCommits(await context.newPage(), lang);
    await context.close();
  }
  const [ar, en] = [counts.ar!, counts.en!];
  test.info().annotations.push({ type: 'commits', description: JSON.stringify(counts) });
  // Both pages defer the same parts, which are still prerendered HTML after the first commit.
  expect(ar[0]).toBeGreaterThan(0);
  expect(ar[0]).toBe(en[0]);
  // Each language's commits in the failure message: the boundaries left after each.
  expect(rerenders(ar), JSON.stringify(counts)).toBeLessThanOrEqual(rerenders(en));
});
