import { describe, expect, it } from 'vitest';
import { at, HOUR, sundays } from '../test/instants';
import { addBusinessHours, businessMsBetween } from './business-hours';

describe('businessMsBetween', () => {
  it.each([
    ['inside one day', '2026-06-16T10:00:00-04:00', 4],
    ['from the evening', '2026-06-16T19:00:00-04:00', 4],
    ['across a weekend', '2026-06-19T15:00:00-04:00', 4],
    ['a full week from Saturday', '2026-06-20T11:00:00-04:00', 40],
    ['across 8 March', '2026-03-06T15:00:00-05:00', 4],
    ['a week across 8 March', '2026-03-05T12:30:00-05:00', 40],
    ['across 1 November', '2026-10-30T16:15:00-04:00', 10.5],
  ])('is the inverse of addBusinessHours %s', (_case, start, hours) => {
    const end = addBusinessHours(at(start), hours);
    expect(end).toBeGreaterThan(at(start));
    expect(businessMsBetween(at(start), end)).toBe(hours * HOUR);
  });

  it('counts only opening hours: 16:00 Friday to 10:00 Monday across 8 March is 2 hours', () => {
    expect(
      businessMsBetween(at('2026-03-06T16:00:00-05:00'), at('2026-03-09T10:00:00-04:00')),
    ).toBe(2 * HOUR);
  });

  it('counts 40 hours in the week of Monday 2 March, Monday midnight to Monday midnight', () => {
    expect(
      businessMsBetween(at('2026-03-02T00:00:00-05:00'), at('2026-03-09T00:00:00-04:00')),
    ).toBe(40 * HOUR);
  });

  it('counts a response given on Saturday only up to Friday 17:00', () => {
    const received = at('2026-06-19T15:00:00-04:00');
    expect(businessMsBetween(received, at('2026-06-20T12:00:00-04:00'))).toBe(2 * HOUR);
    expect(businessMsBetween(received, at('2026-06-21T23:00:00-04:00'))).toBe(2 * HOUR);
  });

  it('is 0 for reversed or equal instants', () => {
    const monday = at('2026-06-15T10:00:00-04:00');
    const tuesday = at('2026-06-16T10:00:00-04:00');
    expect(businessMsBetween(monday, tuesday)).toBe(8 * HOUR);
    expect(businessMsBetween(tuesday, monday)).toBe(0);
    expect(businessMsBetween(tuesday, tuesday)).toBe(0);
  });

  it('is NaN for an instant that is not a number', () => {
    expect(businessMsBetween(NaN, at('2026-06-16T10:00:00-04:00'))).toBeNaN();
    expect(addBusinessHours(NaN, 4)).toBeNaN();
  });

  it('counts an absurd span over about four years only', () => {
    const total = businessMsBetween(
      at('2026-01-05T00:00:00-05:00'),
      at('2226-01-05T00:00:00-05:00'),
    );
    expect(total).toBeGreaterThan(4 * 52 * 40 * HOUR);
    expect(total).toBeLessThan(4 * 53 * 40 * HOUR);
  });
});

describe('other schedules', () => {
  it('counts the real length of a day the clocks change inside the opening hours', () => {
    expect(
      businessMsBetween(at('2026-03-07T12:00:00-05:00'), at('2026-03-09T12:00:00-04:00'), sundays),
    ).toBe(23 * HOUR);
    expect(
      businessMsBetween(at('2026-10-31T12:00:00-04:00'), at('2026-11-02T12:00:00-05:00'), sundays),
    ).toBe(25 * HOUR);
  });
});
