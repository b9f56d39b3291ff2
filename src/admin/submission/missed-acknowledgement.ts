import { adminText } from '../../content/admin';
import type { SubmissionDetail } from '../contract';

const text = adminText.submission.spam;

/**
 * What a save says, and, when it took the submission out of Spam, what became of the
 * acknowledgement the sender missed (sent, or why not).
 */
export function withMissedAcknowledgement(saved: string, detail: SubmissionDetail): string {
  const missed = detail.missedAcknowledgement;
  if (!missed) return saved;
  const said = missed.sent
    ? text.acknowledgementSent(missed.to)
    : text.acknowledgementNotSent[missed.why];
  return `${saved} ${said}`;
}
