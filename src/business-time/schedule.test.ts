import { describe, expect, it } from 'vitest';
import { businessContent } from '../content/business';
import { DEFAULT_OPENING_HOURS } from '../content/opening-hours';
import { NOTHING_PUBLISHED } from '../content/published';
import { at, expectInstant, HOUR } from '../test/instants';
import { addBusinessHours, businessMsBetween } from './business-hours';
import { businessSchedule, type BusinessSchedule } from './schedule';

const { business } = businessContent(NOTHING_PUBLISHED);

/** The business's week with `changes` made to some days. */
function weekWith(
  changes: Partial<Record<string, Partial<(typeof DEFAULT_OPENING_HOURS)[number]>>>,
) {
  return DEFAULT_OPENING_HOURS.map((entry) => ({ ...entry, ...changes[entry.day] }));
}

describe('the business schedule', () => {
  it('comes from content: New York, 09:00 to 17:00, Monday to Friday, no closed dates', () => {
    expect(businessSchedule.timeZone).toBe('America/New_York');
    expect(businessSchedule.closedDates).toEqual([]);
    expect(businessSchedule.week.filter((day) => day.open).map((day) => day.day)).toEqual([
      'Monday',
      'Tuesday',
      'Wednesday',
      'Thursday',
      'Friday',
    ]);
    for (const day of businessSchedule.week) {
      expect([day.opens, day.closes]).toEqual(['09:00', '17:00']);
    }
    expect(business.promises).toEqual({ responseBusinessHours: 4, quoteHours: 24 });
  });
});

describe('hours that differ by day', () => {
  const schedule: BusinessSchedule = {
    timeZone: 'America/New_York',
    week: weekWith({
      Friday: { opens: '09:00', closes: '12:00' },
      Saturday: { open: true, opens: '10:00', closes: '14:00' },
    }),
  };

  it("counts each day's own hours: Friday's short morning, then Saturday", () => {
    // Friday 11:00 + 4 h: 1 h to Friday's noon closing, 3 h from Saturday's 10:00.
    expectInstant(
      addBusinessHours(at('2026-06-19T11:00:00-04:00'), 4, schedule),
      '2026-06-20T13:00:00-04:00',
    );
    expect(
      businessMsBetween(at('2026-06-19T08:00:00-04:00'), at('2026-06-21T08:00:00-04:00'), schedule),
    ).toBe(7 * HOUR);
  });
});

describe('other schedules', () => {
  it('refuses a schedule it cannot count with, and hours it cannot reach', () => {
    const start = at('2026-06-16T10:00:00-04:00');
    const refused = (schedule: BusinessSchedule) =>
      expect(() => addBusinessHours(start, 1, schedule)).toThrow(RangeError);
    refused({ ...businessSchedule, week: weekWith({ Monday: { opens: '9am' } }) });
    refused({ ...businessSchedule, week: weekWith({ Monday: { closes: '08:00' } }) });
    refused({
      ...businessSchedule,
      week: [{ day: 'Lunes', open: true, opens: '09:00', closes: '17:00' }],
    });
    refused({ ...businessSchedule, week: weekWith({}).map((day) => ({ ...day, open: false })) });
    refused({ ...businessSchedule, closedDates: ['2026-02-30'] });
    refused({ ...businessSchedule, timeZone: 'Mars/Olympus' });
    expect(() => addBusinessHours(start, -1)).toThrow(RangeError);
    expect(() => addBusinessHours(start, 1e7)).toThrow(RangeError);
  });

  it('ignores the hours of a closed weekday', () => {
    // A closed Monday with times that would not pass (closes before it opens) is still closed.
    const week = weekWith({ Monday: { open: false, opens: '18:00', closes: '08:00' } });
    expectInstant(
      addBusinessHours(at('2026-06-15T10:00:00-04:00'), 1, { ...businessSchedule, week }),
      '2026-06-16T10:00:00-04:00',
    );
  });
});
