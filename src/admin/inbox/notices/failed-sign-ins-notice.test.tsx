import { render, screen } from '@testing-library/react';
import { adminText } from '../../../content/admin';
import { fakeFetch, json } from '../../../test/fake-fetch';
import { AdminApp } from '../../admin-app';
import type { InboxPage, SessionInfo } from '../../contract';
import { formatTime } from '../../shared/format';

const seenBefore = Date.UTC(2026, 10, 20, 12);
const lastAt = Date.UTC(2026, 10, 21, 3, 14);
const emptyInbox: InboxPage = {
  items: [],
  next: null,
  counts: { new: 0, in_progress: 0, handled: 0, spam: 0 },
  needsReply: { open: 0, overdue: 0 },
};

async function openInbox(session: SessionInfo) {
  fakeFetch({
    'GET /admin/api/session': () => json(session),
    'GET /admin/api/submissions': () => json(emptyInbox),
  });
  window.location.hash = '#/';
  render(<AdminApp />);
  await screen.findByRole('heading', { level: 1, name: adminText.inbox.heading });
}

afterEach(() => vi.unstubAllGlobals());

describe('the failed sign-ins notice', () => {
  it('says how many failed sign-ins there were since the last visit, from how many addresses, and the last', async () => {
    await openInbox({
      email: 'owner@example.com',
      seenBefore,
      failedSignIns: { count: 7, sources: 3, lastAt, since: seenBefore },
    });
    const notice = screen.getByText(/failed sign-ins to your account/);
    expect(notice).toHaveTextContent(
      `7 failed sign-ins to your account since your last visit, from 3 addresses; the last on ${formatTime(lastAt)}.`,
    );
  });

  it('speaks of one in the singular', async () => {
    await openInbox({
      email: 'owner@example.com',
      seenBefore,
      failedSignIns: { count: 1, sources: 1, lastAt, since: seenBefore },
    });
    expect(screen.getByText(/failed sign-in to your account/)).toHaveTextContent(
      /^1 failed sign-in to your account since your last visit, from 1 address;/,
    );
  });

  it('shows nothing when there were none', async () => {
    await openInbox({ email: 'owner@example.com', seenBefore });
    expect(screen.queryByText(/failed sign-in/)).toBeNull();
  });
});
