import * as z from 'zod/mini';
import { applicationFormContent } from '../content/application-form';
import {
  availabilityValues,
  experienceValues,
  languageValues,
  positionValues,
  shiftValues,
  skillValues,
  yearsExperienceValues,
} from '../content/options';
import {
  choiceList,
  emailAddress,
  honeypot,
  proofOfWork,
  limits,
  optionalChoice,
  optionalText,
  pastDate,
  phoneNumber,
  requiredChoice,
  requiredText,
  unknownFieldError,
} from './rules';
import { NOTHING_PUBLISHED } from '../content/published';

// The code's messages: see rules.ts.
const { applicationMessages: messages } = applicationFormContent(NOTHING_PUBLISHED);

/**
 * The job application (SPEC sections 3 and 5): the form's values, the JSON body the browser sends,
 * and the builder between them. The server validates the body with `applicationSubmissionSchema`.
 */

const EARLIEST_BIRTH_DATE = '1900-01-01';

const dateOfBirthMessages = {
  required: messages.dateOfBirth,
  invalid: messages.dateOfBirthInvalid,
  outOfRange: messages.dateOfBirthFuture,
};

function applicationFields(dateSlackDays: number) {
  return {
    fullName: requiredText(messages.fullName, limits.name, 2),
    phone: phoneNumber(messages.phone),
    email: emailAddress(messages.email),
    address: requiredText(messages.address, limits.address, 10),
    dateOfBirth: pastDate(dateOfBirthMessages, EARLIEST_BIRTH_DATE, dateSlackDays),
    positionInterest: choiceList(positionValues, messages.positionInterest),
    hasExperience: requiredChoice(experienceValues, messages.hasExperience),
    availability: choiceList(availabilityValues, messages.availability),
    shiftPreference: requiredChoice(shiftValues, messages.shiftPreference),
    skills: choiceList(skillValues),
    certifications: optionalText(limits.shortText),
    languages: choiceList(languageValues, messages.languages),
    otherCompanies: optionalText(limits.shortText),
    references: optionalText(limits.longText),
    additionalInfo: optionalText(limits.longText),
  };
}

const experienceFields = {
  yearsExperience: optionalChoice(yearsExperienceValues),
  previousExperience: optionalText(limits.longText),
};

export const applicationFormSchema = z.object({
  ...applicationFields(0),
  ...experienceFields,
});

/** What the fields hold ('' for a choice not made yet). */
export type ApplicationFormInput = z.input<typeof applicationFormSchema>;
/** The values once validated (text trimmed, choices narrowed). */
export type ApplicationFormValues = z.output<typeof applicationFormSchema>;

export const applicationFormFields = [
  'fullName',
  'phone',
  'email',
  'address',
  'dateOfBirth',
  'positionInterest',
  'hasExperience',
  'yearsExperience',
  'previousExperience',
  'availability',
  'shiftPreference',
  'skills',
  'certifications',
  'languages',
  'otherCompanies',
  'references',
  'additionalInfo',
] as const satisfies readonly (keyof ApplicationFormInput)[];

export const emptyApplicationForm: ApplicationFormInput = {
  fullName: '',
  phone: '',
  email: '',
  address: '',
  dateOfBirth: '',
  positionInterest: [],
  hasExperience: '',
  yearsExperience: '',
  previousExperience: '',
  availability: [],
  shiftPreference: '',
  skills: [],
  certifications: '',
  languages: [],
  otherCompanies: '',
  references: '',
  additionalInfo: '',
};

/**
 * The exact JSON body: lists as arrays of strings, the experience details only when hasExperience
 * is 'yes', optional text as '' when empty, plus `_gotcha` when the spam trap was filled and
 * `altcha` when the proof of work was solved.
 */
export const applicationSubmissionSchema = z
  .strictObject(
    {
      // A day of slack: the server's date may be behind the visitor's.
      ...applicationFields(1),
      yearsExperience: z.optional(experienceFields.yearsExperience),
      previousExperience: z.optional(experienceFields.previousExperience),
      _gotcha: honeypot,
      altcha: proofOfWork,
    },
    { error: unknownFieldError },
  )
  .check(
    z.refine(
      (body) =>
        body.hasExperience === 'yes' ||
        (body.yearsExperience === undefined && body.previousExperience === undefined),
      { error: messages.experienceWithoutYes, path: ['hasExperience'] },
    ),
  );

export type ApplicationSubmission = z.output<typeof applicationSubmissionSchema>;

export function toApplicationSubmission(
  values: ApplicationFormValues,
  honeypotValue = '',
): ApplicationSubmission {
  return {
    fullName: values.fullName,
    phone: values.phone,
    email: values.email,
    address: values.address,
    dateOfBirth: values.dateOfBirth,
    positionInterest: values.positionInterest,
    hasExperience: values.hasExperience,
    ...(values.hasExperience === 'yes'
      ? {
          yearsExperience: values.yearsExperience,
          previousExperience: values.previousExperience,
        }
      : {}),
    availability: values.availability,
    shiftPreference: values.shiftPreference,
    skills: values.skills,
    certifications: values.certifications,
    languages: values.languages,
    otherCompanies: values.otherCompanies,
    references: values.references,
    additionalInfo: values.additionalInfo,
    ...(honeypotValue ? { _gotcha: honeypotValue } : {}),
  };
}
