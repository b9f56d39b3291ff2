import { afterEach, describe, expect, it, vi } from 'vitest';
import { business } from '../content/business';
import {
  addBusinessHours,
  businessMsBetween,
  businessSchedule,
  lastWeekStarts,
  quoteBy,
  respondBy,
  weekStart,
  type BusinessSchedule,
} from './business-hours';

const HOUR = 3_600_000;

/** An instant written as ISO with its offset (Date.parse reads the offset, not the machine's TZ). */
const at = (iso: string): number => Date.parse(iso);

/** Compares instants as UTC ISO strings, so a failure reads as a time and not as a number. */
function expectInstant(actual: number, expectedIso: string): void {
  expect(new Date(actual).toISOString()).toBe(new Date(at(expectedIso)).toISOString());
}

/** Runs `check` with the process's own time zone set to `timeZone`, restoring it after. */
function withProcessTimeZone(timeZone: string, check: () => void): void {
  const saved = process.env.TZ;
  process.env.TZ = timeZone;
  try {
    check();
  } finally {
    if (saved === undefined) delete process.env.TZ;
    else process.env.TZ = saved;
  }
}

describe('the business schedule', () => {
  it('comes from content: New York, 09:00 to 17:00, Monday to Friday', () => {
    expect(businessSchedule).toEqual({
      timeZone: 'America/New_York',
      opens: '09:00',
      closes: '17:00',
      days: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'],
    });
    expect(business.promises).toEqual({ responseBusinessHours: 4, quoteHours: 24 });
  });
});

describe('respondBy and quoteBy', () => {
  it("answers a request sent Friday 4:00 PM by Monday 12:00 PM (the spec's example)", () => {
    expectInstant(respondBy(at('2026-11-27T16:00:00-05:00')), '2026-11-30T12:00:00-05:00');
  });

  it('promises the personalised quote 24 wall-clock hours later, weekend or not', () => {
    expectInstant(quoteBy(at('2026-11-27T16:00:00-05:00')), '2026-11-28T16:00:00-05:00');
    expect(quoteBy(at('2026-06-16T10:30:00-04:00')) - at('2026-06-16T10:30:00-04:00')).toBe(
      24 * HOUR,
    );
  });

  it.each([
    ['inside hours: the same day', '2026-06-16T10:00:00-04:00', '2026-06-16T14:00:00-04:00'],
    ['in the evening: the next day', '2026-06-16T19:00:00-04:00', '2026-06-17T13:00:00-04:00'],
    ['before opening: from 09:00', '2026-06-16T07:00:00-04:00', '2026-06-16T13:00:00-04:00'],
    ['on Saturday: Monday', '2026-06-20T11:00:00-04:00', '2026-06-22T13:00:00-04:00'],
    ['on Sunday: Monday', '2026-06-21T15:00:00-04:00', '2026-06-22T13:00:00-04:00'],
    ['exactly at closing: the next day', '2026-06-16T17:00:00-04:00', '2026-06-17T13:00:00-04:00'],
    [
      'at 16:59: one minute, then the next day',
      '2026-06-16T16:59:00-04:00',
      '2026-06-17T12:59:00-04:00',
    ],
    [
      'at 13:00: due at closing, not the next morning',
      '2026-06-16T13:00:00-04:00',
      '2026-06-16T17:00:00-04:00',
    ],
    ['at 23:59 on Friday: Monday', '2026-06-19T23:59:00-04:00', '2026-06-22T13:00:00-04:00'],
  ])('a request received %s', (_case, received, expected) => {
    expectInstant(respondBy(at(received)), expected);
  });

  describe('with a frozen clock', () => {
    afterEach(() => {
      vi.useRealTimers();
    });

    it('gives the deadline of a request received now', () => {
      vi.useFakeTimers();
      vi.setSystemTime(new Date('2026-11-27T16:00:00-05:00'));
      expect(Date.now()).toBe(at('2026-11-27T16:00:00-05:00'));
      expectInstant(respondBy(Date.now()), '2026-11-30T12:00:00-05:00');
      expectInstant(quoteBy(Date.now()), '2026-11-28T16:00:00-05:00');
    });
  });
});

describe("the office's time zone, not the machine's", () => {
  // 10:00 on a Tuesday in New York is 23:00 in Tokyo and 14:00 in UTC: both after 17:00 there or not,
  // so a count on the machine's clock would give another answer.
  const tuesdayMorning = at('2026-06-16T10:00:00-04:00');

  it.each([
    ['Asia/Tokyo', 23],
    ['UTC', 14],
  ])('gives the New York answer when the process runs in %s', (timeZone, localHour) => {
    withProcessTimeZone(timeZone, () => {
      // The setting took effect (otherwise this test would prove nothing).
      expect(new Date(tuesdayMorning).getHours()).toBe(localHour);
      expectInstant(respondBy(tuesdayMorning), '2026-06-16T14:00:00-04:00');
      expectInstant(weekStart(tuesdayMorning), '2026-06-15T00:00:00-04:00');
      expectInstant(respondBy(at('2026-11-27T16:00:00-05:00')), '2026-11-30T12:00:00-05:00');
    });
  });

  it('counts Friday evening in New York as Friday, though it is already Saturday in UTC', () => {
    const fridayEvening = at('2026-11-27T21:00:00-05:00');
    expect(new Date(fridayEvening).getUTCDay()).toBe(6);
    expectInstant(respondBy(fridayEvening), '2026-11-30T13:00:00-05:00');
    expectInstant(weekStart(fridayEvening), '2026-11-23T00:00:00-05:00');
  });

  it('counts Friday afternoon in New York as open, though it is Friday 19:00 in UTC', () => {
    // 15:00 in New York: two hours on Friday, two on Monday (a UTC count would say Monday 13:00 UTC).
    expectInstant(respondBy(at('2026-06-19T15:00:00-04:00')), '2026-06-22T11:00:00-04:00');
  });
});

