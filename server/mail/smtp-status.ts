// Whether the SMTP relay was reachable at the outbox's last try, for /readyz (server/http/
// readiness.ts): the sender is wrapped, so the outbox itself knows nothing of it.
import type { MailSender } from './transport.ts';

export interface SmtpStatus {
  /** The last try's outcome: undefined before the first. */
  reachable(): { ok: boolean; code?: string; at: number } | undefined;
}

/** Errors that mean the relay was not reached or dropped the conversation (nodemailer's codes). */
const UNREACHABLE = new Set([
  'ECONNECTION',
  'ECONNREFUSED',
  'ECONNRESET',
  'EDNS',
  'ENOTFOUND',
  'ESOCKET',
  'ETIMEDOUT',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAUTH',
  'ETLS',
]);

/**
 * `sender`, recording each send's outcome. A relay that answered, even with a refusal of one
 * message (a 5xx for a bad recipient), was reachable; one that could not be reached, timed out or
 * refused the sign-in was not.
 */
export function trackedSender(
  sender: MailSender,
  now: () => number = Date.now,
): MailSender & SmtpStatus {
  let last: { ok: boolean; code?: string; at: number } | undefined;
  return {
    async sendMail(message) {
      try {
        const result = await sender.sendMail(message);
        last = { ok: true, at: now() };
        return result;
      } catch (error) {
        const code = String((error as { code?: unknown }).code ?? '');
        last = UNREACHABLE.has(code) ? { ok: false, code, at: now() } : { ok: true, at: now() };
        throw error;
      }
    },
    close: () => sender.close?.(),
    reachable: () => last,
  };
}
