import { afterEach, beforeEach, vi } from 'vitest';
import { applicationFormContent } from '../content/application-form';
import { formsContent } from '../content/forms';
import {
  applicationFormSchema,
  applicationSubmissionSchema,
  emptyApplicationForm,
  toApplicationSubmission,
  type ApplicationFormInput,
} from './application';
import { NOTHING_PUBLISHED } from '../content/published';

const { applicationMessages } = applicationFormContent(NOTHING_PUBLISHED);
const { formText } = formsContent(NOTHING_PUBLISHED);

const valid: ApplicationFormInput = {
  fullName: 'Ana Torres',
  phone: '(571) 555-0199',
  email: 'ana@example.org',
  address: '2100 Clarendon Blvd, Arlington, VA',
  dateOfBirth: '1990-05-01',
  positionInterest: ['Bartender'],
  hasExperience: 'yes',
  yearsExperience: '3-5',
  previousExperience: 'Banquet server',
  availability: ['Friday'],
  shiftPreference: 'tarde',
  skills: [],
  certifications: '',
  languages: ['English'],
  otherCompanies: '',
  references: '',
  additionalInfo: '',
};

function messageFor<K extends keyof ApplicationFormInput>(
  field: K,
  value: ApplicationFormInput[K],
) {
  const result = applicationFormSchema.safeParse({ ...valid, [field]: value });
  return result.error?.issues.find((issue) => issue.path[0] === field)?.message;
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(2030, 5, 15, 0, 15)); // 15 June 2030, just after midnight local time
});
afterEach(() => vi.useRealTimers());

describe('application form schema', () => {
  it('accepts a complete application', () => {
    expect(applicationFormSchema.safeParse(valid).success).toBe(true);
  });

  it('shows the ten messages of the specification for an empty form, in page order', () => {
    const issues = applicationFormSchema.safeParse(emptyApplicationForm).error?.issues ?? [];
    expect(issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['fullName', 'Full name must be at least 2 characters'],
      ['phone', 'Valid phone number required'],
      ['email', 'Valid email required'],
      ['address', 'Complete address required'],
      ['dateOfBirth', 'Date of birth required'],
      ['positionInterest', 'Select at least one position of interest'],
      ['hasExperience', 'This field is required'],
      ['availability', 'Select at least one day of availability'],
      ['shiftPreference', 'Shift preference required'],
      ['languages', 'Select at least one language'],
    ]);
  });

  it('needs a full name of at least 2 characters', () => {
    expect(messageFor('fullName', 'A')).toBe(applicationMessages.fullName);
    expect(messageFor('fullName', 'Al')).toBeUndefined();
  });

  it('needs a phone number of at least 10 digits', () => {
    expect(messageFor('phone', '571555019')).toBe(applicationMessages.phone);
    expect(messageFor('phone', '5715550199')).toBeUndefined();
  });

  it('needs a valid e-mail', () => {
    expect(messageFor('email', 'ana@')).toBe(applicationMessages.email);
    expect(messageFor('email', 'ana@example.org')).toBeUndefined();
  });

  it('needs a complete address of at least 10 characters', () => {
    expect(messageFor('address', '1 Main St')).toBe(applicationMessages.address);
    expect(messageFor('address', '1 Main St.')).toBeUndefined();
    expect(messageFor('address', '  1 Main St  ')).toBe(applicationMessages.address);
  });

  it('needs a real date of birth, not in the future', () => {
    expect(messageFor('dateOfBirth', '')).toBe(applicationMessages.dateOfBirth);
    expect(messageFor('dateOfBirth', '1990-13-01')).toBe(applicationMessages.dateOfBirthInvalid);
    expect(messageFor('dateOfBirth', '1899-12-31')).toBe(applicationMessages.dateOfBirthInvalid);
    expect(messageFor('dateOfBirth', '2030-06-16')).toBe(applicationMessages.dateOfBirthFuture);
    expect(messageFor('dateOfBirth', '2030-06-15')).toBeUndefined();
  });

  it('needs at least one listed position, day and language', () => {
    expect(messageFor('positionInterest', [])).toBe(applicationMessages.positionInterest);
    expect(messageFor('positionInterest', ['Astronaut'])).toBe(formText.invalidOption);
    expect(messageFor('availability', [])).toBe(applicationMessages.availability);
    expect(messageFor('availability', ['Sunday'])).toBeUndefined();
    expect(messageFor('languages', [])).toBe(applicationMessages.languages);
    expect(messageFor('languages', ['Other'])).toBeUndefined();
  });

  it('needs yes or no for experience', () => {
    expect(messageFor('hasExperience', '')).toBe(applicationMessages.hasExperience);
    expect(messageFor('hasExperience', 'maybe')).toBe(applicationMessages.hasExperience);
    expect(messageFor('hasExperience', 'no')).toBeUndefined();
  });

  it('needs one of the five shifts', () => {
    expect(messageFor('shiftPreference', '')).toBe(applicationMessages.shiftPreference);
    expect(messageFor('shiftPreference', 'morning')).toBe(applicationMessages.shiftPreference);
    for (const shift of ['mañana', 'tarde', 'noche', 'flexible', 'fines-semana']) {
      expect(messageFor('shiftPreference', shift)).toBeUndefined();
    }
  });

  it('leaves the other fields optional, within limits', () => {
    expect(messageFor('yearsExperience', '')).toBeUndefined();
    expect(messageFor('yearsExperience', 'menos-1')).toBeUndefined();
    expect(messageFor('yearsExperience', '10+')).toBeUndefined();
    expect(messageFor('yearsExperience', '20+')).toBe(formText.invalidOption);
    expect(messageFor('skills', ['Leadership', 'Stress management'])).toBeUndefined();
    expect(messageFor('skills', ['Leadership', 'Leadership'])).toBe(formText.invalidOption);
    expect(messageFor('certifications', 'x'.repeat(1001))).toBe(formText.tooLong(1000));
    expect(messageFor('references', 'x'.repeat(5000))).toBeUndefined();
  });
});

