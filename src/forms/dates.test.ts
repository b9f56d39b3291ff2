import { isIsoDate, localIsoDate } from './dates';

describe('isIsoDate', () => {
  it('accepts real calendar days written YYYY-MM-DD', () => {
    expect(isIsoDate('2030-06-15')).toBe(true);
    expect(isIsoDate('2028-02-29')).toBe(true);
  });

  it('refuses impossible days and other spellings', () => {
    for (const value of ['2030-02-29', '2030-04-31', '2030-13-01', '2030-6-15', '06/15/2030', '']) {
      expect(isIsoDate(value), value).toBe(false);
    }
  });
});

describe('localIsoDate', () => {
  it('gives the local calendar day, also late at night when UTC is already tomorrow', () => {
    expect(localIsoDate(0, new Date(2030, 5, 15, 23, 59))).toBe('2030-06-15');
    expect(localIsoDate(0, new Date(2030, 5, 15, 0, 0))).toBe('2030-06-15');
  });

  it('shifts across month and year ends', () => {
    expect(localIsoDate(1, new Date(2030, 11, 31, 12))).toBe('2031-01-01');
    expect(localIsoDate(-1, new Date(2030, 2, 1, 12))).toBe('2030-02-28');
  });
});
