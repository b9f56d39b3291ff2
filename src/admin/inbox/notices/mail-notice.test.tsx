import { render, screen } from '@testing-library/react';
import { fakeFetch, json } from '../../../test/fake-fetch';
import { AdminApp } from '../../admin-app';
import type { InboxPage, MailState } from '../../contract';
import { adminText } from '../../../content/admin';
import { formatTime } from '../../shared/format';
import { pausedText } from './mail-notice';

const MINUTE = 60_000;
const emptyInbox: InboxPage = {
  items: [],
  next: null,
  counts: { new: 0, in_progress: 0, handled: 0, spam: 0 },
  needsReply: { open: 0, overdue: 0 },
};

async function openInbox(mail: MailState | undefined) {
  fakeFetch({
    'GET /admin/api/session': () =>
      json({ email: 'owner@example.com', seenBefore: 0, ...(mail && { mail }) }),
    'GET /admin/api/submissions': () => json(emptyInbox),
  });
  window.location.hash = '#/';
  render(<AdminApp />);
  await screen.findByRole('heading', { level: 1, name: adminText.inbox.heading });
}

/** `waiting` e-mails, the oldest queued `minutes` ago, the last try failed with `code`. */
function waiting(count: number, minutes: number, code: string | null): MailState {
  const at = Date.now();
  return {
    waiting: count,
    oldestWaitingSince: at - minutes * MINUTE,
    lastError: code === null ? null : { code, at: at - MINUTE },
    lastSentAt: at - 2 * 60 * MINUTE,
    paused: null,
  };
}

afterEach(() => vi.unstubAllGlobals());

describe('the mail notice in the inbox', () => {
  it('says how many e-mails have waited, how long and why, when more than 15 minutes', async () => {
    await openInbox(waiting(3, 40, 'ECONNREFUSED'));
    expect(screen.getByRole('alert')).toHaveTextContent(
      '3 e-mails have waited 40 minutes: the mail relay refuses the connection (ECONNREFUSED). They are sent when the relay answers. An e-mail still waiting after 7 days is given up; its submission’s page can send it again.',
    );
  });

  it('names a refused sign-in, which only a corrected SMTP_URL cures', async () => {
    await openInbox(waiting(1, 180, 'EAUTH 535'));
    expect(screen.getByRole('alert')).toHaveTextContent(
      '1 e-mail has waited 3 hours: the mail relay refuses the sign-in (the SMTP user or password is wrong) (EAUTH 535). It is sent once whoever runs the server corrects SMTP_URL. None is given up meanwhile.',
    );
    // A refused sign-in pauses the outbox, which gives nothing up (server/mail/outbox.ts).
    expect(screen.getByRole('alert')).not.toHaveTextContent('7 days');
  });

  it.each([
    ['ETIMEDOUT', 'does not answer in time'],
    ['ENOTFOUND', 'name is not found'],
    ['ESOCKET', 'cannot be reached'],
    ['EENVELOPE 451', 'asks to try again later'],
    ['EMESSAGE', 'sending them fails'],
  ])('says what %s means', async (code, words) => {
    await openInbox(waiting(2, 16, code));
    expect(screen.getByRole('alert')).toHaveTextContent(words);
  });

  // A 4xx, another failure, or a connection lost while sending uses up tries (server/mail/outbox.ts):
  // no week of waiting is promised for those.
  it.each([
    ['EENVELOPE 451', 'the mail relay asks to try again later'],
    ['EMESSAGE', 'sending them fails'],
    [
      'ECONNRESET SENDING',
      'the connection to the mail relay is lost while an e-mail is being sent',
    ],
  ])('says that %s uses up tries, not a week of waiting', async (code, words) => {
    await openInbox(waiting(2, 16, code));
    expect(screen.getByRole('alert')).toHaveTextContent(
      `2 e-mails have waited 16 minutes: ${words} (${code}). Each is tried again, with growing waits, up to 30 times (about a day), then given up; its submission’s page can send it again.`,
    );
    expect(screen.getByRole('alert')).not.toHaveTextContent('7 days');
  });

  it('reads a failed TLS handshake as the secure connection failing, which waits', async () => {
    await openInbox(waiting(1, 16, 'ERR_SSL_WRONG_VERSION_NUMBER'));
    expect(screen.getByRole('alert')).toHaveTextContent(
      'the secure connection to the mail relay fails (ERR_SSL_WRONG_VERSION_NUMBER). It is sent once whoever runs the server corrects SMTP_URL. None is given up meanwhile.',
    );
  });

  it('says at once that the mail server refused our sign-in, and since when', async () => {
    const since = Date.parse('2026-11-27T09:05:00Z');
    // Paused 2 minutes ago by the database's clock: no 15 minutes of waiting first.
    await openInbox({ ...waiting(4, 2, 'EAUTH 535'), paused: { since, code: 'EAUTH 535' } });
    expect(screen.getByRole('alert')).toHaveTextContent(
      `E-mail cannot be sent: the mail server refused our sign-in, since ${formatTime(since)} (EAUTH 535). 4 e-mails wait, and none is given up. The server asks the mail server again every minute and sends them all as soon as it accepts; if the SMTP password was changed, whoever runs the server corrects SMTP_URL and restarts it.`,
    );
    expect(screen.getByRole('alert')).not.toHaveTextContent('7 days');
    // A long code (ERR_SSL_TLSV1_ALERT_PROTOCOL_VERSION) wraps at 390 px (seen in a browser).
    expect(screen.getByRole('alert')).toHaveClass('break-words');
  });

  it.each([
    ['EAUTH 535', 'the mail server refused our sign-in'],
    ['EAUTH 534', 'the mail server refused our sign-in'],
    ['EENVELOPE 530', 'the mail server refused our sign-in'],
    ['ETLS', 'the mail server refused our secure connection'],
    ['ERR_SSL_WRONG_VERSION_NUMBER', 'the mail server refused our secure connection'],
  ])('words a pause for %s', (code, words) => {
    const since = Date.parse('2026-11-27T09:05:00Z');
    expect(pausedText({ since, code }, 1)).toBe(
      `E-mail cannot be sent: ${words}, since ${formatTime(since)} (${code}). 1 e-mail waits, and none is given up. The server asks the mail server again every minute and sends them all as soon as it accepts; if the SMTP password was changed, whoever runs the server corrects SMTP_URL and restarts it.`,
    );
  });

  it('says no count while paused with nothing waiting', () => {
    const since = Date.parse('2026-11-27T09:05:00Z');
    const said = pausedText({ since, code: 'EAUTH 535' }, 0);
    expect(said).toContain('(EAUTH 535). E-mails wait meanwhile, and none is given up.');
    expect(said).not.toMatch(/\b0 e-mails/);
  });

  it('says when the server has not tried them yet', async () => {
    await openInbox(waiting(2, 3 * 24 * 60, null));
    expect(screen.getByRole('alert')).toHaveTextContent(
      '2 e-mails have waited 3 days. The server has not tried to send them yet.',
    );
  });

  it('says nothing while mail has waited less than 15 minutes', async () => {
    await openInbox(waiting(3, 14, 'ECONNREFUSED'));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByText(/waited/)).toBeNull();
  });

  it('says nothing when the relay is fine', async () => {
    await openInbox({
      waiting: 0,
      oldestWaitingSince: null,
      lastError: null,
      lastSentAt: Date.now(),
      paused: null,
    });
    expect(screen.queryByText(/waited/)).toBeNull();
  });

  it('says nothing without e-mail set up', async () => {
    await openInbox(undefined);
    expect(screen.queryByText(/waited/)).toBeNull();
  });
});
