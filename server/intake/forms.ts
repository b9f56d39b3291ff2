import { safeParse } from 'zod/mini';
import type { $ZodIssue, $ZodType } from 'zod/v4/core';
import { applicationFormContent } from '../../src/content/application-form.ts';
import {
  applicationFormSchema,
  applicationSubmissionSchema,
  emptyApplicationForm,
  toApplicationSubmission,
} from '../../src/forms/application.ts';
import type { PostedForm } from '../../src/forms/posted.ts';
import {
  emptyQuoteForm,
  quoteFormSchema,
  quoteSubmissionSchema,
  toQuoteSubmission,
} from '../../src/forms/quote.ts';
import { resumeProblem, RESUME_FIELD } from '../../src/forms/resume.ts';
import { PROOF_OF_WORK_FIELD } from '../../src/forms/rules.ts';
import { NOTHING_PUBLISHED } from '../../src/content/published.ts';

const { applicationMessages } = applicationFormContent(NOTHING_PUBLISHED);

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
  /** The form as the page holds it, for a post without JavaScript (none: JSON and script only). */
  browser?: BrowserForm;
}

/** The values of an HTML form's inputs: a text, or a checkbox group's ticked values. */
export type FormValues = Record<string, string | string[]>;

/** What the browser's own checks make of a form's values: the body its script sends, or why not. */
export type BrowserCheck = { ok: true; body: object } | { ok: false; errors: FieldError[] };

/** A file field's checks, in the words the page shows under it. */
export interface FileRules {
  /** The browser's check of a chosen file (src/forms/resume.ts). */
  check(file: File): Promise<string | undefined>;
  /** The message when the browser's check passed but the receiver's (by content) did not. */
  refused: string;
}

/** A form as its page holds it (src/forms/): its inputs, its schema, the body its script sends. */
export interface BrowserForm {
  /** Which page it is (src/forms/posted-form.ts). */
  page: PostedForm['form'];
  /** The empty values (emptyQuoteForm): every input's name; a list is a group of checkboxes. */
  emptyValues: Readonly<Record<string, string | readonly string[]>>;
  /** The browser's schema of the values (quoteFormSchema). */
  formSchema: $ZodType;
  /** The values checked by `formSchema`, made into the body as the script does (toQuoteSubmission). */
  toSubmission(values: FormValues, honeypot: string): BrowserCheck;
  files?: Readonly<Record<string, FileRules>>;
}

/** A BrowserForm from the page's own schema and builder, typed together. */
function browserForm<TOutput>(form: {
  page: PostedForm['form'];
  emptyValues: BrowserForm['emptyValues'];
  formSchema: $ZodType<TOutput>;
  build: (values: TOutput, honeypot: string) => object;
  files?: BrowserForm['files'];
}): BrowserForm {
  const { build, ...rest } = form;
  return {
    ...rest,
    toSubmission(values, honeypot) {
      const result = safeParse(form.formSchema, values);
      return result.success
        ? { ok: true, body: build(result.data, honeypot) }
        : { ok: false, errors: toFieldErrors(result.error.issues) };
    },
  };
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
    browser: browserForm({
      page: 'quote',
      emptyValues: emptyQuoteForm,
      formSchema: quoteFormSchema,
      build: toQuoteSubmission,
    }),
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
    browser: browserForm({
      page: 'application',
      emptyValues: emptyApplicationForm,
      formSchema: applicationFormSchema,
      build: toApplicationSubmission,
      files: { [RESUME_FIELD]: { check: resumeProblem, refused: applicationMessages.resumeType } },
    }),
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

/** True when a bot filled the hidden field: the post is answered as usual and kept in Spam. */
export function isSpam(body: unknown): boolean {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return false;
  const trap = (body as Record<string, unknown>)[HONEYPOT];
  return trap !== undefined && trap !== null && trap !== '';
}

/** Fields of the body that are about the post, not the visitor's answers: never stored. */
const NOT_STORED = new Set([HONEYPOT, PROOF_OF_WORK_FIELD]);

/** The body as the shared schema accepts it (trimmed etc.), without the spam trap and the proof. */
export function validate(form: FormDefinition, body: unknown): Validation {
  const result = safeParse(form.schema, body);
  if (!result.success) return { ok: false, errors: toFieldErrors(result.error.issues) };
  const entries = Object.entries(result.data as Record<string, unknown>);
  return { ok: true, fields: Object.fromEntries(entries.filter(([key]) => !NOT_STORED.has(key))) };
}

/** The proof of work's answer as posted (a string when there is one; checked by the guard). */
export function proofOfWorkAnswer(body: unknown): unknown {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return undefined;
  return (body as Record<string, unknown>)[PROOF_OF_WORK_FIELD];
}
