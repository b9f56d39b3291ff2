// `npm test`: every check in order — lint, types, unit tests, production build, built-HTML
// validation, browser tests — then one summary line counting every test that ran.
// Later steps still run after a failure so that the summary is complete.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';

const results = 'test-results';
rmSync(results, { recursive: true, force: true });
mkdirSync(results, { recursive: true });

const vitestReport = `${results}/vitest.json`;
const playwrightReport = `${results}/playwright.json`;
const reliabilityReport = `${results}/reliability.json`;

function readJson(file) {
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : undefined;
}

/** Each step: a command, and how to count its tests from its report (none for checks). */
const steps = [
  { name: 'lint', cmd: 'npm run lint' },
  { name: 'typecheck', cmd: 'npm run typecheck' },
  {
    name: 'unit tests',
    cmd: `npx vitest run --reporter=default --reporter=json --outputFile.json=${vitestReport}`,
    count: () => {
      const report = readJson(vitestReport);
      return report && { passed: report.numPassedTests, failed: report.numFailedTests };
    },
  },
  { name: 'build', cmd: 'npm run build', required: true },
  { name: 'html validation', cmd: 'npm run validate:html' },
  {
    name: 'browser tests',
    cmd: 'npx playwright test',
    env: { PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightReport },
    count: () => {
      const stats = readJson(playwrightReport)?.stats;
      return stats && { passed: stats.expected + stats.flaky, failed: stats.unexpected };
    },
  },
  {
    name: 'reliability',
    cmd: 'npm run test:reliability --if-present',
    env: { RELIABILITY_REPORT: reliabilityReport },
    count: () => readJson(reliabilityReport),
  },
];

let passed = 0;
let failed = 0;
const failedSteps = [];
for (const step of steps) {
  console.log(`\n=== ${step.name}: ${step.cmd}`);
  const started = Date.now();
  const run = spawnSync(step.cmd, {
    shell: true,
    stdio: 'inherit',
    env: { ...process.env, ...step.env },
  });
  console.log(`=== ${step.name}: ${Math.round((Date.now() - started) / 1000)} s`);
  const counted = step.count?.();
  if (counted) {
    passed += counted.passed;
    failed += counted.failed;
  }
  if (run.status !== 0) {
    failedSteps.push(step.name);
    // A failing step that reported no failing test (lint, a crash) still counts as one failure.
    if (!counted || counted.failed === 0) failed += 1;
    if (step.required) break;
  }
}

const summary = `tests: ${passed} passed, ${failed} failed`;
writeFileSync(`${results}/summary.txt`, `${summary}\n`);
console.log(
  `\n${failedSteps.length ? `failed steps: ${failedSteps.join(', ')}` : 'all steps passed'}`,
);
console.log(summary);
process.exit(failedSteps.length ? 1 : 0);
