import { afterEach, beforeEach, vi } from 'vitest';
import { formsContent } from '../content/forms';
import { quoteFormContent } from '../content/quote-form';
import {
  emptyQuoteForm,
  quoteFormSchema,
  quoteSubmissionSchema,
  toQuoteSubmission,
  type QuoteFormInput,
} from './quote';
import { NOTHING_PUBLISHED } from '../content/published';

const { formText } = formsContent(NOTHING_PUBLISHED);
const { quoteMessages } = quoteFormContent(NOTHING_PUBLISHED);

const valid: QuoteFormInput = {
  clientName: 'Jordan Rivera',
  phone: '(202) 555-0134',
  email: 'jordan@example.org',
  eventDate: '2030-07-01',
  guestCount: '120',
  address: '1300 Pennsylvania Ave NW, Washington, DC',
  services: ['Servers & Waitstaff', 'Bartenders & Mixologists'],
  additionalInfo: '',
};

/** The message for `field` when the form holds `value` there, or undefined when it passes. */
function messageFor<K extends keyof QuoteFormInput>(field: K, value: QuoteFormInput[K]) {
  const result = quoteFormSchema.safeParse({ ...valid, [field]: value });
  return result.error?.issues.find((issue) => issue.path[0] === field)?.message;
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(2030, 5, 15, 23, 30)); // 15 June 2030, 11:30 PM local time
});
afterEach(() => vi.useRealTimers());

describe('quote form schema', () => {
  it('accepts a complete request', () => {
    expect(quoteFormSchema.safeParse(valid).success).toBe(true);
  });

  it('shows the seven messages of the specification for an empty form, in page order', () => {
    const issues = quoteFormSchema.safeParse(emptyQuoteForm).error?.issues ?? [];
    expect(issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['clientName', 'Full name is required'],
      ['phone', 'A valid phone number is required'],
      ['email', 'A valid email is required'],
      ['eventDate', 'Event date is required'],
      ['guestCount', 'Number of guests is required'],
      ['address', 'Event address is required'],
      ['services', 'Please select at least one service'],
    ]);
  });

  it('needs a name of at least 2 characters, spaces aside', () => {
    expect(messageFor('clientName', 'J')).toBe(quoteMessages.clientName);
    expect(messageFor('clientName', ' J ')).toBe(quoteMessages.clientName);
    expect(messageFor('clientName', 'Jo')).toBeUndefined();
    expect(messageFor('clientName', 'J'.repeat(200))).toBeUndefined();
    expect(messageFor('clientName', 'J'.repeat(201))).toBe(formText.tooLong(200));
  });

  it('needs a phone number of 10 to 15 digits', () => {
    expect(messageFor('phone', '202555013')).toBe(quoteMessages.phone);
    expect(messageFor('phone', '(202) 555-013')).toBe(quoteMessages.phone);
    expect(messageFor('phone', '2025550134')).toBeUndefined();
    expect(messageFor('phone', '+1 202.555.0134')).toBeUndefined();
    expect(messageFor('phone', '1234567890123456')).toBe(quoteMessages.phone);
    expect(messageFor('phone', '202-555-CALL')).toBe(quoteMessages.phone);
  });

  it('needs a valid e-mail address', () => {
    expect(messageFor('email', 'jordan')).toBe(quoteMessages.email);
    expect(messageFor('email', 'jordan@example')).toBe(quoteMessages.email);
    expect(messageFor('email', 'jordan@example.org')).toBeUndefined();
    expect(messageFor('email', ' jordan@example.org ')).toBeUndefined();
  });

  it('refuses an event date in the past but accepts today', () => {
    expect(messageFor('eventDate', '')).toBe(quoteMessages.eventDate);
    expect(messageFor('eventDate', '2030-06-14')).toBe(quoteMessages.eventDatePast);
    expect(messageFor('eventDate', '2030-06-15')).toBeUndefined();
    expect(messageFor('eventDate', '2030-02-30')).toBe(quoteMessages.eventDateInvalid);
    expect(messageFor('eventDate', '07/01/2030')).toBe(quoteMessages.eventDateInvalid);
  });

  it('needs a whole number of guests from 1 to 100,000', () => {
    expect(messageFor('guestCount', '')).toBe(quoteMessages.guestCount);
    expect(messageFor('guestCount', '0')).toBe(quoteMessages.guestCountInvalid);
    expect(messageFor('guestCount', '1')).toBeUndefined();
    expect(messageFor('guestCount', '100000')).toBeUndefined();
    expect(messageFor('guestCount', '100001')).toBe(quoteMessages.guestCountInvalid);
    expect(messageFor('guestCount', '12.5')).toBe(quoteMessages.guestCountInvalid);
    expect(messageFor('guestCount', '-4')).toBe(quoteMessages.guestCountInvalid);
  });

  it('needs an event address', () => {
    expect(messageFor('address', '   ')).toBe(quoteMessages.address);
    expect(messageFor('address', 'DC')).toBeUndefined();
  });

  it('needs at least one of the listed services', () => {
    expect(messageFor('services', [])).toBe(quoteMessages.services);
    expect(messageFor('services', ['Other (Please specify below)'])).toBeUndefined();
    expect(messageFor('services', ['Jugglers'])).toBe(formText.invalidOption);
  });

  it('takes additional information up to 5,000 characters, or none', () => {
    expect(messageFor('additionalInfo', '')).toBeUndefined();
    expect(messageFor('additionalInfo', 'x'.repeat(5000))).toBeUndefined();
    expect(messageFor('additionalInfo', 'x'.repeat(5001))).toBe(formText.tooLong(5000));
  });
});

