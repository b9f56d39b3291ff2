import { Link } from 'react-router';
import { adminText } from '../../../content/admin';
import type { MailState } from '../../contract';
import { GAVE_UP_SHOWN_DAYS } from '../../mail-check/contract';
import { formatTime } from '../../shared/format';

const text = adminText.mailFailures;

// break-words: a long code or domain wraps at 390 px instead of overflowing.
export const noticeClass =
  'rounded-md border-l-4 border-amber-600 bg-amber-50 p-3 text-slate-900 break-words';

/** Why the latest given-up e-mail was given up, by its code ('EENVELOPE 550', 'ECONNREFUSED'). */
function gaveUpBecause(code: string): string {
  const [name = '', reply = ''] = code.split(' ');
  if (reply.startsWith('5')) return text.because.refused;
  // Given up after waiting for the relay (server/mail/outbox.ts's 7 days): it never answered.
  const relay =
    /^(ECONNREFUSED|ECONNECTION|ESOCKET|EHOSTUNREACH|ENETUNREACH|ENOTFOUND|EDNS|EAI_AGAIN|ETIMEDOUT)$/;
  if (relay.test(name) && reply === '') return text.because.relay;
  return text.because.tries;
}

/**
 * E-mails given up in the last GAVE_UP_SHOWN_DAYS (SessionInfo.mail.gaveUp): how many, the
 * latest's time and why, and where 'Send again' is. A state that lasts, told politely (status).
 */
export function GaveUpNotice({ gaveUp }: { gaveUp: MailState['gaveUp'] }) {
  if (!gaveUp || gaveUp.count === 0) return null;
  const why = gaveUp.lastCode ? `: ${gaveUpBecause(gaveUp.lastCode)}, ${gaveUp.lastCode}` : '';
  return (
    <p role="status" className={noticeClass}>
      {text.gaveUp(gaveUp.count, GAVE_UP_SHOWN_DAYS)}
      {text.latest(formatTime(gaveUp.lastAt))}
      {why}).{text.where(gaveUp.count)}
    </p>
  );
}

/**
 * The mail server not reached by this instance's checks for 15 minutes or more (the mail watch):
 * no e-mail can leave now, so it interrupts (alert), as the outbox's pause does.
 */
export function RelayDownNotice({
  relayDown,
  now,
}: {
  relayDown: MailState['relayDown'];
  now: number;
}) {
  if (!relayDown) return null;
  const minutes = Math.max(0, Math.floor((now - relayDown.since) / 60_000));
  return (
    <p role="alert" className={noticeClass}>
      {text.relayDown(adminText.mailWaiting.age(minutes), relayDown.code)}
    </p>
  );
}

/** The launch checklist's mail section (mail-checklist.tsx scrolls to it), where the records are. */
const MAIL_SECTION = '/site?at=mail';

/**
 * The sending domain's SPF, DMARC or DKIM record missing or wrong (the mail watch, every hour),
 * with a link to the launch checklist's mail section (the site editor's overview), which shows the
 * records to add.
 * A lasting state (status).
 */
export function DnsNotice({ dns }: { dns: MailState['dns'] }) {
  if (!dns || dns.problems.length === 0) return null;
  const names = dns.problems.map((problem) => text.names[problem]);
  return (
    <p role="status" className={noticeClass}>
      {text.dns(dns.domain, names)}
      {text.dnsFix.before}
      <Link to={MAIL_SECTION} className="text-navy-700 underline hover:text-navy-900">
        {text.dnsFix.link}
      </Link>
      {text.dnsFix.after}
    </p>
  );
}
