import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeFetch, json } from '../../../test/fake-fetch';
import { AdminApp } from '../../admin-app';
import type { InboxPage, MailState } from '../../contract';
import { adminText } from '../../../content/admin';
import { mailCheckText } from '../../../content/admin-mail-check';
import type { SiteOverview } from '../../site-contract';
import { formatTime } from '../../shared/format';

const MINUTE = 60_000;
const emptyInbox: InboxPage = {
  items: [],
  next: null,
  counts: { new: 0, in_progress: 0, handled: 0, spam: 0 },
  needsReply: { open: 0, overdue: 0 },
};
const quiet: MailState = {
  waiting: 0,
  oldestWaitingSince: null,
  lastError: null,
  lastSentAt: null,
  paused: null,
};

async function openInbox(mail: Partial<MailState>) {
  fakeFetch({
    'GET /admin/api/session': () =>
      json({ email: 'owner@example.com', seenBefore: 0, mail: { ...quiet, ...mail } }),
    'GET /admin/api/submissions': () => json(emptyInbox),
  });
  window.location.hash = '#/';
  render(<AdminApp />);
  await screen.findByRole('heading', { level: 1, name: adminText.inbox.heading });
}

/** The banner's paragraph that says `words`. */
function notice(words: RegExp) {
  return [...screen.queryAllByRole('status'), ...screen.queryAllByRole('alert')].find((element) =>
    words.test(element.textContent ?? ''),
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('the banner on mail that fails', () => {
  it('counts the e-mails given up lately, with the latest’s time and why, and where to send again', async () => {
    const lastAt = Date.parse('2026-11-24T20:04:00Z');
    await openInbox({ gaveUp: { count: 2, lastAt, lastCode: 'EENVELOPE 550' } });
    expect(notice(/could not be delivered/)).toHaveTextContent(
      `2 e-mails could not be delivered in the last 7 days (the latest ${formatTime(lastAt)}: the mail server refused it, EENVELOPE 550). Each one’s submission page says which e-mail it was and has ‘Send again’.`,
    );
    expect(notice(/could not be delivered/)).toHaveAttribute('role', 'status');
    expect(notice(/could not be delivered/)).toHaveClass('break-words');
  });

  it.each([
    ['ECONNREFUSED', 'the mail server could not be reached for days, ECONNREFUSED'],
    ['ETIMEDOUT SENDING', 'every try failed, ETIMEDOUT SENDING'],
    ['EENVELOPE 451', 'every try failed, EENVELOPE 451'],
  ])('says why one given up for %s was', async (code, words) => {
    const lastAt = Date.parse('2026-11-24T20:04:00Z');
    await openInbox({ gaveUp: { count: 1, lastAt, lastCode: code } });
    expect(notice(/could not be delivered/)).toHaveTextContent(
      `1 e-mail could not be delivered in the last 7 days (the latest ${formatTime(lastAt)}: ${words}). Its submission’s page says which e-mail it was and has ‘Send again’.`,
    );
  });

  it('says the mail server has not answered, for how long and its code', async () => {
    await openInbox({ relayDown: { since: Date.now() - 25 * MINUTE, code: 'ECONNREFUSED' } });
    expect(screen.getByRole('alert')).toHaveTextContent(
      'The mail server has not answered for 25 minutes (ECONNREFUSED): no e-mail can leave until it does.',
    );
  });

  it('says the pause alone when the outbox is paused, not that the relay is down too', async () => {
    const since = Date.now() - 20 * MINUTE;
    await openInbox({
      paused: { since, code: 'EAUTH 535' },
      relayDown: { since, code: 'ETIMEDOUT' },
    });
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(screen.getByRole('alert')).toHaveTextContent('refused our sign-in');
  });

  it('names the records missing, with a link to the launch checklist’s mail section', async () => {
    await openInbox({
      dns: { domain: 'staffing.example', problems: ['spf', 'dmarc'], checkedAt: Date.now() },
    });
    expect(notice(/spam/)).toHaveTextContent(
      'The site’s e-mail may land in spam: the SPF and DMARC records of staffing.example are missing or not right. The records to add are in the launch checklist.',
    );
    expect(notice(/spam/)).toHaveAttribute('role', 'status');
    const link = screen.getByRole('link', { name: 'launch checklist' });
    // The mail section, not the top of the page: on a phone it is screens below the placeholders.
    expect(link).toHaveAttribute('href', '#/site?at=mail');
    const overview: SiteOverview = {
      live: { version: 0, publishedAt: null, publishedBy: null },
      published: {},
      draft: { revision: 0, fields: {}, updatedAt: null, updatedBy: null },
      checklist: [],
    };
    fakeFetch({
      'GET /admin/api/site': () => json(overview),
      'GET /admin/api/site/versions': () => json({ versions: [] }),
      'GET /admin/api/mail-check': () => json({ configured: false }),
    });
    await userEvent.click(link);
    expect(window.location.hash).toBe('#/site?at=mail');
    // The site page opens at its mail section: its heading takes the focus.
    const heading = await screen.findByRole('heading', { level: 3, name: mailCheckText.heading });
    await waitFor(() => expect(heading).toHaveFocus());
  });

  it('names one record in the singular', async () => {
    await openInbox({
      dns: { domain: 'staffing.example', problems: ['dkim'], checkedAt: Date.now() },
    });
    expect(notice(/spam/)).toHaveTextContent('the DKIM record of staffing.example is missing');
  });

  it('says none of it when nothing failed', async () => {
    await openInbox({ gaveUp: null, dns: null, relayDown: null });
    expect(notice(/delivered|answered|spam/)).toBeUndefined();
  });
});
