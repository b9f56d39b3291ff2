/**
 * What a send's failure means, from nodemailer's error: the message refused for good (a 5xx), our
 * account or settings refused (the outbox pauses), the relay not reached before MAIL FROM (the
 * e-mail waits, using no try), or a try used; and the short code kept on its row.
 */

/**
 * A refusal of this message the relay will repeat however often it is asked (SMTP 5xx: 550 no
 * such mailbox, 552, 553): no retry. A refusal of our account or settings is not the message's
 * (`pausesOutbox`).
 */
export function isPermanent(error: unknown): boolean {
  if (typeof error !== 'object' || error === null || pausesOutbox(error)) return false;
  const { responseCode } = error as { responseCode?: unknown };
  return typeof responseCode === 'number' && responseCode >= 500 && responseCode <= 599;
}

/**
 * The system's codes (nodemailer's `originalCode`) of a connection never made: refused, no route,
 * the relay's name not found.
 */
const NO_CONNECTION = new Set([
  'ECONNREFUSED',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/** A TLS handshake or certificate failure (the system's code): it comes only before MAIL FROM. */
const TLS_FAILURE = /^(ERR_SSL_|ERR_TLS_|EPROTO$|CERT_|DEPTH_ZERO_|SELF_SIGNED_|UNABLE_TO_)/;

/**
 * The relay's replies that refuse our account or settings whatever the message: 530 (a sign-in,
 * or STARTTLS, is required first; nodemailer reports it at MAIL FROM, EENVELOPE), 534 (a stronger
 * sign-in is required: an app password), 535 (the user or password is wrong).
 */
const ACCOUNT_REPLIES = new Set([530, 534, 535]);

/**
 * A failure of our account or settings at the relay, which every e-mail would meet alike: the
 * sign-in refused (nodemailer's EAUTH, with 535 or 534), a sign-in required and not made (ENOAUTH,
 * or 530), the TLS refused (ETLS: STARTTLS; or the handshake's own code). The outbox pauses
 * instead of trying each e-mail (`startOutbox`).
 */
export function pausesOutbox(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, originalCode, responseCode } = error as Record<string, unknown>;
  if (code === 'EAUTH' || code === 'ENOAUTH' || code === 'ETLS') return true;
  if (typeof responseCode === 'number' && ACCOUNT_REPLIES.has(responseCode)) return true;
  const wrapped = code === 'ESOCKET' || code === 'ECONNECTION';
  return wrapped && typeof originalCode === 'string' && TLS_FAILURE.test(originalCode);
}

/**
 * `pausesOutbox` for a failure known by its code alone (`failureCode`'s: 'EAUTH 535', 'EENVELOPE
 * 530', 'ERR_SSL_WRONG_VERSION_NUMBER'): the mail check's answer from the relay (mail-watch.ts).
 */
export function codePausesOutbox(code: string): boolean {
  const [name = '', reply = ''] = code.split(' ');
  const responseCode = /^\d{3}$/.test(reply) ? Number(reply) : undefined;
  return pausesOutbox({ code: name, responseCode }) || TLS_FAILURE.test(name);
}

/** nodemailer's commands (`err.command`) before MAIL FROM: the greeting, the sign-in, STARTTLS. */
const BEFORE_MAIL = /^(EHLO|HELO|LHLO|STARTTLS|AUTH\b)/;

/** nodemailer's time-outs (`timeoutType`) of setting up a session, before MAIL FROM. */
const SETUP_TIMEOUTS = new Set(['CONNECT_TIMEOUT', 'GREETING_TIMEOUT', 'UPGRADE_TIMEOUT']);

/**
 * Whether a failure came at the relay, before MAIL FROM: no connection made, the TLS handshake,
 * the greeting or the sign-in failed. The message itself was not sent, so it uses up none of its
 * tries. Decided on nodemailer's own code and command, not on the system code shown. A connection
 * lost or timed out later (the socket's time-out, the outbox's deadline, 'CONN' without more) may
 * have come after DATA: that one uses a try, or a message that kills the session would be sent
 * again every hour for a week.
 */
export function isRelayFailure(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, originalCode, command, timeoutType } = error as Record<string, unknown>;
  if (code === 'EAUTH' || code === 'ENOAUTH' || code === 'ETLS' || code === 'EDNS') return true;
  if (typeof command === 'string' && BEFORE_MAIL.test(command)) return true;
  if (code === 'ETIMEDOUT')
    return typeof timeoutType === 'string' && SETUP_TIMEOUTS.has(timeoutType);
  if (code !== 'ESOCKET' && code !== 'ECONNECTION') return false;
  if (typeof originalCode !== 'string') return false;
  return NO_CONNECTION.has(originalCode) || TLS_FAILURE.test(originalCode);
}

/**
 * The codes (failureCode's first word) the inbox's notice reads as the relay's
 * (src/admin/inbox/notices/mail-notice.tsx). One of them on a failure that used a try (a connection
 * lost while sending) is stored with SENDING after it, so that the notice does not say it waits.
 */
const RELAY_CODES = new Set([
  'ECONNREFUSED',
  'ECONNECTION',
  'ECONNRESET',
  'ESOCKET',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EPIPE',
  'ENOTFOUND',
  'EDNS',
  'EAI_AGAIN',
  'ETIMEDOUT',
  'EAUTH',
  'ENOAUTH',
  'ETLS',
]);

/**
 * A short, personal-data-free description of a send failure: codes only, never the server's text.
 * The system's own code when nodemailer wrapped one (ECONNREFUSED, ERR_SSL_WRONG_VERSION_NUMBER
 * rather than its ESOCKET): what is shown, never what decides.
 */
export function failureCode(error: unknown): string {
  if (typeof error !== 'object' || error === null) return 'ERROR';
  const { code, originalCode, responseCode } = error as {
    code?: unknown;
    originalCode?: unknown;
    responseCode?: unknown;
  };
  const system = typeof originalCode === 'string' && /^[A-Z][A-Z0-9_]+$/.test(originalCode);
  return [
    system ? originalCode : typeof code === 'string' ? code : 'ERROR',
    typeof responseCode === 'number' ? responseCode : '',
  ]
    .join(' ')
    .trim();
}

/** The code stored with a failed try: a lost connection that used a try says SENDING. */
export function storedCode(error: unknown, relay: boolean): string {
  const code = failureCode(error);
  const [name = ''] = code.split(' ');
  const relayLike = RELAY_CODES.has(name) || TLS_FAILURE.test(name);
  return !relay && relayLike && code === name ? `${code} SENDING` : code;
}
