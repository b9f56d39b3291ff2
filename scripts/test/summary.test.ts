import {
  addCounts,
  listedTotal,
  missingScripts,
  noTests,
  playwrightCounts,
  playwrightFailures,
  reliabilityCounts,
  summaryLine,
  tallyStep,
  vitestCounts,
  vitestFailures,
} from './summary.ts';

describe('reading the reports', () => {
  it('Vitest: skipped and todo tests are not passed', () => {
    const report = {
      numTotalTests: 10,
      numPassedTests: 6,
      numFailedTests: 1,
      numPendingTests: 2,
      numTodoTests: 1,
    };
    expect(vitestCounts(report)).toEqual({ passed: 6, failed: 1, skipped: 3 });
  });

  it('Playwright: a flaky test (passed only on a retry) counts as failed', () => {
    const report = { stats: { expected: 100, unexpected: 1, flaky: 2, skipped: 3 }, errors: [] };
    expect(playwrightCounts(report)).toEqual({ passed: 100, failed: 3, skipped: 3 });
  });

  it('reliability: one entry per check', () => {
    expect(reliabilityCounts({ passed: 12, failed: 1 })).toEqual({
      passed: 12,
      failed: 1,
      skipped: 0,
    });
  });

  it('a missing, empty or malformed report reads as no report', () => {
    expect(vitestCounts(undefined)).toBeUndefined();
    expect(vitestCounts({ numPassedTests: 3 })).toBeUndefined();
    expect(
      playwrightCounts({ stats: { expected: '3', unexpected: 0, flaky: 0, skipped: 0 } }),
    ).toBe(undefined);
    expect(playwrightCounts({ errors: [] })).toBeUndefined();
    expect(reliabilityCounts({ passed: -1, failed: 0 })).toBeUndefined();
    expect(reliabilityCounts(null)).toBeUndefined();
  });

  it("Playwright's listing gives the planned number of tests", () => {
    const output = '  [desktop] › home.spec.ts:1:1 › a\nTotal: 118 tests in 12 files\n';
    expect(listedTotal(output)).toBe(118);
    expect(listedTotal('Total: 1 test in 1 file')).toBe(1);
    expect(listedTotal('Error: cannot load playwright.config.ts')).toBeUndefined();
  });
});

describe('naming the failures', () => {
  it('Vitest: each failed test by file and full name, and a file that failed outside its tests', () => {
    const report = {
      testResults: [
        {
          name: '/repo/server/a.test.ts',
          status: 'failed',
          assertionResults: [
            { fullName: 'the outbox sends once', status: 'passed' },
            { fullName: 'the outbox retries', status: 'failed' },
          ],
        },
        {
          name: '/repo/src/b.test.tsx',
          status: 'failed',
          message: 'Cannot find module',
          assertionResults: [],
        },
        {
          name: '/repo/src/c.test.tsx',
          status: 'passed',
          assertionResults: [{ fullName: 'c', status: 'passed' }],
        },
      ],
    };
    expect(vitestFailures(report, '/repo')).toEqual([
      'server/a.test.ts › the outbox retries',
      'src/b.test.tsx: Cannot find module',
    ]);
    expect(vitestFailures(undefined)).toEqual([]);
  });

  it('Playwright: failed and flaky tests with their place and titles, passed ones not', () => {
    const spec = (title: string, line: number, status: string) => ({
      title,
      file: 'home.spec.ts',
      line,
      tests: [{ status }],
    });
    const report = {
      suites: [
        {
          title: 'home.spec.ts',
          specs: [spec('loads', 3, 'expected')],
          suites: [
            {
              title: 'hero carousel',
              specs: [spec('advances', 10, 'unexpected'), spec('pauses', 20, 'flaky')],
            },
          ],
        },
      ],
    };
    expect(playwrightFailures(report)).toEqual([
      'home.spec.ts:10 › hero carousel › advances',
      'home.spec.ts:20 › hero carousel › pauses',
    ]);
    expect(playwrightFailures({})).toEqual([]);
  });
});

