import { describe, expect, it } from 'vitest';
import { federalHolidays, federalHolidaysFrom } from './holidays';

describe('the US federal holidays', () => {
  it("gives 2026's eleven, observed off the weekend (Independence Day on Friday 3 July)", () => {
    expect(federalHolidays(2026).map(({ holiday, date }) => `${date} ${holiday}`)).toEqual([
      '2026-01-01 newYear',
      '2026-01-19 martinLutherKing',
      '2026-02-16 presidents',
      '2026-05-25 memorial',
      '2026-06-19 juneteenth',
      '2026-07-03 independence',
      '2026-09-07 labor',
      '2026-10-12 columbus',
      '2026-11-11 veterans',
      '2026-11-26 thanksgiving',
      '2026-12-25 christmas',
    ]);
    expect(
      federalHolidays(2026)
        .filter((day) => day.observed)
        .map((day) => day.holiday),
    ).toEqual(['independence']);
  });

  it("moves a Sunday holiday to Monday and puts 2028's New Year's Day (a Saturday) in 2027", () => {
    const days = federalHolidays(2027);
    expect(days.find((day) => day.holiday === 'juneteenth')?.date).toBe('2027-06-18');
    expect(days.find((day) => day.holiday === 'independence')?.date).toBe('2027-07-05');
    expect(days.find((day) => day.holiday === 'christmas')?.date).toBe('2027-12-24');
    expect(days.at(-1)).toEqual({ holiday: 'newYear', date: '2027-12-31', observed: true });
    expect(days.filter((day) => day.holiday === 'newYear')).toHaveLength(2);
    expect(federalHolidays(2028).some((day) => day.holiday === 'newYear')).toBe(false);
  });

  it('finds the last Monday of May and the fourth Thursday of November by rule', () => {
    expect(federalHolidays(2027).find((day) => day.holiday === 'memorial')?.date).toBe(
      '2027-05-31',
    );
    expect(federalHolidays(2029).find((day) => day.holiday === 'thanksgiving')?.date).toBe(
      '2029-11-22',
    );
    expect(federalHolidays(2021).find((day) => day.holiday === 'newYear')?.date).toBe('2021-01-01');
    expect(federalHolidays(2021).at(-1)?.date).toBe('2021-12-31');
  });

  it('offers this year and the next in one list', () => {
    const dates = federalHolidaysFrom(2026).map((day) => day.date);
    expect(dates).toHaveLength(23);
    expect(dates).toEqual([...dates].sort());
  });
});
