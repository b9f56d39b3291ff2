import * as z from 'zod/mini';
import { formsContent } from '../content/forms';
import { isIsoDate, localIsoDate } from './dates';
import { NOTHING_PUBLISHED } from '../content/published';

// The schemas carry the code's words (in this build's language); a page shows each message as
// the owner published it (published-message.ts), and the server in the page's language.
const { formText } = formsContent(NOTHING_PUBLISHED);

/**
 * The building blocks of both forms' schemas. Every rule carries its field's own message, also for
 * a missing or mistyped value, so that the server answers with the same words as the browser.
 */

/** Upper limits, so that neither the browser nor the server accepts an oversized field. */
export const limits = {
  name: 200,
  phone: 30,
  email: 254,
  address: 500,
  shortText: 1000,
  longText: 5000,
  guests: 100_000,
} as const;

const tooLong = (max: number) => z.maxLength(max, formText.tooLong(max));

/** Trimmed text that must hold at least `min` characters. */
export function requiredText(message: string, max: number, min = 1) {
  return z
    .string({ error: message })
    .check(z.trim(), z.minLength(min, { error: message, abort: true }), tooLong(max));
}

export function optionalText(max: number) {
  return z.string({ error: formText.mustBeText }).check(z.trim(), tooLong(max));
}

const PHONE_CHARACTERS = /^\+?[\d\s().-]+$/;

/** 10 to 15 digits, with the usual separators. */
export function isPhoneNumber(value: string): boolean {
  const digits = value.replace(/\D/g, '').length;
  return PHONE_CHARACTERS.test(value) && digits >= 10 && digits <= 15;
}

export function phoneNumber(message: string) {
  return z
    .string({ error: message })
    .check(
      z.trim(),
      z.maxLength(limits.phone, { error: message, abort: true }),
      z.refine(isPhoneNumber, message),
    );
}

export function emailAddress(message: string) {
  return z
    .string({ error: message })
    .check(z.trim(), z.maxLength(limits.email, { error: message, abort: true }), z.email(message));
}

interface DateMessages {
  required: string;
  invalid: string;
  outOfRange: string;
}

function dateString(messages: DateMessages, isValid: (value: string) => boolean) {
  return [
    z.minLength(1, { error: messages.required, abort: true }),
    z.refine<string>(isValid, { error: messages.invalid, abort: true }),
  ] as const;
}

/*
 * Dates are compared with today's local date. `slackDays` widens the range for the server, whose
 * local date may be a day ahead of or behind the visitor's.
 */

/** A 'YYYY-MM-DD' date that is today or later. */
export function upcomingDate(messages: DateMessages, slackDays = 0) {
  return z.string({ error: messages.required }).check(
    ...dateString(messages, isIsoDate),
    z.refine((value) => value >= localIsoDate(-slackDays), messages.outOfRange),
  );
}

/** A 'YYYY-MM-DD' date from `earliest` up to today. */
export function pastDate(messages: DateMessages, earliest: string, slackDays = 0) {
  return z.string({ error: messages.required }).check(
    ...dateString(messages, (value) => isIsoDate(value) && value >= earliest),
    z.refine((value) => value <= localIsoDate(slackDays), messages.outOfRange),
  );
}

/** A whole number from 1 to `max`, written in digits as a number input gives it. */
export function wholeNumber(messages: { required: string; invalid: string }, max: number) {
  return z.string({ error: messages.required }).check(
    z.trim(),
    z.minLength(1, { error: messages.required, abort: true }),
    z.regex(/^\d{1,9}$/, { error: messages.invalid, abort: true }),
    z.refine((value) => Number(value) >= 1 && Number(value) <= max, messages.invalid),
  );
}

function onlyKnownValues(values: readonly string[]) {
  return (list: readonly string[]) =>
    list.every((value) => values.includes(value)) && new Set(list).size === list.length;
}

/** Checkbox values: each one of `values`, no repeats, at least one when `message` is given. */
export function choiceList(values: readonly string[], message?: string) {
  return z
    .array(z.string({ error: formText.invalidOption }), {
      error: message ?? formText.invalidOption,
    })
    .check(
      ...(message ? [z.minLength(1, { error: message, abort: true })] : []),
      z.maxLength(values.length, { error: formText.invalidOption, abort: true }),
      z.refine(onlyKnownValues(values), formText.invalidOption),
    );
}

/** The same choices sent as one string joined with ', ' (the quote's services). */
export function joinedChoiceList(values: readonly string[], message: string) {
  return z.string({ error: message }).check(
    z.minLength(1, { error: message, abort: true }),
    z.maxLength(values.join(', ').length, { error: formText.invalidOption, abort: true }),
    z.refine((value) => onlyKnownValues(values)(value.split(', ')), formText.invalidOption),
  );
}

/** One of `values`. Takes any string, so that a form can start at '' (nothing chosen yet). */
export function requiredChoice<const T extends readonly [string, ...string[]]>(
  values: T,
  message: string,
) {
  return z.pipe(z.string({ error: message }), z.enum(values, { error: message }));
}

/** One of `values`, or '' for no choice. */
export function optionalChoice(values: readonly string[]) {
  return z
    .string({ error: formText.invalidOption })
    .check(z.refine((value) => value === '' || values.includes(value), formText.invalidOption));
}

/** The spam trap: sent only when something filled it. */
export const honeypot = z.optional(
  z.string({ error: formText.mustBeText }).check(tooLong(limits.shortText)),
);

/** The field of the proof of work's answer (ALTCHA), sent by the script when it was solved. */
export const PROOF_OF_WORK_FIELD = 'altcha';

/** The proof of work's answer: base64 of a small JSON, checked by the receiver, never stored. */
export const proofOfWork = z.optional(
  z.string({ error: formText.mustBeText }).check(tooLong(limits.shortText)),
);

/** For a submission object: names the fields it does not accept. */
export function unknownFieldError(issue: { code?: string; keys?: readonly string[] }) {
  if (issue.code === 'unrecognized_keys') return formText.unknownFields(issue.keys ?? []);
  if (issue.code === 'invalid_type') return formText.notAnObject;
  return undefined;
}
