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

  it('lists the copies kept beside the nightly ones: how many of each kind, their size, the oldest', async () => {
    vi.useFakeTimers({ now: Date.UTC(2026, 10, 27, 12), toFake: ['Date'] });
    await openInbox({
      configured: true,
      lastGoodAt,
      failedAt: null,
      overdue: false,
      others: {
        beforeUpgrade: 3,
        beforeRestore: 1,
        byHand: 1,
        bytes: 120 * 1024 * 1024,
        oldestAt: Date.UTC(2026, 6, 20, 12),
      },
    });
    vi.useRealTimers();
    expect(screen.getByText(/^Other copies of the database/)).toHaveTextContent(
      'Other copies of the database on the server: 5, 120 MB in all (3 made before an upgrade, 1 set aside by a restore, 1 made by hand); the oldest was made 4 months ago. The server keeps the newest 3 made before an upgrade, and those set aside by a restore for 30 days (the newest 3 longer); whoever runs the server can delete the ones made by hand when they are no longer needed.',
    );
  });

  it('lists them when the nightly backups are not set up, naming only the kinds there are', async () => {
    vi.useFakeTimers({ now: Date.UTC(2026, 10, 27, 12), toFake: ['Date'] });
    await openInbox({
      configured: false,
      others: {
        beforeUpgrade: 1,
        beforeRestore: 0,
        byHand: 0,
        bytes: 2 * 1024 * 1024,
        oldestAt: Date.UTC(2026, 10, 26, 8),
      },
    });
    vi.useRealTimers();
    expect(screen.getByText(adminText.backups.notSetUp)).toBeInTheDocument();
    expect(screen.getByText(/^Other copies of the database/)).toHaveTextContent(
      /^Other copies of the database on the server: 1, 2 MB in all \(1 made before an upgrade\); the copy was made yesterday\./,
    );
  });

  it('says nothing of other copies when there are none', async () => {
    await openInbox({ configured: true, lastGoodAt, failedAt: null, overdue: false });
    expect(screen.queryByText(/Other copies of the database/)).toBeNull();
  });

  it('says nothing when the server does not make them (Postgres)', async () => {
    await openInbox(undefined);
    expect(screen.queryByText(/backup/i)).toBeNull();
  });
});
