import { safeParse } from 'zod/mini';
import type { $ZodIssue, $ZodType } from 'zod/v4/core';
import { applicationSubmissionSchema } from '../../src/forms/application.ts';
import { quoteSubmissionSchema } from '../../src/forms/quote.ts';
import { RESUME_FIELD } from '../../src/forms/resume.ts';

/** A form the receiver accepts at `POST /api/forms/<name>`, validated by the browser's own schema. */
export interface FormDefinition {
  name: string;
  /** 'Quote request': the notification's subject and first line. */
  title: string;
  schema: $ZodType;
  /** Labels for the notification e-mail; other fields get their key in words. */
  labels: Record<string, string>;
  /** Who sent it: the Reply-To of the notification and the CLI's summary. */
  contact(fields: Record<string, unknown>): { name?: string; email?: string };
  /** What a row of the owner's inbox shows: who, how to reach them, the key facts. */
  summaryFields: readonly string[];
  /** Fields that are lists (a multipart body repeats their name, once per item). */
  listFields?: readonly string[];
  /** Fields that may carry a file (multipart only). */
  fileFields?: readonly string[];
}

export const HONEYPOT = '_gotcha';

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

export const forms: readonly FormDefinition[] = [
  {
    name: 'quote',
    title: 'Quote request',
    schema: quoteSubmissionSchema,
    labels: {
      clientName: 'Name',
      phone: 'Phone',
      email: 'E-mail',
      eventDate: 'Event date',
      guestCount: 'Guests',
      address: 'Event address',
      services: 'Services',
      additionalInfo: 'Additional information',
    },
    contact: (fields) => ({ name: text(fields.clientName), email: text(fields.email) }),
    summaryFields: ['clientName', 'email', 'phone', 'eventDate', 'guestCount'],
  },
  {
    name: 'application',
    title: 'Job application',
    schema: applicationSubmissionSchema,
    labels: {
      fullName: 'Name',
      phone: 'Phone',
      email: 'E-mail',
      address: 'Address',
      dateOfBirth: 'Date of birth',
      positionInterest: 'Positions',
      hasExperience: 'Has experience',
      yearsExperience: 'Years of experience',
      previousExperience: 'Previous experience',
      availability: 'Availability',
      shiftPreference: 'Shift preference',
      skills: 'Skills',
      certifications: 'Certifications',
      languages: 'Languages',
      otherCompanies: 'Other companies',
      references: 'References',
      additionalInfo: 'Additional information',
    },
    contact: (fields) => ({ name: text(fields.fullName), email: text(fields.email) }),
    summaryFields: ['fullName', 'email', 'phone', 'positionInterest', 'languages', 'availability'],
    listFields: ['positionInterest', 'availability', 'skills', 'languages'],
    fileFields: [RESUME_FIELD],
  },
];

export interface FieldError {
  field: string;
  message: string;
}

export type Validation =
  { ok: true; fields: Record<string, unknown> } | { ok: false; errors: FieldError[] };

const MAX_REPORTED_ERRORS = 50;

/** One entry per schema issue, with the schema's own message ('' for the body as a whole). */
function toFieldErrors(issues: readonly $ZodIssue[]): FieldError[] {
  return issues.slice(0, MAX_REPORTED_ERRORS).map((issue) => ({
    field: issue.path.map(String).join('.').slice(0, 100),
    message: issue.message.length > 300 ? `${issue.message.slice(0, 299)}…` : issue.message,
  }));
}

/** True when a bot filled the hidden field: the post is answered as usual and not kept. */
export function isSpam(body: unknown): boolean {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return false;
  const trap = (body as Record<string, unknown>)[HONEYPOT];
  return trap !== undefined && trap !== null && trap !== '';
}

/** The body as the shared schema accepts it (trimmed etc.), without the spam trap. */
export function validate(form: FormDefinition, body: unknown): Validation {
  const result = safeParse(form.schema, body);
  if (!result.success) return { ok: false, errors: toFieldErrors(result.error.issues) };
  const entries = Object.entries(result.data as Record<string, unknown>);
  return { ok: true, fields: Object.fromEntries(entries.filter(([key]) => key !== HONEYPOT)) };
}
