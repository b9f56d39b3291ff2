import { describe, expect, it } from 'vitest';
import { dateInWords, fieldForOwner, instantInWords } from './mail-format.ts';

describe("the owner's notification's formats", () => {
  it("writes an instant on the business's clock with its zone, in summer and in winter", () => {
    expect(instantInWords(Date.parse('2026-11-26T20:03:00Z'), 'America/New_York')).toBe(
      'Thursday, November 26, 2026 at 3:03 PM EST',
    );
    expect(instantInWords(Date.parse('2026-07-01T13:00:00Z'), 'America/New_York')).toBe(
      'Wednesday, July 1, 2026 at 9:00 AM EDT',
    );
    expect(instantInWords(Date.parse('2026-11-26T20:03:00Z'), 'America/Los_Angeles')).toBe(
      'Thursday, November 26, 2026 at 12:03 PM PST',
    );
  });

  it('writes a calendar date in words, never shifted a day by a time zone', () => {
    expect(dateInWords('2026-12-26')).toBe('Saturday, December 26, 2026');
    expect(dateInWords('2027-01-01')).toBe('Friday, January 1, 2027');
    expect(dateInWords('2026-02-30')).toBe('2026-02-30');
    expect(dateInWords('next week')).toBe('next week');
    // A reply in Spanish (server/replies/fill.ts).
    expect(dateInWords('2026-12-26', 'es-US')).toBe('sábado, 26 de diciembre de 2026');
  });

  it('writes phones as the site does: US as (703) 555-0123, others in international form', () => {
    for (const typed of ['7035550123', '703.555.0123', '+1 703 555 0123', '1-703-555-0123']) {
      expect(fieldForOwner('phone', typed)).toBe('(703) 555-0123');
    }
    expect(fieldForOwner('phone', '+44 20 7946 0958')).toBe('+44 20 7946 0958');
    expect(fieldForOwner('phone', '0044 (20) 7946-0958')).toBe('+44 20 7946 0958');
    expect(fieldForOwner('phone', '011 52 55 1234 5678')).toBe('+52 55 1234 5678');
    expect(fieldForOwner('phone', 'call me')).toBe('call me');
  });

  it('leaves other fields as they were sent', () => {
    expect(fieldForOwner('eventDate', '2026-12-26')).toBe('Saturday, December 26, 2026');
    expect(fieldForOwner('dateOfBirth', '1990-04-02')).toBe('Monday, April 2, 1990');
    expect(fieldForOwner('guestCount', '2026-12-26')).toBe('2026-12-26');
    expect(fieldForOwner('constructor', 'x')).toBe('x');
  });
});