describe('counting a step', () => {
  const report = { passed: 5, failed: 0, skipped: 1 };

  it('a check counts as one test', () => {
    expect(tallyStep({ ran: true, exitCode: 0, check: true })).toMatchObject({
      counts: { passed: 1, failed: 0, skipped: 0 },
      failed: false,
    });
    expect(tallyStep({ ran: true, exitCode: 2, check: true })).toMatchObject({
      counts: { passed: 0, failed: 1, skipped: 0 },
      failed: true,
    });
    expect(tallyStep({ ran: true, exitCode: null, check: true }).failed).toBe(true);
  });

  it('a test step counts what its report says, skipped tests included', () => {
    expect(tallyStep({ ran: true, exitCode: 0, check: false, counts: report })).toEqual({
      counts: report,
      failed: false,
      note: '5 passed, 0 failed, 1 skipped',
    });
  });

  it('a failing test fails the step even when the runner exits 0', () => {
    const counts = { passed: 5, failed: 2, skipped: 0 };
    expect(tallyStep({ ran: true, exitCode: 0, check: false, counts }).failed).toBe(true);
  });

  it('a step that fails with no failing test (a file that does not load) counts one failure', () => {
    expect(tallyStep({ ran: true, exitCode: 1, check: false, counts: report })).toMatchObject({
      counts: { passed: 5, failed: 1, skipped: 1 },
      failed: true,
    });
  });

  it('a step that ran but left no report is a failure, never zero', () => {
    expect(tallyStep({ ran: true, exitCode: 0, check: false })).toMatchObject({
      counts: { passed: 0, failed: 1, skipped: 0 },
      failed: true,
    });
    // …and its planned tests, when they are known, never ran.
    expect(tallyStep({ ran: true, exitCode: 134, check: false, planned: 118 })).toMatchObject({
      counts: { passed: 0, failed: 1, skipped: 118 },
      failed: true,
    });
  });

  it('tests the report misses against the plan count as not run', () => {
    const counts = { passed: 40, failed: 1, skipped: 0 };
    const tally = tallyStep({ ran: true, exitCode: 1, check: false, counts, planned: 118 });
    expect(tally.counts).toEqual({ passed: 40, failed: 1, skipped: 77 });
  });

  it('a step that never ran after a failed build counts its tests as skipped', () => {
    const tally = tallyStep({ ran: false, reason: 'build failed', failure: false, planned: 118 });
    expect(tally).toEqual({
      counts: { passed: 0, failed: 0, skipped: 118 },
      failed: false,
      note: 'not run (build failed, 118 tests): 0 passed, 0 failed, 118 skipped',
    });
    // A check, or a step whose tests are not known, still shows as one skipped.
    expect(tallyStep({ ran: false, reason: 'build failed', failure: false }).counts).toEqual({
      passed: 0,
      failed: 0,
      skipped: 1,
    });
  });

  it('a step whose npm script is missing fails', () => {
    const tally = tallyStep({
      ran: false,
      reason: 'npm script test:e2e is missing',
      failure: true,
      planned: 10,
    });
    expect(tally.counts).toEqual({ passed: 0, failed: 1, skipped: 10 });
    expect(tally.failed).toBe(true);
  });
});

describe('the summary', () => {
  it('adds the steps up and keeps the "tests: N passed, M failed" prefix', () => {
    const totals = [
      { passed: 1, failed: 0, skipped: 0 },
      { passed: 300, failed: 2, skipped: 4 },
      { passed: 0, failed: 0, skipped: 118 },
    ].reduce(addCounts, noTests);
    expect(summaryLine(totals)).toBe('tests: 301 passed, 2 failed, 122 skipped');
    expect(summaryLine(noTests)).toMatch(/^tests: 0 passed, 0 failed(, |$)/);
  });

  it('names the npm scripts package.json lacks', () => {
    const packageJson = { scripts: { lint: 'eslint .', 'test:e2e': 'playwright test' } };
    expect(missingScripts(packageJson, ['lint', 'test:e2e', 'test:reliability'])).toEqual([
      'test:reliability',
    ]);
    expect(missingScripts({}, ['lint'])).toEqual(['lint']);
  });
});
