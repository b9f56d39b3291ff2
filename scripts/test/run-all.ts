// `npm test`: every check in order — lint, types and the production build (side by side), unit
// tests, the engines' and the outbox's suites again on Node 24, built-HTML validation, browser
// tests, reliability — then one summary line, `tests: N passed, M failed, K skipped`
// (scripts/test/summary.ts says how each case counts). Later steps still run after a failure so
// that the summary is complete; only a failed build stops the steps that need it.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
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
  type Counts,
  type StepOutcome,
} from './summary.ts';

const results = 'test-results';
rmSync(results, { recursive: true, force: true });
mkdirSync(results, { recursive: true });

interface Step {
  name: string;
  /** The npm script it runs: a renamed or missing script fails the step instead of dropping it. */
  script: string;
  args?: string;
  env?: Record<string, string>;
  /** The later steps need it: they do not run when it fails (except the `standalone` ones). */
  required?: boolean;
  /** Needs nothing an earlier step makes: it runs even after a required step failed. */
  standalone?: boolean;
  /** A test step's report and how to count it; a step without one is a check (one test). */
  report?: {
    file: string;
    count: (report: unknown) => Counts | undefined;
    /** The failed tests it names, printed at the end so a CI log's last lines say which. */
    failures?: (report: unknown) => string[];
  };
  /** How many tests the step has, asked only when it did not run or left no report. */
  plan?: () => number | undefined;
  /**
   * Runs at the same time as the steps next to it with the same batch: checks that each keep one
   * core busy (lint, types, the build) share the two, a minute less in CI. Their output is printed
   * whole, one step after the other, once each ends.
   */
  batch?: string;
}

function readJson(file: string): unknown {
  if (!existsSync(file)) return undefined;
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return undefined; // cut short: as good as missing
  }
}

function quietly(command: string): string {
  const run = spawnSync(command, { shell: true, encoding: 'utf8', env: process.env });
  return `${run.stdout ?? ''}${run.stderr ?? ''}`;
}

/** The Vitest run of vite.config.ts's projects (src/, server/, scripts/). */
function vitestStep(name: string, script: string, file: string): Step {
  return {
    name,
    script,
    standalone: true,
    args: `--reporter=default --reporter=json --outputFile.json=${file}`,
    report: { file, count: vitestCounts, failures: vitestFailures },
    plan: () => {
      const listed = `${file}.list.json`;
      quietly(`npx vitest list --json=${listed}`);
      const tests = readJson(listed);
      return Array.isArray(tests) ? tests.length : undefined;
    },
  };
}

const steps: Step[] = [
  { name: 'lint', script: 'lint', batch: 'checks' },
  { name: 'typecheck', script: 'typecheck', batch: 'checks' },
  { name: 'build', script: 'build', required: true, batch: 'checks' },
  vitestStep('unit tests', 'test:unit', `${results}/vitest.json`),
  // The suites of both database engines and the outbox again, on Node 24 (scripts/test/node24.ts).
  {
    name: 'node 24',
    script: 'test:node24',
    args: `--reporter=default --reporter=json --outputFile.json=${results}/vitest-node24.json`,
    report: {
      file: `${results}/vitest-node24.json`,
      count: vitestCounts,
      failures: vitestFailures,
    },
    standalone: true,
  },
  { name: 'html validation', script: 'validate:html' },
  {
    name: 'browser tests',
    script: 'test:e2e',
    env: { PLAYWRIGHT_JSON_OUTPUT_NAME: `${results}/playwright.json` },
    report: {
      file: `${results}/playwright.json`,
      count: playwrightCounts,
      failures: playwrightFailures,
    },
    plan: () => listedTotal(quietly('npx playwright test --list --reporter=list')),
  },
  {
    name: 'reliability',
    script: 'test:reliability',
    env: { RELIABILITY_REPORT: `${results}/reliability.json` },
    report: { file: `${results}/reliability.json`, count: reliabilityCounts },
  },
];

