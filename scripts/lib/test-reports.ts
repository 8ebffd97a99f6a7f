// What `npm test` (scripts/test.ts) reads from vitest's and Playwright's JSON reports: how many
// tests passed and failed, and which failed. The names are repeated in the summary because CI
// shows only the tail of the log, and a failure far above it would otherwise go unnamed.

/** The parts of vitest's JSON report that are counted and named. */
export interface VitestReport {
  numPassedTests?: number;
  numFailedTests?: number;
  numTodoTests?: number;
  testResults?: { name: string; assertionResults?: { fullName: string; status: string }[] }[];
}

/** The parts of Playwright's JSON report that are counted and named. */
export interface PlaywrightReport {
  stats?: { expected?: number; unexpected?: number; flaky?: number };
  suites?: PlaywrightSuite[];
}
interface PlaywrightSuite {
  title: string;
  file?: string;
  specs?: { title: string; ok: boolean; file?: string; line?: number }[];
  suites?: PlaywrightSuite[];
}

export interface ReportOutcome {
  passed: number;
  failed: number;
  /** Each failed test as "file › … › test". */
  failures: string[];
}

/** A todo test counts as failed: the suite is not done. File names are made relative to root. */
export function readVitestReport(json: VitestReport, root: string): ReportOutcome {
  const failures = (json.testResults ?? []).flatMap((file) =>
    (file.assertionResults ?? [])
      .filter((t) => t.status === 'failed')
      .map((t) => `${file.name.replace(`${root}/`, '')} › ${t.fullName}`),
  );
  return {
    passed: json.numPassedTests ?? 0,
    failed: (json.numFailedTests ?? 0) + (json.numTodoTests ?? 0),
    failures,
  };
}

/** A flaky test (passed only on a retry) counts as failed. */
export function readPlaywrightReport(json: PlaywrightReport): ReportOutcome {
  // The top-level suites are the files, already named by each spec's file and line.
  const walk = (suite: PlaywrightSuite, titles: string[]): string[] => [
    ...(suite.specs ?? [])
      .filter((spec) => !spec.ok)
      .map((spec) => `${spec.file ?? suite.file}:${spec.line ?? '?'} › ${[...titles, spec.title].join(' › ')}`),
    ...(suite.suites ?? []).flatMap((child) => walk(child, [...titles, child.title])),
  ];
  return {
    passed: json.stats?.expected ?? 0,
    failed: (json.stats?.unexpected ?? 0) + (json.stats?.flaky ?? 0),
    failures: (json.suites ?? []).flatMap((file) => walk(file, [])),
  };
}
