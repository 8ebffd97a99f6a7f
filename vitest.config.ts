import { configDefaults, defineConfig } from 'vitest/config';

// Three projects: "unit" is pure logic (no stack, no DOM); "stack" drives a real local stack
// (started fresh on free ports by the global setup unless SUPABASE_URL points at one);
// "budgets" builds both apps and checks their byte budgets (scripts/lib/sizes.ts).
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          environment: 'node',
          include: [
            'shared/src/**/*.test.ts',
            'public-site/src/**/*.test.{ts,tsx}',
            'public-site/prerender/**/*.test.ts',
            'admin-console/src/**/*.test.{ts,tsx}',
            // The local stack's pure modules (its HTTP behaviour is tested in the stack project).
            'supabase/local-stack/src/**/*.test.ts',
            // The release's steps (scripts/deploy): configuration, dry run, migration drift.
            'scripts/**/*.test.ts',
            // Pure modules of the Edge Functions (no Deno API).
            'supabase/functions/**/*.test.ts',
          ],
          // `npm start` end to end: stack tests (below), not pure logic; the budgets need a build.
          exclude: [...configDefaults.exclude, 'scripts/start*.test.ts', 'scripts/budgets.test.ts'],
        },
      },
      {
        test: {
          name: 'stack',
          environment: 'node',
          include: [
            'supabase/local-stack/test/**/*.test.ts',
            'supabase/tests/**/*.test.ts',
            // `npm start -- --ports=free` end to end (its own stack and dev servers).
            'scripts/start.test.ts',
            // a crash of the stack's own process is reported and stops everything with it.
            'scripts/start-crash.test.ts',
          ],
          globalSetup: ['supabase/local-stack/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 120_000,
          // One shared stack: files run one after another so rate limits and counts stay predictable.
          fileParallelism: false,
        },
      },
      {
        test: {
          name: 'budgets',
          environment: 'node',
          include: ['scripts/budgets.test.ts'],
          testTimeout: 60_000,
        },
      },
    ],
  },
});
