import { describe, expect, it } from 'vitest';
import { at, expectInstant, HOUR } from '../test/instants';
import { lastWeekStarts, weekStart } from './weeks';

describe('daylight saving changes (Sunday 8 March and Sunday 1 November 2026)', () => {
  it.each([
    [
      'Sunday 8 March (still the week of 2 March)',
      '2026-03-08T12:00:00-04:00',
      '2026-03-02T00:00:00-05:00',
    ],
    ['Sunday 8 March, 23:30', '2026-03-08T23:30:00-04:00', '2026-03-02T00:00:00-05:00'],
    ['Monday 9 March, 00:30', '2026-03-09T00:30:00-04:00', '2026-03-09T00:00:00-04:00'],
    ['Wednesday 11 March', '2026-03-11T12:00:00-04:00', '2026-03-09T00:00:00-04:00'],
    [
      'Sunday 1 November (still the week of 26 October)',
      '2026-11-01T12:00:00-05:00',
      '2026-10-26T00:00:00-04:00',
    ],
    ['Tuesday 3 November', '2026-11-03T08:00:00-05:00', '2026-11-02T00:00:00-05:00'],
    [
      'Sunday 8 November, 21:00 (Monday in UTC)',
      '2026-11-08T21:00:00-05:00',
      '2026-11-02T00:00:00-05:00',
    ],
  ])('weekStart of %s is local Monday 00:00', (_case, instant, monday) => {
    expectInstant(weekStart(at(instant)), monday);
  });
  it('lists 12 local Mondays, oldest first, across the March change', () => {
    const weeks = lastWeekStarts(at('2026-03-25T10:00:00-04:00'), 12);
    expect(weeks.map((ms) => new Date(ms).toISOString())).toEqual(
      [
        ...['01-05', '01-12', '01-19', '01-26', '02-02', '02-09', '02-16', '02-23', '03-02'].map(
          (day) => `2026-${day}T00:00:00-05:00`,
        ),
        ...['03-09', '03-16', '03-23'].map((day) => `2026-${day}T00:00:00-04:00`),
      ].map((iso) => new Date(iso).toISOString()),
    );
  });
  it('lists 12 consecutive local Mondays across the November change (one week of 169 hours)', () => {
    const weeks = lastWeekStarts(at('2026-11-18T10:00:00-05:00'), 12);
    expect(weeks).toHaveLength(12);
    expectInstant(weeks[0] ?? NaN, '2026-08-31T00:00:00-04:00');
    expectInstant(weeks[11] ?? NaN, '2026-11-16T00:00:00-05:00');
    const lengths = weeks.slice(1).map((start, index) => (start - (weeks[index] ?? NaN)) / HOUR);
    expect(lengths).toEqual([168, 168, 168, 168, 168, 168, 168, 168, 169, 168, 168]);
    expect(weeks.map((start) => weekStart(start))).toEqual(weeks);
  });
  it('lists no weeks for a count of 0, and refuses a count that is not a whole number', () => {
    expect(lastWeekStarts(at('2026-03-25T10:00:00-04:00'), 0)).toEqual([]);
    expect(() => lastWeekStarts(at('2026-03-25T10:00:00-04:00'), 1.5)).toThrow(RangeError);
    expect(() => lastWeekStarts(at('2026-03-25T10:00:00-04:00'), 1e9)).toThrow(RangeError);
  });
});
