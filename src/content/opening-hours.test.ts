import { describe, expect, it } from 'vitest';
import { companyContent, hoursWords } from './company';
import { companyContent as spanishContent, hoursWords as spanishWords } from './es/company';
import { NOTHING_PUBLISHED } from './published';
import {
  DEFAULT_OPENING_HOURS,
  openingHoursSpecification,
  openingLines,
  specialOpeningHoursSpecification,
  type DayHours,
} from './opening-hours';
import { closedDaysSchema, openingHoursSchema } from './opening-hours-rules';

const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((issue) => issue.message) ?? [];

/** The code's week with some days changed. */
const weekWith = (changes: Partial<Record<DayHours['day'], Partial<DayHours>>>) =>
  DEFAULT_OPENING_HOURS.map((day) => ({ ...day, ...changes[day.day] }));

describe('opening hours as the site writes them', () => {
  it('writes the code’s hours as the site did before they were the owner’s', () => {
    const { openingHours } = companyContent(NOTHING_PUBLISHED);
    const { openingHours: spanishHours } = spanishContent(NOTHING_PUBLISHED);
    expect(openingHours).toEqual([{ days: 'Monday - Friday', time: '9:00 AM - 5:00 PM' }]);
    expect(spanishHours).toEqual([{ days: 'Lunes a viernes', time: '9:00 a.m. - 5:00 p.m.' }]);
    expect(openingHoursSpecification(DEFAULT_OPENING_HOURS)).toEqual([
      {
        '@type': 'OpeningHoursSpecification',
        dayOfWeek: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'],
        opens: '09:00',
        closes: '17:00',
      },
    ]);
  });

  it('writes one line per run of days with the same hours, in both languages', () => {
    const week = weekWith({
      Wednesday: { open: false },
      Friday: { opens: '09:00', closes: '12:30' },
      Saturday: { open: true, opens: '00:00', closes: '12:00' },
    });
    expect(openingLines(week, hoursWords)).toEqual([
      { days: 'Monday - Tuesday', time: '9:00 AM - 5:00 PM' },
      { days: 'Thursday', time: '9:00 AM - 5:00 PM' },
      { days: 'Friday', time: '9:00 AM - 12:30 PM' },
      { days: 'Saturday', time: '12:00 AM - 12:00 PM' },
    ]);
    expect(openingLines(week, spanishWords)[0]).toEqual({
      days: 'Lunes a martes',
      time: '9:00 a.m. - 5:00 p.m.',
    });
    // schema.org groups the days by their times, wherever they are in the week.
    expect(openingHoursSpecification(week).map((entry) => entry.dayOfWeek)).toEqual([
      ['Monday', 'Tuesday', 'Thursday'],
      ['Friday'],
      ['Saturday'],
    ]);
  });

  it('states a closed date as a day that opens and closes at midnight', () => {
    expect(specialOpeningHoursSpecification([{ date: '2026-11-26', note: '' }])).toEqual([
      {
        '@type': 'OpeningHoursSpecification',
        opens: '00:00',
        closes: '00:00',
        validFrom: '2026-11-26',
        validThrough: '2026-11-26',
      },
    ]);
  });
});

describe('the rules of opening hours and closed days', () => {
  it('takes the code’s week, and refuses a day that closes before it opens', () => {
    expect(openingHoursSchema.safeParse(DEFAULT_OPENING_HOURS).success).toBe(true);
    expect(
      messages(openingHoursSchema.safeParse(weekWith({ Monday: { closes: '08:00' } }))),
    ).toEqual(['Monday: the closing time must be later than the opening time.']);
    // A closed day's times are kept as they are, checked only when it opens again.
    expect(
      openingHoursSchema.safeParse(weekWith({ Sunday: { open: false, opens: '' } })).success,
    ).toBe(true);
  });

  it('refuses a week with no open day, a day missing, or a time that is not HH:MM', () => {
    const closed = DEFAULT_OPENING_HOURS.map((day) => ({ ...day, open: false }));
    expect(messages(openingHoursSchema.safeParse(closed))).toEqual([
      'Open on at least one day of the week.',
    ]);
    expect(messages(openingHoursSchema.safeParse(DEFAULT_OPENING_HOURS.slice(1)))).toEqual([
      'Give the hours of each day of the week, Monday to Sunday.',
    ]);
    expect(messages(openingHoursSchema.safeParse(weekWith({ Tuesday: { opens: '9am' } })))).toEqual(
      ['Tuesday: write the times as 24-hour HH:MM, e.g. 09:00 or 17:30.'],
    );
  });

  it('takes real dates once each, with a short name or none', () => {
    expect(closedDaysSchema.safeParse([{ date: '2026-12-25', note: '' }]).success).toBe(true);
    expect(messages(closedDaysSchema.safeParse([{ date: '2026-02-30', note: '' }]))).toEqual([
      "Choose a date for each closed day ('2026-02-30' is not one).",
    ]);
    expect(messages(closedDaysSchema.safeParse([{ date: '', note: 'x'.repeat(61) }]))).toEqual([
      "Choose a date for each closed day ('' is not one).",
      'Keep each name to 60 characters or fewer.',
    ]);
  });
});
