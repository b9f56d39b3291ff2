import { describe, expect, it } from 'vitest';
import { businessContent } from '../content/business';
import { NOTHING_PUBLISHED } from '../content/published';
import { at, expectInstant, HOUR, sundays } from '../test/instants';
import { addBusinessHours, addHoursSkippingClosedDays, businessMsBetween } from './business-hours';
import { longestResponseWaitMs, quoteBy, respondBy } from './promises';
import { businessSchedule } from './schedule';

const { business } = businessContent(NOTHING_PUBLISHED);

// Closed dates (holidays) on top of the weekly hours: every deadline skips them.

const thanksgiving = { date: '2026-11-26', note: 'Thanksgiving Day' };
const closedOnThanksgiving = { ...business, closedDays: [thanksgiving] };

describe('a request on a closed day', () => {
  it('answers a quote sent on Thanksgiving afternoon by Friday 13:00, not Friday morning', () => {
    const received = at('2026-11-26T15:03:00-05:00');
    expectInstant(respondBy(received, closedOnThanksgiving), '2026-11-27T13:00:00-05:00');
    // With Thanksgiving open, its last two hours would count: Friday 11:03.
    expectInstant(respondBy(received, business), '2026-11-27T11:03:00-05:00');
  });

  it("counts none of a closed day's hours between two instants", () => {
    const schedule = { ...businessSchedule, closedDates: [thanksgiving.date] };
    const wednesdayNoon = at('2026-11-25T12:00:00-05:00');
    const fridayNoon = at('2026-11-27T12:00:00-05:00');
    expect(businessMsBetween(wednesdayNoon, fridayNoon, schedule)).toBe(8 * HOUR);
    expect(businessMsBetween(wednesdayNoon, fridayNoon)).toBe(16 * HOUR);
  });

  it('skips several closed days in a row, and a closed Monday after a weekend', () => {
    const schedule = {
      ...businessSchedule,
      closedDates: ['2026-12-24', '2026-12-25', '2026-12-28'],
    };
    // Wednesday 23 December 16:00 + 4 h: 1 h that day, then Tuesday 29 December 9:00 + 3 h.
    expectInstant(
      addBusinessHours(at('2026-12-23T16:00:00-05:00'), 4, schedule),
      '2026-12-29T12:00:00-05:00',
    );
  });

  it('keeps DST right around a closed day: the Sunday the clocks change, closed', () => {
    // Open every Sunday all day, but closed on 8 March 2026 (23 hours long in New York).
    const schedule = { ...sundays, closedDates: ['2026-03-08'] };
    const saturday = at('2026-03-07T12:00:00-05:00');
    expectInstant(addBusinessHours(saturday, 1, schedule), '2026-03-15T01:00:00-04:00');
    expect(businessMsBetween(saturday, at('2026-03-16T00:00:00-04:00'), schedule)).toBe(24 * HOUR);
  });
});

describe('the quote promise (wall-clock hours, closed days left out)', () => {
  it('runs through a weekend but stops for a holiday', () => {
    const wednesday = at('2026-11-25T16:00:00-05:00');
    expectInstant(quoteBy(wednesday, business), '2026-11-26T16:00:00-05:00');
    expectInstant(quoteBy(wednesday, closedOnThanksgiving), '2026-11-27T16:00:00-05:00');
    // Sent on the holiday itself: 24 hours from the midnight that ends it.
    expectInstant(
      quoteBy(at('2026-11-26T10:00:00-05:00'), closedOnThanksgiving),
      '2026-11-28T00:00:00-05:00',
    );
  });

  it('counts a closed day that is 25 hours long (clocks set back) as closed, whole', () => {
    const schedule = { ...businessSchedule, closedDates: ['2026-11-01'] };
    // Saturday 31 October 20:00 EDT + 24 h: 4 h Saturday, Sunday skipped, 20 h of Monday.
    expectInstant(
      addHoursSkippingClosedDays(at('2026-10-31T20:00:00-04:00'), 24, schedule),
      '2026-11-02T20:00:00-05:00',
    );
    expect(() => addHoursSkippingClosedDays(0, -1, schedule)).toThrow(RangeError);
    expect(addHoursSkippingClosedDays(NaN, 1, schedule)).toBeNaN();
  });
});

describe('the longest wait for an answer (what the staffing desk counts as surely overdue)', () => {
  const mondayHour = {
    ...business,
    openingHours: business.openingHours.map((day) => ({
      ...day,
      open: day.day === 'Monday',
      closes: '10:00',
    })),
  };
  const cases = [
    ['the code’s hours', business],
    ['one hour on Mondays', mondayHour],
    [
      'one hour on Mondays, two Mondays closed',
      { ...mondayHour, closedDays: [{ date: '2026-12-07', note: '' }, thanksgiving] },
    ],
    [
      'one hour on Mondays, two in a row closed',
      {
        ...mondayHour,
        closedDays: [
          { date: '2026-12-07', note: '' },
          { date: '2026-12-14', note: '' },
        ],
      },
    ],
  ] as const;

  it.each(cases)('bounds every wait with %s', (_name, facts) => {
    const bound = longestResponseWaitMs(facts);
    for (let received = at('2026-11-20T00:00:00-05:00'); received < at('2026-12-20');) {
      expect(respondBy(received, facts) - received).toBeLessThanOrEqual(bound);
      received += 5 * HOUR + 7 * 60_000;
    }
  });

  it('stays short for the code’s hours: a fortnight and a day', () => {
    expect(longestResponseWaitMs(business)).toBe((14 + 1) * 24 * HOUR);
  });
});
