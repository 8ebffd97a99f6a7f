import { describe, expect, it } from 'vitest';
import { readPlaywrightReport, readVitestReport } from './test-reports.js';

describe('test reports', () => {
  it("names vitest's failed tests relative to the root, and counts todo as failed", () => {
    const outcome = readVitestReport(
      {
        numPassedTests: 1,
        numFailedTests: 1,
        numTodoTests: 1,
        testResults: [
          {
            name: '/repo/scripts/start.test.ts',
            assertionResults: [
              { fullName: 'starts', status: 'passed' },
              { fullName: 'stack stops cleanly', status: 'failed' },
              { fullName: 'later', status: 'todo' },
            ],
          },
        ],
      },
      '/repo',
    );
    expect(outcome).toEqual({
      passed: 1,
      failed: 2,
      failures: ['scripts/start.test.ts › stack stops cleanly'],
    });
  });

  it("names Playwright's failed and flaky tests by file, line and describe titles", () => {
    const outcome = readPlaywrightReport({
      stats: { expected: 2, unexpected: 1, flaky: 1 },
      suites: [
        {
          title: 'public/browse.spec.ts',
          file: 'public/browse.spec.ts',
          specs: [
            { title: 'home', ok: true, file: 'public/browse.spec.ts', line: 5 },
            { title: 'events', ok: false, file: 'public/browse.spec.ts', line: 9 },
          ],
          suites: [
            {
              title: 'Arabic',
              file: 'public/browse.spec.ts',
              specs: [
                { title: 'footer', ok: true, file: 'public/browse.spec.ts', line: 20 },
                { title: 'texts', ok: false, file: 'public/browse.spec.ts', line: 30 },
              ],
            },
          ],
        },
      ],
    });
    expect(outcome).toEqual({
      passed: 2,
      failed: 2,
      failures: ['public/browse.spec.ts:9 › events', 'public/browse.spec.ts:30 › Arabic › texts'],
    });
  });

  it('a report without results names nothing', () => {
    expect(readPlaywrightReport({})).toEqual({ passed: 0, failed: 0, failures: [] });
    expect(readVitestReport({}, '/repo')).toEqual({ passed: 0, failed: 0, failures: [] });
  });
});