const missing = new Set(
  missingScripts(
    JSON.parse(readFileSync('package.json', 'utf8')),
    steps.map((step) => step.script),
  ),
);
for (const script of missing) console.error(`!!! package.json has no script "${script}"`);

/** Runs one step; with `quiet`, its output is kept and returned instead of shown as it comes. */
function runStep(step: Step, quiet: boolean): Promise<{ status: number | null; output: string }> {
  const command = `npm run ${step.script}${step.args ? ` -- ${step.args}` : ''}`;
  console.log(`\n=== ${step.name}: ${command}${quiet ? ' (at the same time as others)' : ''}`);
  const started = Date.now();
  const child = spawn(command, {
    shell: true,
    stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    env: { ...process.env, ...step.env },
  });
  const chunks: Buffer[] = [];
  child.stdout?.on('data', (chunk: Buffer) => chunks.push(chunk));
  child.stderr?.on('data', (chunk: Buffer) => chunks.push(chunk));
  return new Promise((resolve) => {
    child.on('close', (status) => {
      const took = `=== ${step.name}: ${Math.round((Date.now() - started) / 1000)} s`;
      const output = quiet ? `\n=== ${step.name}\n${Buffer.concat(chunks).toString()}` : '';
      resolve({ status, output: `${output}${took}\n` });
    });
  });
}

/** The steps in runs: a batch's steps together, every other step alone, in the list's order. */
function runsOf(list: Step[]): Step[][] {
  const runs: Step[][] = [];
  for (const step of list) {
    const last = runs.at(-1);
    if (step.batch && last?.[0]?.batch === step.batch) last.push(step);
    else runs.push([step]);
  }
  return runs;
}

let totals = noTests;
const failedSteps: string[] = [];
const skippedSteps: string[] = [];
const failedTests: string[] = [];
const lines: string[] = [];
let stoppedBy: string | undefined;

function record(step: Step, outcome: StepOutcome) {
  const tally = tallyStep(outcome);
  totals = addCounts(totals, tally.counts);
  lines.push(`${step.name.padEnd(16)} ${tally.note}`);
  if (tally.failed) failedSteps.push(step.name);
  else if (!outcome.ran) skippedSteps.push(step.name);
  if (step.required && tally.failed) stoppedBy ??= step.name;
}

function notRun(step: Step): StepOutcome {
  const reason = stoppedBy ? `${stoppedBy} failed` : `npm script ${step.script} is missing`;
  console.log(`\n=== ${step.name}: not run, ${reason}`);
  return { ran: false, reason, failure: !stoppedBy, planned: step.plan?.() };
}

for (const run of runsOf(steps)) {
  const runnable = run.filter(
    (step) => (!stoppedBy || step.standalone) && !missing.has(step.script),
  );
  const quiet = runnable.length > 1;
  const finished = await Promise.all(runnable.map((step) => runStep(step, quiet)));
  for (const { output } of finished) process.stdout.write(output);
  for (const step of run) {
    const ended = finished[runnable.indexOf(step)];
    if (!ended) {
      record(step, notRun(step));
      continue;
    }
    const report = step.report && readJson(step.report.file);
    const counts = step.report && step.report.count(report);
    for (const name of step.report?.failures?.(report) ?? []) {
      failedTests.push(`${step.name}: ${name}`);
    }
    record(step, {
      ran: true,
      exitCode: ended.status,
      check: !step.report,
      counts,
      planned: step.report && !counts ? step.plan?.() : undefined,
    });
  }
}

const summary = summaryLine(totals);
writeFileSync(`${results}/summary.txt`, `${summary}\n`);
console.log(`\n${lines.join('\n')}`);
if (failedTests.length) console.log(`failed tests:\n  ${failedTests.join('\n  ')}`);
if (failedSteps.length) console.log(`failed steps: ${failedSteps.join(', ')}`);
if (skippedSteps.length) console.log(`steps not run: ${skippedSteps.join(', ')}`);
if (!failedSteps.length && !skippedSteps.length) console.log('all steps passed');
console.log(summary);
process.exit(failedSteps.length || skippedSteps.length ? 1 : 0);
