/**
 * The relay's answer (docs/mail-delivery.md, "The check"): a session of its own up to the sign-in,
 * with the outbox's settings and nodemailer's time limits, no message sent. The result names the
 * relay by host and port, never by SMTP_URL (it holds the password).
 */
import nodemailer from 'nodemailer';
import type { RelayCheck } from '../../../src/admin/mail-check/contract.ts';
import { oneLine } from '../mail-text.ts';
import { failureCode } from '../send-failures.ts';
import { transportOptions, type MailTransportSettings } from '../transport.ts';

/** The relay's host and port as nodemailer reads SMTP_URL (smtps: 465, else 587). */
export function relayAddress(smtpUrl: string): { host: string; port: number; smtps: boolean } {
  const url = new URL(smtpUrl);
  const smtps = url.protocol === 'smtps:';
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  return { host, port: Number(url.port) || (smtps ? 465 : 587), smtps };
}

/**
 * What the session did, heard from nodemailer's log entries (kept here, never written out: an
 * entry of the sign-in names the user).
 */
function sessionListener() {
  const heard = { signedIn: false, startTls: false };
  const hear = (entry: unknown, message: unknown) => {
    if ((entry as { action?: unknown } | null)?.action === 'authenticated') heard.signedIn = true;
    if (typeof message === 'string' && message.startsWith('Connection upgraded with STARTTLS')) {
      heard.startTls = true;
    }
  };
  const logger = { trace: hear, debug: hear, info: hear, warn: hear, error: hear, fatal: hear };
  return { heard, logger };
}

/** The relay's reply line of a failure, on one line, without control characters. */
function replyLine(error: unknown): string | undefined {
  const { response } = (error ?? {}) as { response?: unknown };
  if (typeof response !== 'string') return undefined;
  return oneLine(response, 300) || undefined;
}

/**
 * The whole session's time limit. nodemailer's own limits are per step (10 s to connect and to be
 * greeted, 30 s of silence): a relay that answers a line every few seconds and never finishes
 * would hold the check (the CLI, the launch checklist's request, the mail watch) for ever.
 */
export const RELAY_CHECK_LIMIT_MS = 30_000;

/** A failure of the whole session's time limit, read as nodemailer's own time-outs are. */
class SessionTimeout extends Error {
  readonly code = 'ETIMEDOUT';
}

/** `work`, or a SessionTimeout after `limitMs` (the caller closes the transport either way). */
export async function withinLimit<T>(work: Promise<T>, limitMs: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new SessionTimeout('the relay took too long')), limitMs);
  });
  try {
    return await Promise.race([work, expired]);
  } finally {
    clearTimeout(timer);
  }
}

export async function checkRelay(
  notify: MailTransportSettings,
  { limitMs = RELAY_CHECK_LIMIT_MS }: { limitMs?: number } = {},
): Promise<RelayCheck> {
  const { host, port, smtps } = relayAddress(notify.smtpUrl);
  const { heard, logger } = sessionListener();
  const transport = nodemailer.createTransport({
    ...transportOptions(notify),
    logger,
    debug: false,
  });
  try {
    await withinLimit(transport.verify(), limitMs);
    return { state: 'ok', host, port, signedIn: heard.signedIn, secure: smtps || heard.startTls };
  } catch (error) {
    return { state: 'failed', host, port, code: failureCode(error), response: replyLine(error) };
  } finally {
    transport.close();
  }
}