describe('toApplicationSubmission', () => {
  it('sends lists as arrays and the experience details when hasExperience is yes', () => {
    const body = toApplicationSubmission(applicationFormSchema.parse(valid));
    expect(body).toStrictEqual({ ...valid });
    expect(applicationSubmissionSchema.safeParse(body).success).toBe(true);
  });

  it('drops the experience details when hasExperience is no', () => {
    const body = toApplicationSubmission(
      applicationFormSchema.parse({ ...valid, hasExperience: 'no' }),
    );
    expect(body).not.toHaveProperty('yearsExperience');
    expect(body).not.toHaveProperty('previousExperience');
    expect(body.hasExperience).toBe('no');
    expect(applicationSubmissionSchema.safeParse(body).success).toBe(true);
  });

  it('adds _gotcha only when the spam trap was filled', () => {
    const values = applicationFormSchema.parse(valid);
    expect(toApplicationSubmission(values)).not.toHaveProperty('_gotcha');
    expect(toApplicationSubmission(values, 'bot')).toMatchObject({ _gotcha: 'bot' });
  });
});

describe('application submission schema (the server side)', () => {
  const body = toApplicationSubmission(applicationFormSchema.parse(valid));

  function messagesOf(input: unknown) {
    return applicationSubmissionSchema.safeParse(input).error?.issues.map((issue) => issue.message);
  }

  it('refuses unknown fields and experience details sent with no', () => {
    expect(messagesOf({ ...body, salary: '1M' })).toEqual([formText.unknownFields(['salary'])]);
    expect(messagesOf({ ...body, hasExperience: 'no' })).toEqual([
      applicationMessages.experienceWithoutYes,
    ]);
  });

  it('answers with the form messages for missing fields', () => {
    expect(messagesOf({ ...body, fullName: undefined, languages: undefined })).toEqual([
      applicationMessages.fullName,
      applicationMessages.languages,
    ]);
  });

  it('needs lists as arrays of strings', () => {
    expect(messagesOf({ ...body, availability: 'Friday' })).toEqual([
      applicationMessages.availability,
    ]);
    expect(messagesOf({ ...body, skills: [1] })).toEqual([formText.invalidOption]);
  });

  it("allows a day of slack for the server's time zone on the date of birth", () => {
    expect(messagesOf({ ...body, dateOfBirth: '2030-06-16' })).toBeUndefined();
    expect(messagesOf({ ...body, dateOfBirth: '2030-06-17' })).toEqual([
      applicationMessages.dateOfBirthFuture,
    ]);
  });
});
