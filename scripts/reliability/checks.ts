// The reliability run's checks (scripts/reliability/run.ts): each prints PASS or FAIL with its
// figures, and the report counts them for `npm test`'s summary.
import { writeFileSync } from 'node:fs';
import type { Answer } from '../../server/testing/receiver-harness.ts';

const checks: { name: string; ok: boolean; detail: string }[] = [];

export function check(name: string, ok: boolean, detail: string) {
  checks.push({ name, ok, detail });
  console.log(`${ok ? 'PASS' : 'FAIL'}  ${name}\n      ${detail}`);
}

export function missing(acknowledged: readonly string[], stored: readonly string[]): string[] {
  const storedSet = new Set(stored);
  return acknowledged.filter((id) => !storedSet.has(id));
}

/** The "ok" member of a JSON answer; undefined when the body is not JSON. */
export function parseOk(body: string): unknown {
  try {
    return (JSON.parse(body) as { ok?: unknown }).ok;
  } catch {
    return undefined;
  }
}

export function statuses(answers: readonly Pick<Answer, 'status'>[]): string {
  const counts = new Map<number, number>();
  for (const { status } of answers) counts.set(status, (counts.get(status) ?? 0) + 1);
  return [...counts]
    .sort(([a], [b]) => a - b)
    .map(([status, count]) => `${status}×${count}`)
    .join(' ');
}

/** Runs one scenario; one that throws fails as a check of its own, with its stack. */
export async function runScenario(scenario: () => Promise<void>, name = scenario.name) {
  try {
    await scenario();
  } catch (error) {
    check(name, false, `crashed: ${(error as Error).stack ?? String(error)}`);
  }
}

/**
 * Prints how many checks passed; with RELIABILITY_REPORT=<file> also writes
 * {"passed": N, "failed": M} there. Returns the number failed.
 */
export function report(startedAt: number): number {
  const passed = checks.filter((entry) => entry.ok).length;
  const failed = checks.length - passed;
  const seconds = ((Date.now() - startedAt) / 1000).toFixed(1);
  console.log(`\nreliability: ${passed} passed, ${failed} failed in ${seconds} s`);
  if (process.env.RELIABILITY_REPORT) {
    writeFileSync(process.env.RELIABILITY_REPORT, JSON.stringify({ passed, failed }));
  }
  return failed;
}
