import { forms } from '../intake/forms.ts';
import {
  acknowledgementMail,
  fieldsAsText,
  humanize,
  notificationMail,
  oneLine,
  plainText,
} from './mail-text.ts';
import type { StoredSubmission } from '../store/store.ts';
import { applicationBody, quoteBody, storedSubmission } from '../testing/fixtures.ts';
import { NOTHING_PUBLISHED } from '../../src/content/published.ts';

const application = forms.find((form) => form.name === 'application');
if (!application) throw new Error('no application form');

function stored(fields: Record<string, unknown>): StoredSubmission {
  return storedSubmission({
    form: 'application',
    receivedAt: Date.parse('2030-05-01T12:34:56Z'),
    fields,
  });
}

describe('notification text', () => {
  it('lays the fields out as labelled columns, lists joined', () => {
    const text = fieldsAsText(application, {
      fullName: 'Camila Torres',
      languages: ['Spanish', 'English'],
      references: '',
      someNewField: 'x',
    });
    expect(text).toBe(
      [
        'Name            Camila Torres',
        'Languages       Spanish, English',
        'References      -',
        'Some new field  x',
      ].join('\n'),
    );
  });

  it('builds the subject and Reply-To from the visitor', () => {
    const mail = notificationMail(application, stored(applicationBody(1)), NOTHING_PUBLISHED);
    expect(mail.subject).toBe('Job application from Camila Torres 1');
    expect(mail.replyTo).toEqual({
      name: 'Camila Torres 1',
      address: 'camila.torres+1@example.com',
    });
    expect(mail.text).toContain('Received Wednesday, May 1, 2030 at 8:34 AM EDT, reference sub-1');
    expect(mail.text).toMatch(/^Positions {2,}Bartender, Mixologist$/m);
  });

  it('cannot be tricked into extra headers or terminal codes', () => {
    const mail = notificationMail(
      application,
      stored({ fullName: 'Eve\r\nBcc: victim@example.com\u001b[2J', email: 'eve@example.com' }),
      NOTHING_PUBLISHED,
    );
    expect(mail.subject).toBe('Job application from Eve Bcc: victim@example.com[2J');
    expect(mail.replyTo?.name).toBe('Eve Bcc: victim@example.com[2J');
    expect(mail.text).not.toContain('\u001b');
  });

  it('has helpers that keep text plain', () => {
    expect(plainText('a\r\nb\u0000c\u0007\td')).toBe('a\nbc\td');
    expect(oneLine('  a\n\n b  ')).toBe('a b');
    expect(oneLine('x'.repeat(200), 10)).toBe(`${'x'.repeat(9)}…`);
    expect(humanize('positionInterest')).toBe('Position interest');
  });
});

