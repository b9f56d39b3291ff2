import { describe, expect, it } from 'vitest';
import { at, expectInstant, HOUR, sundaysFrom, withProcessTimeZone } from '../test/instants';
import { addBusinessHours, businessMsBetween } from './business-hours';
import { respondBy } from './promises';
import { businessSchedule } from './schedule';
import { weekStart } from './weeks';
import { businessContent } from '../content/business';
import { NOTHING_PUBLISHED } from '../content/published';

/** Nothing published: the code's facts. */
const { business: codeBusiness } = businessContent(NOTHING_PUBLISHED);

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
      expectInstant(respondBy(tuesdayMorning, codeBusiness), '2026-06-16T14:00:00-04:00');
      expectInstant(weekStart(tuesdayMorning), '2026-06-15T00:00:00-04:00');
      expectInstant(
        respondBy(at('2026-11-27T16:00:00-05:00'), codeBusiness),
        '2026-11-30T12:00:00-05:00',
      );
    });
  });

  it('counts Friday evening in New York as Friday, though it is already Saturday in UTC', () => {
    const fridayEvening = at('2026-11-27T21:00:00-05:00');
    expect(new Date(fridayEvening).getUTCDay()).toBe(6);
    expectInstant(respondBy(fridayEvening, codeBusiness), '2026-11-30T13:00:00-05:00');
    expectInstant(weekStart(fridayEvening), '2026-11-23T00:00:00-05:00');
  });

  it('counts Friday afternoon in New York as open, though it is Friday 19:00 in UTC', () => {
    // 15:00 in New York: two hours on Friday, two on Monday (a UTC count would say Monday 13:00 UTC).
    expectInstant(
      respondBy(at('2026-06-19T15:00:00-04:00'), codeBusiness),
      '2026-06-22T11:00:00-04:00',
    );
  });
});

describe('other schedules', () => {
  it('opens a time the clocks skip at the time it would have been (02:30 → 03:30)', () => {
    const night = sundaysFrom('02:30');
    expectInstant(
      addBusinessHours(at('2026-03-07T20:00:00-05:00'), 0, night),
      '2026-03-08T03:30:00-04:00',
    );
  });
  it('opens a time the clocks show twice at its first occurrence', () => {
    const night = sundaysFrom('01:30');
    expectInstant(
      addBusinessHours(at('2026-10-31T20:00:00-04:00'), 0, night),
      '2026-11-01T01:30:00-04:00',
    );
  });
  it('reads the clock right east of Greenwich in the hours before a change (Berlin, 29 March)', () => {
    // 01:00 CET is 00:00 UTC; a single guess from the offset at "01:00 UTC" (already summer time,
    // +02:00) would open an hour early.
    const berlin = {
      timeZone: 'Europe/Berlin',
      week: [{ day: 'Sunday', open: true, opens: '01:00', closes: '24:00' }],
    };
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
});
