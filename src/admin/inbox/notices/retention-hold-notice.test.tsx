import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { adminText } from '../../../content/admin';
import { fakeFetch, json, type FakeHandler } from '../../../test/fake-fetch';
import { AdminApp } from '../../admin-app';
import type { InboxPage, RetentionHold } from '../../contract';
import { formatTime } from '../../shared/format';

const text = adminText.retentionHold;
const seenBefore = Date.UTC(2026, 10, 20, 12);
const lastAt = Date.UTC(2026, 10, 25, 12);
const emptyInbox: InboxPage = {
  items: [],
  next: null,
  counts: { new: 0, in_progress: 0, handled: 0, spam: 0 },
  needsReply: { open: 0, overdue: 0 },
};

async function openInbox(retentionHold: RetentionHold | undefined, confirm?: FakeHandler) {
  const fake = fakeFetch({
    'GET /admin/api/session': () =>
      json({ email: 'owner@example.com', seenBefore, ...(retentionHold && { retentionHold }) }),
    'GET /admin/api/submissions': () => json(emptyInbox),
    ...(confirm && { 'POST /admin/api/retention/confirm': confirm }),
  });
  window.location.hash = '#/';
  render(<AdminApp />);
  await screen.findByRole('heading', { level: 1, name: adminText.inbox.heading });
  return fake;
}

afterEach(() => vi.unstubAllGlobals());

describe('a retention pass the guard stopped, in the inbox', () => {
  it('says nothing when no pass is waiting', async () => {
    await openInbox(undefined);
    expect(screen.queryByRole('heading', { name: text.heading })).toBeNull();
  });

  it('says the clock jumped ahead, what to do, and how many would go', async () => {
    const at = lastAt + 5 * 365 * 86_400_000;
    await openInbox({ reason: 'clock-ahead', at, lastAt, count: 42, largest: 3 });
    const notice = screen.getByRole('region', { name: text.heading });
    expect(notice).toHaveTextContent(
      `The database's clock reads ${formatTime(at)}, more than 30 days after the last clean-up (${formatTime(lastAt)}).`,
    );
    expect(notice).toHaveTextContent('Going on now would erase 42 submissions.');
    expect(notice).toHaveTextContent(text.clockAheadWhatToDo);
  });

  it('asks the owner to let a pass go on once a clock that went back is right', async () => {
    const at = lastAt - 2 * 86_400_000;
    await openInbox({ reason: 'clock-back', at, lastAt, count: 3, largest: 3 });
    const notice = screen.getByRole('region', { name: text.heading });
    expect(notice).toHaveTextContent(text.clockBackWhatToDo);
    expect(notice).not.toHaveTextContent('goes on by itself');
  });

  it('says the first clean-up is the first, not "at most 0"', async () => {
    await openInbox({ reason: 'too-many', at: lastAt, lastAt: null, count: 800, largest: 0 });
    const notice = screen.getByRole('region', { name: text.heading });
    expect(notice).toHaveTextContent(
      'This is the first clean-up: it would erase 800 submissions at once.',
    );
    expect(notice).not.toHaveTextContent('at most 0');
  });

  it('lets the owner erase a big pass anyway, naming the pass they saw', async () => {
    const hold: RetentionHold = {
      reason: 'too-many',
      at: lastAt + 86_400_000,
      lastAt,
      count: 600,
      largest: 4,
    };
    const fake = await openInbox(hold, () => json({ ok: true, confirmed: hold }, 202));
    expect(screen.getByRole('region', { name: text.heading })).toHaveTextContent(
      'It would erase 600 submissions at once, far more than lately (at most 4 in one clean-up).',
    );
    const lists = () =>
      fake.requests.filter((request) => request.url.pathname === '/admin/api/submissions');
    const listed = lists().length;
    await userEvent.click(screen.getByRole('button', { name: 'Erase them anyway (600)' }));
    await screen.findByText(
      'Erasing 600 submissions now. The list updates when it is done: reload the inbox in a minute.',
    );
    const posted = fake.requests.find((request) => request.method === 'POST');
    expect(posted?.body).toEqual({ at: hold.at });
    expect(screen.queryByRole('region', { name: text.heading })).toBeNull();
    // The inbox's list is read again.
    await vi.waitFor(() => expect(lists().length).toBeGreaterThan(listed));
  });

  it('says so when the pass is no longer waiting, and keeps the notice', async () => {
    const hold: RetentionHold = {
      reason: 'clock-back',
      at: lastAt - 86_400_000 * 2,
      lastAt,
      count: 0,
      largest: 4,
    };
    await openInbox(hold, () => json({ ok: false, error: 'gone' }, 409));
    await userEvent.click(screen.getByRole('button', { name: 'Go on with this clock' }));
    await screen.findByText(text.gone);
    expect(screen.getByRole('region', { name: text.heading })).toBeDefined();
  });

  it('never says nothing was erased when the answer did not come', async () => {
    const hold: RetentionHold = { reason: 'too-many', at: lastAt, lastAt, count: 900, largest: 4 };
    await openInbox(hold, () => json({ ok: false, error: 'Bad gateway' }, 502));
    await userEvent.click(screen.getByRole('button', { name: 'Erase them anyway (900)' }));
    await screen.findByText(text.failed);
    expect(text.failed).not.toMatch(/nothing was erased/i);
  });
});