describe('the staffing desk in the e-mails', () => {
  /** Friday 27 November 2026, 4:00 PM in New York: due Monday 12:00 PM. */
  const fridayAfternoon = Date.parse('2026-11-27T16:00:00-05:00');
  const quote = forms.find((form) => form.name === 'quote');
  if (!quote) throw new Error('no quote form');
  const spam = 'Visit https://spam.example now';
  const quoteFields = quoteBody(1, { clientName: spam, additionalInfo: `${spam} <b>x</b>` });

  /** Every text the visitor typed, none of which an acknowledgement may repeat. */
  function typed(fields: Record<string, unknown>): string[] {
    return Object.values(fields)
      .flat()
      .map(String)
      .filter((value) => value.length > 3 && !/^(yes|no)$/.test(value));
  }

  it("states the respond-by and quote-by times in the owner's notification", () => {
    const mail = notificationMail(
      quote,
      storedSubmission({ form: 'quote', receivedAt: fridayAfternoon, fields: quoteFields }),
      NOTHING_PUBLISHED,
    );
    expect(mail.text).toContain(
      'Respond by Monday, November 30 at 12:00 PM EST (4 business hours)',
    );
    expect(mail.text).toContain('Quote by Saturday, November 28 at 4:00 PM EST (24 hours)');
  });

  it("writes the owner's notification for people: the time on the office's clock, the phone, the date", () => {
    const mail = notificationMail(
      quote,
      storedSubmission({
        form: 'quote',
        receivedAt: Date.parse('2026-11-26T20:03:00Z'),
        fields: { ...quoteFields, phone: '7035550123', eventDate: '2026-12-26' },
      }),
      NOTHING_PUBLISHED,
    );
    expect(mail.text).toContain('Received Thursday, November 26, 2026 at 3:03 PM EST, reference');
    expect(mail.text).not.toContain('UTC');
    expect(mail.text).toMatch(/^Phone {2,}\(703\) 555-0123$/m);
    expect(mail.text).toMatch(/^Event date {2,}Saturday, December 26, 2026$/m);
  });

  it('counts Respond by and Quote by past a published closed day (Thanksgiving)', () => {
    const closed = {
      ...NOTHING_PUBLISHED,
      version: 1,
      facts: { 'business/closedDays': [{ date: '2026-11-26', note: 'Thanksgiving Day' }] },
    };
    const thanksgivingAfternoon = storedSubmission({
      form: 'quote',
      receivedAt: Date.parse('2026-11-26T15:03:00-05:00'),
      fields: quoteFields,
    });
    const mail = notificationMail(quote, thanksgivingAfternoon, closed);
    expect(mail.text).toContain('Respond by Friday, November 27 at 1:00 PM EST (4 business hours)');
    expect(mail.text).toContain('Quote by Saturday, November 28 at 12:00 AM EST (24 hours)');
    expect(acknowledgementMail(thanksgivingAfternoon, closed).text).toContain(
      'We will reply by Friday, November 27 at 1:00 PM Eastern Time',
    );
  });

  it('acknowledges a quote in English with the promise, the phones and WhatsApp', () => {
    const mail = acknowledgementMail(
      storedSubmission({ form: 'quote', receivedAt: fridayAfternoon, fields: quoteFields }),
      NOTHING_PUBLISHED,
    );
    expect(mail.subject).toBe('We received your quote request – Potomac Staffing');
    expect(mail.text).toContain('We will reply by Monday, November 30 at 12:00 PM Eastern Time');
    expect(mail.text).toContain('(703) 555-0142');
    expect(mail.text).toContain('WhatsApp: https://wa.me/17035550187');
    for (const value of typed(quoteFields)) expect(mail.text).not.toContain(value);
    expect(mail.text).not.toMatch(/spam\.example/);
  });

  it('acknowledges in Spanish when the form was sent from the Spanish site', () => {
    const mail = acknowledgementMail(
      storedSubmission({
        form: 'quote',
        receivedAt: fridayAfternoon,
        fields: quoteFields,
        siteLanguage: 'es',
      }),
      NOTHING_PUBLISHED,
    );
    expect(mail.subject).toBe('Recibimos su solicitud de cotización – Potomac Staffing');
    expect(mail.text).toContain('Le responderemos antes del lunes, 30 de noviembre, a las 12:00');
    for (const value of typed(quoteFields)) expect(mail.text).not.toContain(value);
  });

  it('acknowledges an application with the next steps of the confirmation page', () => {
    const fields = applicationBody(1, { previousExperience: spam });
    const english = acknowledgementMail(
      storedSubmission({ form: 'application', fields }),
      NOTHING_PUBLISHED,
    );
    expect(english.subject).toBe('We received your application – Potomac Staffing');
    expect(english.text).toMatch(/^1\. Application review \(3-5 days\): /m);
    expect(english.text).toMatch(/^4\. Orientation and training: /m);
    const spanish = acknowledgementMail(
      storedSubmission({ form: 'application', fields, siteLanguage: 'es' }),
      NOTHING_PUBLISHED,
    );
    expect(spanish.text).toMatch(/^1\. Revisión de la solicitud \(3 a 5 días\): /m);
    for (const value of typed(fields)) {
      expect(english.text).not.toContain(value);
      expect(spanish.text).not.toContain(value);
    }
  });
});
