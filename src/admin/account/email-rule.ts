import { safeParse } from 'zod/mini';
import { adminText } from '../../content/admin';
import { emailAddress } from '../../forms/rules';

/** The public forms' e-mail rule (src/forms/rules.ts), which add-user's check matches. */
const rule = emailAddress(adminText.setup.emailInvalid);

export function isEmailAddress(email: string): boolean {
  return safeParse(rule, email).success;
}
