import { safeParse } from 'zod/mini';
import { REPLY_PLACEHOLDERS, replyTemplateSchema } from '../../src/admin/contract.ts';
import { parsePhone } from '../../src/content/site-fields.ts';
import { NOTHING_PUBLISHED, type PublishedVersion } from '../../src/content/published.ts';
import { defaultReplyTemplates } from '../../src/content/reply-templates.ts';
import { forms } from '../intake/forms.ts';
import { applicationBody, quoteBody } from '../testing/fixtures.ts';
import { fillForSubmission, fillTemplate, replyValues, type ReplySource } from './fill.ts';

const quoteForm = forms.find((form) => form.name === 'quote');
const applicationForm = forms.find((form) => form.name === 'application');

/** A version the owner published: a new name and new phones (no 555-01xx: the publish refuses them). */
const PUBLISHED: PublishedVersion = {
  version: 3,
  facts: {
    'business/name': 'Capital Shift Events',
    'business/phones.direct': parsePhone('202-555-2368'),
    'business/phones.office': parsePhone('301-555-7719'),
  },
  en: {},
  es: {},
};

function quote(overrides: Partial<ReturnType<typeof quoteBody>> = {}): ReplySource {
  return {
    submission: {
      form: 'quote',
      fields: {
        ...quoteBody(1, { clientName: 'Jordan Rivera', eventDate: '2026-12-26' }),
        ...overrides,
      },
    },
    form: quoteForm,
    language: 'en',
    published: PUBLISHED,
    displayName: 'Daniela',
  };
}

function application(language: 'en' | 'es'): ReplySource {
  return {
    submission: {
      form: 'application',
      fields: { ...applicationBody(1, { fullName: 'Camila Torres' }) },
    },
    form: applicationForm,
    language,
    published: PUBLISHED,
    displayName: null,
  };
}

describe('a reply template filled for one submission', () => {
  it("an English quote: the visitor's name, the date in words, the guests, the live phone and name", () => {
    expect(replyValues(quote())).toEqual({
      name: 'Jordan Rivera',
      eventDate: 'Saturday, December 26, 2026',
      guests: '120',
      position: '',
      phone: '(202) 555-2368',
      owner: 'Daniela',
      business: 'Capital Shift Events',
    });
    expect(
      fillTemplate(
        'Hello {name}, see you on {eventDate} ({guests} guests). {owner}, {business}',
        replyValues(quote()),
      ),
    ).toBe(
      'Hello Jordan Rivera, see you on Saturday, December 26, 2026 (120 guests). Daniela, Capital Shift Events',
    );
  });

  it('a Spanish application: the date and the positions in Spanish, the office line, the business signs', () => {
    const values = replyValues(application('es'));
    expect(values).toMatchObject({
      name: 'Camila Torres',
      position: 'bartender o mixólogo',
      phone: '(301) 555-7719',
      owner: 'Capital Shift Events',
    });
    expect(replyValues({ ...quote(), language: 'es' }).eventDate).toBe(
      'sábado, 26 de diciembre de 2026',
    );
    expect(replyValues(application('en')).position).toBe('Bartender or Mixologist');
    const interview = defaultReplyTemplates.find(
      (template) => template.key === 'application-interview',
    );
    const filled = fillForSubmission(interview?.bodyEs ?? '', application('es'));
    expect(filled).toMatch(/^Hola, Camila Torres:$/m);
    expect(filled).toContain('trabajar con Capital Shift Events como bartender o mixólogo.');
    expect(filled).toContain('llámenos al (301) 555-7719');
    expect(filled).not.toMatch(/[{}]/);
  });

  it("with nothing published: the code's phone and name", () => {
    const values = replyValues({ ...quote(), published: NOTHING_PUBLISHED });
    expect(values.phone).toBe('(703) 555-0142');
    expect(values.business).toBe('Potomac Staffing');
  });

  it('a submission without a date or guests (as an old one may be): empty, a number as its digits', () => {
    const values = replyValues(quote({ eventDate: '', guestCount: undefined }));
    expect(values).toMatchObject({ eventDate: '', guests: '' });
    const counted = { ...quote(), submission: { form: 'quote', fields: { guestCount: 80 } } };
    expect(replyValues(counted).guests).toBe('80');
  });

  it('a value the submission lacks leaves no stray spaces or punctuation', () => {
    const values = { ...replyValues(quote()), name: '', guests: '' };
    expect(
      fillTemplate('Hello {name},\nHola, {name}:\n¡Hola {name}!\nFor {guests} guests.', values),
    ).toBe('Hello,\nHola:\n¡Hola!\nFor guests.');
    // Lines without an emptied placeholder keep the owner's spacing.
    expect(fillTemplate('  - item  two ,', values)).toBe('  - item  two ,');
    expect(fillTemplate('  - {name} first', values)).toBe('  - first');
  });

  it('an unknown {word} stays as typed; a value with braces is not read again', () => {
    const values = { ...replyValues(quote()), name: '{phone}' };
    expect(fillTemplate('{Name} {total} {name} {phone}', values)).toBe(
      '{Name} {total} {phone} (202) 555-2368',
    );
  });

  it("the visitor's name on one line: no control character reaches the text", () => {
    const source = quote({ clientName: 'Jordan\r\nBcc: x@example.com' });
    expect(replyValues(source).name).toBe('Jordan Bcc: x@example.com');
  });
});

describe('the default templates (src/content/reply-templates.ts)', () => {
  it('are valid templates with stable unique keys, English and Spanish, naming only known placeholders', () => {
    expect(new Set(defaultReplyTemplates.map((template) => template.key)).size).toBe(
      defaultReplyTemplates.length,
    );
    expect(
      defaultReplyTemplates.filter((template) => template.form === 'quote').length,
    ).toBeGreaterThanOrEqual(3);
    expect(
      defaultReplyTemplates.filter((template) => template.form === 'application').length,
    ).toBeGreaterThanOrEqual(2);
    for (const { key, ...body } of defaultReplyTemplates) {
      expect(safeParse(replyTemplateSchema, body).success, key).toBe(true);
      expect(body.bodyEs, key).not.toBe('');
      const named = [...`${body.bodyEn}\n${body.bodyEs}`.matchAll(/\{(\w+)\}/g)].map(
        (match) => match[1],
      );
      expect(REPLY_PLACEHOLDERS, key).toEqual(expect.arrayContaining(named));
      // No business fact in the text: the phone and the name come from the live version.
      expect(`${body.bodyEn}${body.bodyEs}`, key).not.toMatch(/\d{3}.?\d{4}|Potomac|@/);
    }
  });

  it('fill completely for a quote and an application in both languages', () => {
    for (const template of defaultReplyTemplates) {
      const source = template.form === 'quote' ? quote() : application('en');
      for (const language of ['en', 'es'] as const) {
        const body = language === 'en' ? template.bodyEn : template.bodyEs;
        const filled = fillForSubmission(body, { ...source, language });
        expect(filled, `${template.key} ${language}`).not.toMatch(/[{}]|\s[,.:;]| {2}/);
      }
    }
  });
});
