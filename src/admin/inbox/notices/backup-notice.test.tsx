import { render, screen } from '@testing-library/react';
import { adminText } from '../../../content/admin';
import { fakeFetch, json } from '../../../test/fake-fetch';
import { AdminApp } from '../../admin-app';
import type { InboxPage, SessionInfo } from '../../contract';
import { formatTime } from '../../shared/format';

const seenBefore = Date.UTC(2026, 10, 20, 12);
const lastGoodAt = Date.UTC(2026, 10, 25, 8);
const failedAt = Date.UTC(2026, 10, 26, 8);
const emptyInbox: InboxPage = {
  items: [],
  next: null,
  counts: { new: 0, in_progress: 0, handled: 0, spam: 0 },
  needsReply: { open: 0, overdue: 0 },
};

async function openInbox(backups: SessionInfo['backups']) {
  fakeFetch({
    'GET /admin/api/session': () =>
      json({ email: 'owner@example.com', seenBefore, ...(backups && { backups }) }),
    'GET /admin/api/submissions': () => json(emptyInbox),
  });
  window.location.hash = '#/';
  render(<AdminApp />);
  await screen.findByRole('heading', { level: 1, name: adminText.inbox.heading });
}

afterEach(() => vi.unstubAllGlobals());

describe('the backups line in the inbox', () => {
  it('shows the last good backup', async () => {
    await openInbox({ configured: true, lastGoodAt, failedAt: null, overdue: false });
    expect(screen.getByText(/^Last backup:/)).toHaveTextContent(
      `Last backup: ${formatTime(lastGoodAt)}.`,
    );
  });

  it('warns when the last good backup is older than two days, and says the last try failed', async () => {
    await openInbox({ configured: true, lastGoodAt, failedAt, overdue: true });
    expect(screen.getByText(/more than two days ago/)).toHaveTextContent(
      `The last good backup is from ${formatTime(lastGoodAt)}, more than two days ago. Ask whoever runs the server to look at the backups. The last try, on ${formatTime(failedAt)}, failed.`,
    );
  });

  it('warns when none has been made yet', async () => {
    await openInbox({ configured: true, lastGoodAt: null, failedAt: null, overdue: true });
    expect(screen.getByText(adminText.backups.none)).toBeInTheDocument();
  });

  it('says gently when backups are not set up', async () => {
    await openInbox({ configured: false });
    expect(screen.getByText(adminText.backups.notSetUp)).toBeInTheDocument();
  });

  it('says nothing when the server does not make them (Postgres)', async () => {
    await openInbox(undefined);
    expect(screen.queryByText(/backup/i)).toBeNull();
  });
});
