/**
 * The first account's form: what is missing or wrong, and why the server refused, in the words the
 * setup page shows; the same for the React page and for the document's own form posted without the
 * script (server/admin/document-route.ts). No React: the server imports it.
 */
import { adminText } from '../../content/admin.ts';
import type { AdminError } from '../contract.ts';
import { normaliseSetupCode, PASSWORD_MIN_LENGTH } from '../contract-values.ts';

const text = adminText.setup;

/** A refused setup as the API answered it. */
export interface SetupRefused {
  status: number;
  body: Partial<Pick<AdminError, 'field'>>;
  /** Seconds, from a 429's Retry-After. */
  retryAfter?: number | undefined;
}

export const SETUP_FIELDS = ['code', 'email', 'password', 'repeat'] as const;
export type SetupFieldName = (typeof SETUP_FIELDS)[number];
export type SetupValues = Record<SetupFieldName, string>;
export type SetupErrors = Partial<Record<SetupFieldName, string>>;

/**
 * What is missing or wrong, field by field, by the rules the server applies (add-user's); the
 * e-mail's rule (zod's, email-rule.ts) is loaded at the first send, not with the inbox's first script.
 */
export function checkSetup(
  { code, email, password, repeat }: SetupValues,
  isEmailAddress: (email: string) => boolean,
): SetupErrors {
  const errors: SetupErrors = {};
  if (!code.trim()) errors.code = text.codeMissing;
  else if (!normaliseSetupCode(code)) errors.code = text.codeShape;
  if (!email.trim()) errors.email = text.emailMissing;
  else if (!isEmailAddress(email)) errors.email = text.emailInvalid;
  if (!password) errors.password = text.passwordMissing;
  else if ([...password].length < PASSWORD_MIN_LENGTH) {
    errors.password = text.passwordShort(PASSWORD_MIN_LENGTH);
  }
  if (!repeat) errors.repeat = text.repeatMissing;
  else if (password && repeat !== password) errors.repeat = text.repeatDiffers;
  return errors;
}

export interface SetupRefusal {
  failure?: string;
  errors?: SetupErrors;
  accountExists?: boolean;
}

/** Why the server refused, as the alert and the fields say it. */
export function setupRefusal({ status, body, retryAfter }: SetupRefused): SetupRefusal {
  if (status === 409) return { failure: text.accountExists, accountExists: true };
  if (status === 429) {
    return { failure: text.tooMany(Math.max(1, Math.ceil((retryAfter ?? 60) / 60))) };
  }
  if (body.field === 'code') return { failure: text.refused, errors: { code: text.codeWrong } };
  if (body.field === 'email') return { errors: { email: text.emailInvalid } };
  if (body.field === 'password') {
    return { errors: { password: text.passwordShort(PASSWORD_MIN_LENGTH) } };
  }
  return { failure: text.failed };
}
