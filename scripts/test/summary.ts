// How `npm test` (scripts/test/run-all.ts) counts: pure functions over the steps' reports, so that the
// counting itself is tested (scripts/test/summary.test.ts).

/** Tests counted by one step, or by all of them. */
export interface Counts {
  passed: number;
  failed: number;
  /** Skipped and todo tests, and tests that never ran (an earlier step failed, the step crashed). */
  skipped: number;
}

export const noTests: Counts = { passed: 0, failed: 0, skipped: 0 };

export function addCounts(a: Counts, b: Counts): Counts {
  return {
    passed: a.passed + b.passed,
    failed: a.failed + b.failed,
    skipped: a.skipped + b.skipped,
  };
}

/** The last line of `npm test`; the part up to "failed" is what CI and docs/testing.md promise. */
export function summaryLine({ passed, failed, skipped }: Counts): string {
  return `tests: ${passed} passed, ${failed} failed, ${skipped} skipped`;
}

function field(report: unknown, key: string): unknown {
  return typeof report === 'object' && report !== null
    ? (report as Record<string, unknown>)[key]
    : undefined;
}

/** The counts `keys` name in `report`, or undefined when any of them is not a whole number. */
function whole<const K extends string>(report: unknown, keys: readonly K[]) {
  const values = keys.map((key) => field(report, key));
  if (!values.every((value): value is number => Number.isInteger(value) && Number(value) >= 0)) {
    return undefined;
  }
  return Object.fromEntries(keys.map((key, index) => [key, values[index]])) as Record<K, number>;
}

/** Vitest's JSON report: pending (skipped) and todo tests did not pass. */
export function vitestCounts(report: unknown): Counts | undefined {
  const numbers = whole(report, [
    'numPassedTests',
    'numFailedTests',
    'numPendingTests',
    'numTodoTests',
  ] as const);
  return (
    numbers && {
      passed: numbers.numPassedTests,
      failed: numbers.numFailedTests,
      skipped: numbers.numPendingTests + numbers.numTodoTests,
    }
  );
}

/** Playwright's JSON report: a flaky test failed before it passed on a retry, so it counts as failed. */
export function playwrightCounts(report: unknown): Counts | undefined {
  const stats = whole(field(report, 'stats'), [
    'expected',
    'unexpected',
    'flaky',
    'skipped',
  ] as const);
  return (
    stats && {
      passed: stats.expected,
      failed: stats.unexpected + stats.flaky,
      skipped: stats.skipped,
    }
  );
}

/** scripts/reliability/run.ts's report: `{"passed": N, "failed": M}`, one entry per check. */
export function reliabilityCounts(report: unknown): Counts | undefined {
  const numbers = whole(report, ['passed', 'failed'] as const);
  return numbers && { ...numbers, skipped: 0 };
}

/** The number in `playwright test --list`'s last line ("Total: 118 tests in 12 files"). */
export function listedTotal(output: string): number | undefined {
  const match = /^Total: (\d+) tests? in \d+ files?$/m.exec(output);
  return match ? Number(match[1]) : undefined;
}

/** What happened to one step of `npm test`. */
export type StepOutcome =
  | {
      ran: false;
      /** Why not, e.g. "the build failed" or "npm script test:e2e is missing". */
      reason: string;
      /** Whether not running is a failure of its own (a missing script), not a consequence of one. */
      failure: boolean;
      /** The tests it would have run, when known. */
      planned?: number | undefined;
    }
  | {
      ran: true;
      /** null when the process was killed by a signal. */
      exitCode: number | null;
      /** A check (lint, types, build) has no report: it counts as one test. */
      check: boolean;
      /** The tests its report counted; undefined when a test step left no readable report. */
      counts?: Counts | undefined;
      /** The tests it would have run, when known (asked for only when the report is missing). */
      planned?: number | undefined;
    };

export interface Tally {
  counts: Counts;
  /** Whether `npm test` fails because of this step. */
  failed: boolean;
  /** One line for the console, e.g. "3 passed, 0 failed, 1 skipped". */
  note: string;
}

