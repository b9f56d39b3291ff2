import { forms } from './forms.ts';
import { fieldsAsText, humanize, notificationMail, oneLine, plainText } from './mail-text.ts';
import type { StoredSubmission } from './store.ts';
import { applicationBody, storedSubmission } from './testing.ts';

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
    const mail = notificationMail(application, stored(applicationBody(1)));
    expect(mail.subject).toBe('Job application from Camila Torres 1');
    expect(mail.replyTo).toEqual({
      name: 'Camila Torres 1',
      address: 'camila.torres+1@example.com',
    });
    expect(mail.text).toContain('Received 2030-05-01 12:34 UTC, reference sub-1');
    expect(mail.text).toMatch(/^Positions {2,}Bartender, Mixologist$/m);
  });

  it('cannot be tricked into extra headers or terminal codes', () => {
    const mail = notificationMail(
      application,
      stored({ fullName: 'Eve\r\nBcc: victim@example.com\u001b[2J', email: 'eve@example.com' }),
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