describe('toQuoteSubmission', () => {
  const values = quoteFormSchema.parse({ ...valid, clientName: '  Jordan Rivera ' });

  it('builds the eight string fields, services joined with ", "', () => {
    expect(toQuoteSubmission(values)).toStrictEqual({
      clientName: 'Jordan Rivera',
      phone: '(202) 555-0134',
      email: 'jordan@example.org',
      eventDate: '2030-07-01',
      guestCount: '120',
      address: '1300 Pennsylvania Ave NW, Washington, DC',
      services: 'Servers & Waitstaff, Bartenders & Mixologists',
      additionalInfo: '',
    });
  });

  it('sends the guest count as a plain string of digits', () => {
    const body = toQuoteSubmission(quoteFormSchema.parse({ ...valid, guestCount: '0075' }));
    expect(body.guestCount).toBe('75');
  });

  it('adds _gotcha only when the spam trap was filled', () => {
    expect(toQuoteSubmission(values, '')).not.toHaveProperty('_gotcha');
    expect(toQuoteSubmission(values, 'bot')).toMatchObject({ _gotcha: 'bot' });
  });

  it('builds a body that the submission schema accepts', () => {
    expect(quoteSubmissionSchema.safeParse(toQuoteSubmission(values, 'bot')).success).toBe(true);
  });
});

describe('quote submission schema (the server side)', () => {
  const body = toQuoteSubmission(quoteFormSchema.parse(valid));

  function messagesOf(input: unknown) {
    return quoteSubmissionSchema.safeParse(input).error?.issues.map((issue) => issue.message);
  }

  it('refuses unknown fields', () => {
    expect(messagesOf({ ...body, admin: true })).toEqual([formText.unknownFields(['admin'])]);
  });

  it('answers with the form messages for missing fields', () => {
    expect(messagesOf({ ...body, clientName: undefined, services: undefined })).toEqual([
      quoteMessages.clientName,
      quoteMessages.services,
    ]);
  });

  it('needs guestCount as a string and services as known names joined with ", "', () => {
    expect(messagesOf({ ...body, guestCount: 120 })).toEqual([quoteMessages.guestCount]);
    expect(messagesOf({ ...body, services: 'Servers & Waitstaff,Jugglers' })).toEqual([
      formText.invalidOption,
    ]);
    expect(messagesOf({ ...body, services: '' })).toEqual([quoteMessages.services]);
  });

  it("allows a day of slack for the server's time zone, not two", () => {
    expect(messagesOf({ ...body, eventDate: '2030-06-14' })).toBeUndefined();
    expect(messagesOf({ ...body, eventDate: '2030-06-13' })).toEqual([quoteMessages.eventDatePast]);
  });

  it('refuses oversized fields and a body that is not an object', () => {
    expect(messagesOf({ ...body, additionalInfo: 'x'.repeat(5001) })).toEqual([
      formText.tooLong(5000),
    ]);
    expect(messagesOf([])).toEqual([formText.notAnObject]);
  });
});
