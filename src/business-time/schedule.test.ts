import { describe, expect, it } from 'vitest';
import { businessContent } from '../content/business';
import { at } from '../test/instants';
import { addBusinessHours } from './business-hours';
import { businessSchedule } from './schedule';
import { NOTHING_PUBLISHED } from '../content/published';

const { business } = businessContent(NOTHING_PUBLISHED);

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

describe('other schedules', () => {
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
