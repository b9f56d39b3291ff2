/**
 * The launch checklist's mail section's client (docs/mail-delivery.md, "The check"), here rather
 * than in ../api.ts so that its answers' schemas load with the editor, not in the inbox's first
 * script (e2e/inbox-first-paint.spec.ts holds its size).
 */
import { call } from '../api';
import type { MailCheck, TestEmailResult } from '../mail-check/contract';
import { mailCheckSchema, testEmailResultSchema } from '../mail-check/schema';

/** An answer of the shape `schema` says, or a failure (an older server, a proxy's page). */
function checked<T>(schema: { safeParse(value: unknown): { success: boolean; data?: T } }) {
  return (body: unknown): T => {
    const parsed = schema.safeParse(body);
    if (!parsed.success || parsed.data === undefined) throw new Error('Unexpected answer');
    return parsed.data;
  };
}

/** The launch checklist's mail section (docs/mail-delivery.md, "The check"). */
export const mailCheckApi = {
  /** The whole check: the relay, SPF, DMARC, DKIM, alignment; takes seconds. */
  check: (signal?: AbortSignal) =>
    call<unknown>('/mail-check', signal ? { signal } : {}).then(
      checked<MailCheck>(mailCheckSchema),
    ),
  /** A test e-mail to the signed-in account; 429 too soon after the last, 409 without e-mail. */
  sendTestEmail: () =>
    call<unknown>('/mail-check/test-email', { method: 'POST' }).then(
      checked<TestEmailResult>(testEmailResultSchema),
    ),
};
