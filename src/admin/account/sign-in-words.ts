/**
 * Why a sign-in was refused, in the words the sign-in page shows: the same for the React page and
 * for the document's own form posted without the script (server/admin/document-route.ts). No React:
 * the server imports it.
 */
import { adminText } from '../../content/admin.ts';
import type { AdminError } from '../contract.ts';

const text = adminText.signIn;

export interface SignInRefused {
  status: number;
  body: Partial<Pick<AdminError, 'busy' | 'signedOutMeanwhile'>>;
  /** Seconds, from a 429's Retry-After. */
  retryAfter?: number | undefined;
}

export function signInFailureWords({ status, body, retryAfter }: SignInRefused): string {
  if (status === 429 && body.busy) return text.busyFor(retryAfter ?? 1);
  if (status === 429) return text.tooMany(Math.max(1, Math.ceil((retryAfter ?? 60) / 60)));
  if (status === 401 && body.signedOutMeanwhile) return text.signedOutMeanwhile;
  if (status === 401 || status === 400) return text.incorrect;
  return text.unreachable;
}
