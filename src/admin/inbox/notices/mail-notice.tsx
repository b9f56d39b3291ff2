import { useState } from 'react';
import { adminText } from '../../../content/admin';
import type { MailState } from '../../contract';
import { MAIL_LATE_MS, MAIL_MAX_TRIES, MAIL_MAX_WAIT_DAYS } from '../../contract-values';
import { formatTime } from '../../shared/format';
import { DnsNotice, GaveUpNotice, noticeClass, RelayDownNotice } from './mail-failures';

const text = adminText.mailWaiting;

type Because = keyof typeof text.because;

/** The relay's error codes (nodemailer's, and the system's it keeps), by what they mean. */
const KINDS: Record<string, Because> = {
  ECONNREFUSED: 'refused',
  ECONNECTION: 'unreachable',
  ECONNRESET: 'unreachable',
  ESOCKET: 'unreachable',
  EHOSTUNREACH: 'unreachable',
  ENETUNREACH: 'unreachable',
  EPIPE: 'unreachable',
  ENOTFOUND: 'notFound',
  EDNS: 'notFound',
  EAI_AGAIN: 'notFound',
  ETIMEDOUT: 'timeout',
  EAUTH: 'signIn',
  ENOAUTH: 'signIn',
  ETLS: 'secure',
};

/** A TLS handshake or certificate failure, by the system's code the outbox shows. */
const TLS_FAILURE = /^(ERR_SSL_|ERR_TLS_|EPROTO$|CERT_|DEPTH_ZERO_|SELF_SIGNED_|UNABLE_TO_)/;

/**
 * What an outbox row's code ('ECONNREFUSED', 'EAUTH 535', 'EENVELOPE 451', 'ECONNRESET SENDING')
 * means. SENDING: the connection was lost while a message went out (server/mail/outbox.ts).
 */
function because(code: string): Because {
  const [name = '', reply = ''] = code.split(' ');
  if (reply === 'SENDING') return 'dropped';
  const kind = KINDS[name] ?? (TLS_FAILURE.test(name) ? 'secure' : undefined);
  if (kind) return kind;
  return reply.startsWith('4') ? 'later' : 'other';
}

/** The relay's kinds: such e-mails wait up to MAIL_MAX_WAIT_DAYS; the others use up tries. */
const AT_THE_RELAY = new Set<Because>([
  'refused',
  'unreachable',
  'notFound',
  'timeout',
  'signIn',
  'secure',
]);

/** Why the e-mails wait, in words, with the code for whoever runs the server. */
function reason(mail: MailState): string {
  if (!mail.lastError) return `. ${text.notTried(mail.waiting)}`;
  const { code } = mail.lastError;
  const kind = because(code);
  // A refused sign-in or TLS pauses the outbox: it gives nothing up, however long (outbox.ts).
  const pauses = kind === 'signIn' || kind === 'secure';
  const next = !AT_THE_RELAY.has(kind)
    ? text.triedAgain(mail.waiting, MAIL_MAX_TRIES)
    : pauses
      ? `${text.sentWhenFixed(mail.waiting)} ${text.notGivenUp}`
      : `${text.sentWhenItAnswers(mail.waiting)} ${text.givenUpAfter(MAIL_MAX_WAIT_DAYS)}`;
  return `: ${text.because[kind]} (${code}). ${next}`;
}

/**
 * The outbox's pause in words: the relay refused our sign-in (or our secure connection), since
 * when (the database's clock), and what happens next.
 */
export function pausedText(paused: NonNullable<MailState['paused']>, waiting: number): string {
  const head = because(paused.code) === 'secure' ? text.paused.secure : text.paused.signIn;
  return `${head}${text.pausedSince(formatTime(paused.since), paused.code)} ${text.pausedNext(waiting)}`;
}

/**
 * E-mails waiting for the mail relay more than 15 minutes: how many, for how long, and why; null
 * while mail leaves in time.
 */
function waitingText(mail: MailState, now: number): string | null {
  if (mail.waiting === 0 || mail.oldestWaitingSince === null) return null;
  const waitedMs = now - mail.oldestWaitingSince;
  if (waitedMs <= MAIL_LATE_MS) return null;
  const age = text.age(Math.floor(waitedMs / 60_000));
  return `${text.waited(mail.waiting, age)}${reason(mail)}`;
}

/**
 * The outbox paused (shown at once, however long the mail has waited), or e-mails waiting for the
 * mail relay more than 15 minutes, or else the relay not reached by this instance's checks; then
 * the e-mails given up lately and the sending domain's records missing (mail-failures.tsx). All
 * from SessionInfo's `mail` (the outbox every instance shares, and the mail watch). Nothing while
 * mail leaves in time, nor without e-mail set up.
 */
export function MailNotice({ mail }: { mail: MailState | undefined }) {
  // The session's state is read once, at sign-in or a reload: so is the time it is measured by.
  const [now] = useState(Date.now);
  if (!mail) return null;
  const late = mail.paused ? null : waitingText(mail, now);
  return (
    <>
      {mail.paused && (
        <p role="alert" className={noticeClass}>
          {pausedText(mail.paused, mail.waiting)}
        </p>
      )}
      {late !== null && (
        <p role="alert" className={noticeClass}>
          {late}
        </p>
      )}
      {/* The waiting e-mails (or the pause) already say why no e-mail leaves. */}
      {!mail.paused && late === null && <RelayDownNotice relayDown={mail.relayDown} now={now} />}
      <GaveUpNotice gaveUp={mail.gaveUp} />
      <DnsNotice dns={mail.dns} />
    </>
  );
}
