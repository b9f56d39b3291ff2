import { afterEach, describe, expect, it, vi } from 'vitest';
import { at, expectInstant, HOUR } from '../test/instants';
import { quoteBy, respondBy } from './promises';
import { businessContent } from '../content/business';
import { NOTHING_PUBLISHED } from '../content/published';

/** Nothing published: the code's facts. */
const { business: codeBusiness } = businessContent(NOTHING_PUBLISHED);

describe('respondBy and quoteBy', () => {
  it("answers a request sent Friday 4:00 PM by Monday 12:00 PM (the spec's example)", () => {
    expectInstant(
      respondBy(at('2026-11-27T16:00:00-05:00'), codeBusiness),
      '2026-11-30T12:00:00-05:00',
    );
  });

  it('promises the personalised quote 24 wall-clock hours later, weekend or not', () => {
    expectInstant(
      quoteBy(at('2026-11-27T16:00:00-05:00'), codeBusiness),
      '2026-11-28T16:00:00-05:00',
    );
    expect(
      quoteBy(at('2026-06-16T10:30:00-04:00'), codeBusiness) - at('2026-06-16T10:30:00-04:00'),
    ).toBe(24 * HOUR);
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
    expectInstant(respondBy(at(received), codeBusiness), expected);
  });

  describe('with a frozen clock', () => {
    afterEach(() => {
      vi.useRealTimers();
    });

    it('gives the deadline of a request received now', () => {
      vi.useFakeTimers();
      vi.setSystemTime(new Date('2026-11-27T16:00:00-05:00'));
      expect(Date.now()).toBe(at('2026-11-27T16:00:00-05:00'));
      expectInstant(respondBy(Date.now(), codeBusiness), '2026-11-30T12:00:00-05:00');
      expectInstant(quoteBy(Date.now(), codeBusiness), '2026-11-28T16:00:00-05:00');
    });
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
    expectInstant(respondBy(at(received), codeBusiness), expected);
  });
  it.each([
    ['8 March', '2026-03-06T15:00:00-05:00', '2026-03-09T11:00:00-04:00'],
    ['1 November', '2026-10-30T15:00:00-04:00', '2026-11-02T11:00:00-05:00'],
  ])('a request sent Friday 15:00 before %s is due Monday 11:00 local time', (_c, sent, due) => {
    expectInstant(respondBy(at(sent), codeBusiness), due);
  });
});