function describe(counts: Counts): string {
  return `${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`;
}

/** How one step counts in the summary. */
export function tallyStep(outcome: StepOutcome): Tally {
  if (!outcome.ran) {
    // A step that never ran passed nothing: its tests (or the one check) count as skipped; a step
    // that could not even start (its npm script is gone) is a failure too.
    const counts = {
      passed: 0,
      failed: outcome.failure ? 1 : 0,
      skipped: Math.max(outcome.planned ?? 1, 1),
    };
    const planned = outcome.planned === undefined ? '' : `, ${outcome.planned} tests`;
    return {
      counts,
      failed: outcome.failure,
      note: `not run (${outcome.reason}${planned}): ${describe(counts)}`,
    };
  }
  const succeeded = outcome.exitCode === 0;
  if (outcome.check) {
    const counts = { passed: succeeded ? 1 : 0, failed: succeeded ? 0 : 1, skipped: 0 };
    return { counts, failed: !succeeded, note: succeeded ? 'passed' : 'failed' };
  }
  if (!outcome.counts) {
    // No report: the step crashed (or a change stopped it writing one). Never zero.
    const counts = { passed: 0, failed: 1, skipped: outcome.planned ?? 0 };
    return { counts, failed: true, note: `no report: ${describe(counts)}` };
  }
  let counts = outcome.counts;
  // A step that failed without a failing test (a file that does not load, a server that does not
  // start, an error between tests) still counts one failure.
  if (!succeeded && counts.failed === 0) counts = { ...counts, failed: 1 };
  const ran = counts.passed + counts.failed + counts.skipped;
  if (outcome.planned !== undefined && outcome.planned > ran) {
    counts = { ...counts, skipped: counts.skipped + outcome.planned - ran };
  }
  return { counts, failed: !succeeded || counts.failed > 0, note: describe(counts) };
}

/** The npm scripts of `names` that package.json does not define. */
export function missingScripts(packageJson: unknown, names: readonly string[]): string[] {
  const scripts = field(packageJson, 'scripts');
  return names.filter((name) => typeof field(scripts, name) !== 'string');
}

function list(value: unknown): unknown[] {
  return Array.isArray(value) ? (value as unknown[]) : [];
}

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

/** The path below the project's folder, as the runners print it. */
function relativePath(file: string, root: string): string {
  return file.startsWith(`${root}/`) ? file.slice(root.length + 1) : file;
}

/**
 * The tests a Vitest JSON report says failed, as "file › name"; a file that failed with no failing
 * test (it did not load, or threw between tests) is named with its message. So that the end of a
 * CI log says which test failed, not only how many.
 */
export function vitestFailures(report: unknown, root = process.cwd()): string[] {
  return list(field(report, 'testResults')).flatMap((file) => {
    const path = relativePath(text(field(file, 'name')), root);
    const failed = list(field(file, 'assertionResults'))
      .filter((test) => field(test, 'status') === 'failed')
      .map((test) => `${path} › ${text(field(test, 'fullName'))}`);
    if (failed.length || field(file, 'status') !== 'failed') return failed;
    return [`${path}: ${text(field(file, 'message')) || 'failed outside its tests'}`];
  });
}

/** The tests a Playwright JSON report says failed or were flaky, as "file:line › title". */
export function playwrightFailures(report: unknown): string[] {
  const names: string[] = [];
  const walk = (suite: unknown, titles: string[]) => {
    for (const spec of list(field(suite, 'specs'))) {
      const place = `${text(field(spec, 'file'))}:${String(field(spec, 'line'))}`;
      const title = [...titles, text(field(spec, 'title'))].join(' › ');
      for (const test of list(field(spec, 'tests'))) {
        const status = field(test, 'status');
        if (status === 'unexpected' || status === 'flaky') names.push(`${place} › ${title}`);
      }
    }
    for (const child of list(field(suite, 'suites'))) {
      walk(child, [...titles, text(field(child, 'title'))]);
    }
  };
  // A top-level suite is a file: its title is the path the spec already names.
  for (const file of list(field(report, 'suites'))) walk(file, []);
  return names;
}