describe('daylight saving changes (Sunday 8 March and Sunday 1 November 2026)', () => {
  it.each([
    ['Saturday before 8 March', '2026-03-07T11:00:00-05:00', '2026-03-09T13:00:00-04:00'],
    ['8 March, before 2:00', '2026-03-08T01:30:00-05:00', '2026-03-09T13:00:00-04:00'],
    ['8 March, after 3:00', '2026-03-08T10:00:00-04:00', '2026-03-09T13:00:00-04:00'],
    ['Saturday before 1 November', '2026-10-31T11:00:00-04:00', '2026-11-02T13:00:00-05:00'],
    ['1 November, the first 1:30', '2026-11-01T01:30:00-04:00', '2026-11-02T13:00:00-05:00'],
    ['1 November, the second 1:30', '2026-11-01T01:30:00-05:00', '2026-11-02T13:00:00-05:00'],
    ['1 November, afternoon', '2026-11-01T15:00:00-05:00', '2026-11-02T13:00:00-05:00'],
  ])('a request sent %s is due Monday 13:00 local time', (_case, received, expected) => {
    expectInstant(respondBy(at(received)), expected);
  });

  it.each([
    ['8 March', '2026-03-06T15:00:00-05:00', '2026-03-09T11:00:00-04:00'],
    ['1 November', '2026-10-30T15:00:00-04:00', '2026-11-02T11:00:00-05:00'],
  ])('a request sent Friday 15:00 before %s is due Monday 11:00 local time', (_c, sent, due) => {
    expectInstant(respondBy(at(sent)), due);
  });

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
  const sundays: BusinessSchedule = {
    timeZone: 'America/New_York',
    opens: '00:00',
    closes: '24:00',
    days: ['Sunday'],
  };

  it('counts the real length of a day the clocks change inside the opening hours', () => {
    expect(
      businessMsBetween(at('2026-03-07T12:00:00-05:00'), at('2026-03-09T12:00:00-04:00'), sundays),
    ).toBe(23 * HOUR);
    expect(
      businessMsBetween(at('2026-10-31T12:00:00-04:00'), at('2026-11-02T12:00:00-05:00'), sundays),
    ).toBe(25 * HOUR);
  });

  it('opens a time the clocks skip at the time it would have been (02:30 → 03:30)', () => {
    const night = { ...sundays, opens: '02:30' };
    expectInstant(
      addBusinessHours(at('2026-03-07T20:00:00-05:00'), 0, night),
      '2026-03-08T03:30:00-04:00',
    );
  });

  it('opens a time the clocks show twice at its first occurrence', () => {
    const night = { ...sundays, opens: '01:30' };
    expectInstant(
      addBusinessHours(at('2026-10-31T20:00:00-04:00'), 0, night),
      '2026-11-01T01:30:00-04:00',
    );
  });

  it('reads the clock right east of Greenwich in the hours before a change (Berlin, 29 March)', () => {
    // 01:00 CET is 00:00 UTC; a single guess from the offset at "01:00 UTC" (already summer time,
    // +02:00) would open an hour early.
    const berlin = { timeZone: 'Europe/Berlin', opens: '01:00', closes: '24:00', days: ['Sunday'] };
    const saturday = at('2026-03-28T12:00:00+01:00');
    expectInstant(addBusinessHours(saturday, 0, berlin), '2026-03-29T01:00:00+01:00');
    expect(businessMsBetween(saturday, at('2026-03-30T12:00:00+02:00'), berlin)).toBe(22 * HOUR);
  });

  it('works in another time zone: Tokyo Friday 16:00 + 4 h is Monday 12:00 there', () => {
    const tokyo = { ...businessSchedule, timeZone: 'Asia/Tokyo' };
    expectInstant(
      addBusinessHours(at('2026-11-27T16:00:00+09:00'), 4, tokyo),
      '2026-11-30T12:00:00+09:00',
    );
    expectInstant(weekStart(at('2026-11-29T23:00:00+09:00'), tokyo), '2026-11-23T00:00:00+09:00');
  });

  it('refuses a schedule it cannot count with, and hours it cannot reach', () => {
    const start = at('2026-06-16T10:00:00-04:00');
    expect(() => addBusinessHours(start, 1, { ...businessSchedule, opens: '9am' })).toThrow(
      RangeError,
    );
    expect(() => addBusinessHours(start, 1, { ...businessSchedule, closes: '08:00' })).toThrow(
      RangeError,
    );
    expect(() => addBusinessHours(start, 1, { ...businessSchedule, days: ['Lunes'] })).toThrow(
      RangeError,
    );
    expect(() => addBusinessHours(start, 1, { ...businessSchedule, days: [] })).toThrow(RangeError);
    expect(() =>
      addBusinessHours(start, 1, { ...businessSchedule, timeZone: 'Mars/Olympus' }),
    ).toThrow(RangeError);
    expect(() => addBusinessHours(start, -1)).toThrow(RangeError);
    expect(() => addBusinessHours(start, 1e7)).toThrow(RangeError);
  });
});
