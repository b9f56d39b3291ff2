import { expect } from 'vitest';
import type { BusinessSchedule } from '../business-time/schedule';

// Instants for the tests of src/business-time/, written as ISO times with their offsets.

export const HOUR = 3_600_000;

/** An instant written as ISO with its offset (Date.parse reads the offset, not the machine's TZ). */
export const at = (iso: string): number => Date.parse(iso);

/** Compares instants as UTC ISO strings, so a failure reads as a time and not as a number. */
export function expectInstant(actual: number, expectedIso: string): void {
  expect(new Date(actual).toISOString()).toBe(new Date(at(expectedIso)).toISOString());
}

/** Runs `check` with the process's own time zone set to `timeZone`, restoring it after. */
export function withProcessTimeZone(timeZone: string, check: () => void): void {
  const saved = process.env.TZ;
  process.env.TZ = timeZone;
  try {
    check();
  } finally {
    if (saved === undefined) delete process.env.TZ;
    else process.env.TZ = saved;
  }
}

/** Open on Sundays only, in New York, from `opens` to midnight: a day the clocks change. */
export const sundaysFrom = (opens: string): BusinessSchedule => ({
  timeZone: 'America/New_York',
  week: [{ day: 'Sunday', open: true, opens, closes: '24:00' }],
});

/** Open all day on Sundays only, in New York: a day the clocks change falls inside its hours. */
export const sundays: BusinessSchedule = sundaysFrom('00:00');
