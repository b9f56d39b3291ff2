/**
 * 'Send a test e-mail' (the launch checklist, `check-mail --send-to`): one e-mail sent at once
 * past the outbox, on a connection of its own with the outbox's settings (envelope sender, DKIM),
 * and the relay's answer as it gave it.
 */
import { randomBytes } from 'node:crypto';
import nodemailer from 'nodemailer';
import type { TestEmailResult } from '../../../src/admin/mail-check/contract.ts';
import { testEmailText } from '../../../src/content/admin-mail-check.ts';
import type { NotifyConfig } from '../../config.ts';
import { messageDomain } from '../message-source.ts';
import { failureCode } from '../send-failures.ts';
import { transportOptions } from '../transport.ts';
import { withinLimit } from './relay-check.ts';

/** The test e-mail's Message-ID, in the sending domain as every e-mail of the outbox's is. */
export function testMessageId(from: string, at: number): string {
  return `<mail-check.${at}.${randomBytes(8).toString('hex')}@${messageDomain(from)}>`;
}

/** The relay's own reply line on a failure ("535 5.7.8 Invalid credentials"), when it gave one. */
function relayReply(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const { response } = error as { response?: unknown };
  return typeof response === 'string' && response.trim() !== '' ? response.trim() : undefined;
}

/**
 * Sends the test e-mail to `to` and answers what the relay said: accepted (its reply line, "250 OK
 * queued as …") or refused, with the code the outbox would keep ('EAUTH 535', 'ECONNREFUSED').
 * A relay's failure is an answer, never a throw.
 */
/** The whole test e-mail's time limit: a relay that never finishes is ETIMEDOUT, not a hang. */
export const TEST_EMAIL_LIMIT_MS = 60_000;

export async function sendTestEmail(
  notify: NotifyConfig,
  to: string,
  { now = Date.now, limitMs = TEST_EMAIL_LIMIT_MS }: { now?: () => number; limitMs?: number } = {},
): Promise<TestEmailResult> {
  const at = now();
  const messageId = testMessageId(notify.from, at);
  // Not the outbox's pool: a connection of its own, closed when the answer is in.
  const transport = nodemailer.createTransport(transportOptions(notify));
  try {
    const sending = transport.sendMail({
      from: notify.from,
      to,
      subject: testEmailText.subject,
      text: testEmailText.body(messageDomain(notify.from)),
      messageId,
      date: new Date(at),
      // Made by the server, as the notification is (docs/mail-delivery.md, headers).
      headers: { 'Auto-Submitted': 'auto-generated', 'X-Auto-Response-Suppress': 'All' },
      ...(notify.envelopeFrom ? { envelope: { from: notify.envelopeFrom, to: [to] } } : {}),
    });
    const info = await withinLimit(sending, limitMs);
    return { sent: true, to, messageId, response: String(info.response) };
  } catch (error) {
    return { sent: false, to, code: failureCode(error), response: relayReply(error) };
  } finally {
    transport.close();
  }
}
