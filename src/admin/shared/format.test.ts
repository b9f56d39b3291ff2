import '../../test/new-york-time';
import { adminText } from '../../content/admin';
import {
  contactLinks,
  dayStart,
  formatDay,
  formatDeadline,
  formatPhone,
  phoneDigits,
  telLink,
} from './format';

const HOUR = 60 * 60 * 1000;

describe('phoneDigits', () => {
  it('gives a US number of ten digits the country code 1', () => {
    expect(phoneDigits('(202) 555-0143')).toBe('12025550143');
    expect(phoneDigits('202.555.0143')).toBe('12025550143');
  });

  it('keeps an international number as it was typed', () => {
    expect(phoneDigits('+44 20 7946 0958')).toBe('442079460958');
    expect(phoneDigits('+1 (202) 555-0143')).toBe('12025550143');
  });

  it('refuses what cannot be a phone number', () => {
    expect(phoneDigits('555-0143')).toBeUndefined();
    expect(phoneDigits('')).toBeUndefined();
    expect(phoneDigits('call me')).toBeUndefined();
    expect(phoneDigits('1234567890123456')).toBeUndefined();
  });
});

describe('contactLinks', () => {
  const subject = adminText.submission.replySubject('quote');

  it('builds a mail with the subject encoded, a call and a WhatsApp chat', () => {
    const links = contactLinks('jordan@example.org', '(202) 555-0143', subject);
    expect(links).toEqual({
      mail: `mailto:jordan@example.org?subject=${encodeURIComponent(subject)}`,
      tel: 'tel:+12025550143',
      whatsApp: 'https://wa.me/12025550143',
    });
    expect(links.mail).not.toContain(' ');
  });

  it('encodes characters of the address that would end it early', () => {
    expect(contactLinks('a?b&c#d%e@example.org', undefined, 'Hi').mail).toBe(
      'mailto:a%3Fb%26c%23d%25e@example.org?subject=Hi',
    );
  });

  it('gives no link for what is missing or unusable', () => {
    expect(contactLinks(undefined, 'not a phone', subject)).toEqual({
      mail: undefined,
      tel: undefined,
      whatsApp: undefined,
    });
    expect(contactLinks(undefined, '+44 20 7946 0958', subject).tel).toBe('tel:+442079460958');
  });
});

describe('dayStart', () => {
  it('is the local midnight the day starts at', () => {
    const start = dayStart('2026-03-08');
    expect(start).toBe(new Date(2026, 2, 8).getTime());
    // Midnight in New York (UTC-5 that morning), not in UTC.
    expect(start).toBe(Date.UTC(2026, 2, 8, 5));
  });

  it('with after, is the next local midnight, however long the day', () => {
    const start = dayStart('2026-03-08') ?? Number.NaN;
    const end = dayStart('2026-03-08', true);
    expect(end).toBe(new Date(2026, 2, 9).getTime());
    expect(end).toBe(Date.UTC(2026, 2, 9, 4));
    expect(end).toBe(start + 23 * HOUR);
    expect(dayStart('2026-12-31', true)).toBe(new Date(2027, 0, 1).getTime());
  });

  it('is undefined for anything but a day', () => {
    expect(dayStart('')).toBeUndefined();
    expect(dayStart('2026-3-8', true)).toBeUndefined();
    expect(dayStart('yesterday')).toBeUndefined();
  });
});

describe('formatDay', () => {
  it('writes a day as a US English date, without a time zone shift', () => {
    expect(formatDay('2026-12-12')).toBe('Dec 12, 2026');
    expect(formatDay('2026-01-01')).toBe('Jan 1, 2026');
  });

  it('leaves what is not a day as it is', () => {
    expect(formatDay('soon')).toBe('soon');
  });
});

describe('formatPhone and telLink', () => {
  it('writes US numbers as (703) 555-0123 and links them in E.164', () => {
    for (const typed of ['7035550123', '703-555-0123', '+1 703 555 0123', ' 703.555.0123 ']) {
      expect(formatPhone(typed)).toBe('(703) 555-0123');
      expect(telLink(typed)).toBe('tel:+17035550123');
    }
  });

  it('leaves other countries as typed, and no link for what cannot be a number', () => {
    expect(formatPhone('+44 20 7946 0958')).toBe('+44 20 7946 0958');
    expect(telLink('+44 20 7946 0958')).toBe('tel:+442079460958');
    expect(formatPhone('call me')).toBe('call me');
    expect(telLink('call me')).toBeUndefined();
  });
});

describe('formatDeadline', () => {
  it("writes a deadline on the office's clock, with its zone", () => {
    expect(formatDeadline(Date.parse('2026-11-30T12:00:00-05:00'))).toBe(
      'Mon, Nov 30, 12:00 PM EST',
    );
    expect(formatDeadline(Date.parse('2026-07-06T13:00:00-04:00'))).toBe('Mon, Jul 6, 1:00 PM EDT');
  });
});
