import { adminText } from '../../content/admin';
import { ApiError } from '../api';

const failed = adminText.composer.failed;

/** Why a reply was not sent, in words: too many (wait), refused (why), e-mail off, or unreachable. */
export function sendFailure(error: unknown): string {
  if (!(error instanceof ApiError)) return failed.other;
  switch (error.status) {
    case 429:
      return failed.tooMany(error.retryAfter);
    case 409:
      return failed.refused;
    case 503:
      return failed.mailOff;
    case 400:
      return failed.invalid;
    default:
      return failed.other;
  }
}
