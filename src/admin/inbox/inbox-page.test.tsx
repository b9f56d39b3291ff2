import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { adminText } from '../../content/admin';
import { positionOptions } from '../../content/application-form';
import {
  deferred,
  fakeFetch,
  json,
  type FakeHandler,
  type FakeRequest,
} from '../../test/fake-fetch';
import { AdminApp } from '../admin-app';
import type { InboxItem, InboxPage, SessionInfo } from '../contract';

const text = adminText.inbox;
const SUBMISSIONS = 'GET /admin/api/submissions';
const HOUR = 60 * 60 * 1000;
const seenBefore = Date.UTC(2026, 10, 20, 12);
const session: SessionInfo = { email: 'owner@example.com', seenBefore };

const quote: InboxItem = {
  id: 'q-1',
  form: 'quote',
  receivedAt: seenBefore + HOUR,
  status: 'new',
  fields: {
    clientName: 'Jordan Rivera',
    email: 'jordan@example.org',
    phone: '(202) 555-0143',
    eventDate: '2026-12-12',
    guestCount: '120',
  },
  attachments: 0,
  respondBy: seenBefore + 5 * HOUR,
  quoteBy: seenBefore + 25 * HOUR,
};

const application: InboxItem = {
  id: 'a-1',
  form: 'application',
  receivedAt: seenBefore - 24 * HOUR,
  status: 'in_progress',
  fields: {
    fullName: 'Ana López',
    email: 'ana@example.net',
    phone: '+44 20 7946 0958',
    positionInterest: [positionOptions[1]?.value, positionOptions[8]?.value],
  },
  attachments: 1,
  respondBy: null,
  quoteBy: null,
};

const firstPage: InboxPage = {
  items: [quote, application],
  next: null,
  counts: { new: 1, in_progress: 1, handled: 0, spam: 0 },
  needsReply: { open: 1, overdue: 0 },
};

function signedIn(submissions: FakeHandler = () => json(firstPage)) {
  return fakeFetch({
    'GET /admin/api/session': () => json(session),
    [SUBMISSIONS]: submissions,
  });
}

async function renderInbox(hash = '#/') {
  window.location.hash = hash;
  render(<AdminApp />);
  await screen.findByRole('heading', { level: 1, name: text.heading });
}

const rowOf = (name: string) => {
  const row = screen.getByRole('link', { name }).closest('li');
  if (!row) throw new Error(`No row for ${name}`);
  return row;
};

/**
 * Fake timers that Testing Library advances itself, as it does under Jest (without `jest` it waits
 * for a faked setTimeout that never fires), and a user whose typing moves them along.
 */
function useFakeTimers() {
  vi.useFakeTimers();
  vi.stubGlobal('jest', { advanceTimersByTime: (ms: number) => vi.advanceTimersByTime(ms) });
  return userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('InboxPage', () => {
  it('shows the count of each status, with All as the current one', async () => {
    signedIn();
    await renderInbox();
    const statuses = screen.getByRole('navigation', { name: text.statusLabel });

    const all = await within(statuses).findByRole('link', { name: `${text.allStatuses} 2` });
    expect(all).toHaveAttribute('aria-current', 'true');
    for (const [label, count] of [
      [adminText.statuses.new, 1],
      [adminText.statuses.in_progress, 1],
      [adminText.statuses.handled, 0],
      [adminText.statuses.spam, 0],
    ] as const) {
      const link = within(statuses).getByRole('link', { name: `${label} ${count}` });
      expect(link).not.toHaveAttribute('aria-current');
    }
    expect(within(statuses).getByRole('link', { name: /^New/ })).toHaveAttribute(
      'href',
      '#/?status=new',
    );
  });

  it("shows each submission's name, form, contact and key fact", async () => {
    signedIn();
    await renderInbox();

    const quoteLink = await screen.findByRole('link', { name: 'Jordan Rivera' });
    expect(quoteLink).toHaveAttribute('href', '#/submissions/q-1');
    const quoteRow = rowOf('Jordan Rivera');
    expect(quoteRow).toHaveTextContent(adminText.forms.quote ?? 'quote');
    expect(quoteRow).toHaveTextContent('jordan@example.org');
    expect(quoteRow).toHaveTextContent('(202) 555-0143');
    expect(
      within(quoteRow).getByText(`${text.event} Dec 12, 2026 · ${text.guests('120')}`),
    ).toBeVisible();
    expect(within(quoteRow).getByText(adminText.statuses.new)).toBeVisible();

    expect(screen.getByRole('link', { name: 'Ana López' })).toHaveAttribute(
      'href',
      '#/submissions/a-1',
    );
    const applicationRow = rowOf('Ana López');
    expect(applicationRow).toHaveTextContent(adminText.forms.application ?? 'application');
    expect(applicationRow).toHaveTextContent('ana@example.net');
    expect(applicationRow).toHaveTextContent('+44 20 7946 0958');
    expect(
      within(applicationRow).getByText(
        `${positionOptions[1]?.label}, ${positionOptions[8]?.label}`,
      ),
    ).toBeVisible();
    expect(within(applicationRow).getByText(adminText.statuses.in_progress)).toBeVisible();
    expect(within(applicationRow).getByText(text.withResume)).toBeVisible();
    expect(within(quoteRow).queryByText(text.withResume)).toBeNull();

    expect(screen.getByRole('status')).toHaveTextContent(text.shown(2, false));
  });

  it('marks only what arrived since the last visit', async () => {
    signedIn();
    await renderInbox();
    await screen.findByRole('link', { name: 'Jordan Rivera' });

    expect(within(rowOf('Jordan Rivera')).getByText(text.sinceLastVisit)).toBeVisible();
    expect(within(rowOf('Ana López')).queryByText(text.sinceLastVisit)).toBeNull();
    expect(screen.getAllByText(text.sinceLastVisit)).toHaveLength(1);
  });

  it('shows a name written as HTML as text', async () => {
    const name = '<img src=x onerror=alert(1)>';
    signedIn(() =>
      json({ ...firstPage, items: [{ ...quote, fields: { ...quote.fields, clientName: name } }] }),
    );
    await renderInbox();

    expect(await screen.findByRole('link', { name })).toHaveTextContent(name);
    expect(document.querySelector('img')).toBeNull();
  });

  it('searches once typing stops, not on every key', async () => {
    const api = signedIn();
    await renderInbox();
    await screen.findByRole('link', { name: 'Jordan Rivera' });
    expect(api.calls(SUBMISSIONS)).toHaveLength(1);

    const user = useFakeTimers();
    const search = screen.getByRole('searchbox', { name: text.search });
    await user.type(search, 'riv');
    await act(() => vi.advanceTimersByTimeAsync(200));
    await user.type(search, 'era ');
    await act(() => vi.advanceTimersByTimeAsync(249));
    expect(api.calls(SUBMISSIONS)).toHaveLength(1);

    await act(() => vi.advanceTimersByTimeAsync(1));
    const calls = api.calls(SUBMISSIONS);
    expect(calls).toHaveLength(2);
    expect(calls[1]?.url.searchParams.get('q')).toBe('rivera');
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(api.calls(SUBMISSIONS)).toHaveLength(2);
    expect(window.location.hash).toBe('#/?q=rivera');
    expect(search).toHaveValue('rivera ');
  });

  it('searches at once when the box is left, and no search follows a row opened then', async () => {
    const api = signedIn();
    api.on('GET /admin/api/submissions/q-1', () => deferred<Response>().promise);
    await renderInbox();
    await screen.findByRole('link', { name: 'Jordan Rivera' });

    const user = useFakeTimers();
    await user.type(screen.getByRole('searchbox', { name: text.search }), 'jordan');
    await user.tab();
    expect(window.location.hash).toBe('#/?q=jordan');
    await waitFor(() => expect(api.calls(SUBMISSIONS)).toHaveLength(2));

    await user.type(screen.getByRole('searchbox', { name: text.search }), ' rivera');
    // A tap within the search's pause: the search goes first, then the row opens, and stays open.
    await user.click(screen.getByRole('link', { name: 'Jordan Rivera' }));
    await act(() => vi.advanceTimersByTimeAsync(1000));
    // The row's link carries the search it was found by (Back returns to it).
    expect(window.location.hash).toBe('#/submissions/q-1?q=jordan+rivera');
  });

  it('lists one form when the form filter is chosen', async () => {
    const api = signedIn();
    const user = userEvent.setup();
    await renderInbox();
    await screen.findByRole('link', { name: 'Jordan Rivera' });
    api.on(SUBMISSIONS, () => json({ ...firstPage, items: [quote] }));

    await user.selectOptions(screen.getByRole('combobox', { name: text.form }), 'quote');

    await waitFor(() => expect(api.calls(SUBMISSIONS)).toHaveLength(2));
    expect(api.calls(SUBMISSIONS)[1]?.url.searchParams.get('form')).toBe('quote');
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Ana López' })).toBeNull());
    expect(screen.getByRole('link', { name: 'Jordan Rivera' })).toBeVisible();
    expect(screen.getByRole('button', { name: text.clear })).toBeVisible();
  });

  it('shows more with the cursor of the page before, below what is shown', async () => {
    const later: InboxItem = {
      ...application,
      id: 'a-2',
      receivedAt: seenBefore - 48 * HOUR,
      fields: { ...application.fields, fullName: 'Sam Okafor' },
    };
    const api = signedIn((request) =>
      request.url.searchParams.get('after') === 'cursor-2'
        ? json({ ...firstPage, items: [later], next: null })
        : json({ ...firstPage, next: 'cursor-2' }),
    );
    const user = userEvent.setup();
    await renderInbox();
    await screen.findByRole('link', { name: 'Jordan Rivera' });
    expect(screen.getByRole('status')).toHaveTextContent(text.shown(2, true));

    await user.click(screen.getByRole('button', { name: text.more }));

    expect(await screen.findByRole('link', { name: 'Sam Okafor' })).toBeVisible();
    const calls = api.calls(SUBMISSIONS);
    expect(calls).toHaveLength(2);
    expect(calls[1]?.url.searchParams.get('after')).toBe('cursor-2');
    expect(
      screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent),
    ).toEqual(['Jordan Rivera', 'Ana López', 'Sam Okafor']);
    expect(screen.queryByRole('button', { name: text.more })).toBeNull();
    expect(screen.getByRole('status')).toHaveTextContent(text.shown(3, false));
  });

  it('drops a further page that arrives after the filters changed', async () => {
    const more = deferred<Response>();
    const api = signedIn((request) => {
      if (request.url.searchParams.get('after')) return more.promise;
      return request.url.searchParams.get('status') === 'new'
        ? json({ ...firstPage, items: [quote], next: null })
        : json({ ...firstPage, next: 'cursor-2' });
    });
    const user = userEvent.setup();
    await renderInbox();
    await screen.findByRole('link', { name: 'Ana López' });

    await user.click(screen.getByRole('button', { name: text.more }));
    expect(screen.getByRole('button', { name: text.loadingMore })).toBeDisabled();
    await user.click(screen.getByRole('link', { name: `${adminText.statuses.new} 1` }));
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Ana López' })).toBeNull());

    const stale = json({ ...firstPage, items: [{ ...application, id: 'a-2' }], next: null });
    await act(async () => more.resolve(stale));
    await waitFor(() => expect(stale.bodyUsed).toBe(true));
    await act(async () => {});

    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'Jordan Rivera',
    ]);
    expect(api.calls(SUBMISSIONS).map((call) => call.url.search)).toEqual([
      '',
      '?after=cursor-2',
      '?status=new',
    ]);
  });

  it('drops a first page whose reading was cut short by a change of filters', async () => {
    // As a real fetch does when its signal aborts after the answer came: the body errors.
    const cutShort = (request: FakeRequest) =>
      new Response(
        new ReadableStream<Uint8Array>({
          start(controller) {
            controller.enqueue(new TextEncoder().encode('{"items":['));
            request.signal?.addEventListener('abort', () =>
              controller.error(new DOMException('The operation was aborted.', 'AbortError')),
            );
          },
        }),
        { status: 200, headers: { 'Content-Type': 'application/json' } },
      );
    const quotes = deferred<Response>();
    const api = signedIn((request) =>
      request.url.searchParams.get('form') === 'quote' ? quotes.promise : cutShort(request),
    );
    const user = userEvent.setup();
    await renderInbox();
    await waitFor(() => expect(api.calls(SUBMISSIONS)).toHaveLength(1));

    await user.selectOptions(screen.getByRole('combobox', { name: text.form }), 'quote');
    await waitFor(() => expect(api.calls(SUBMISSIONS)).toHaveLength(2));
    await act(async () => {});
    expect(screen.getByText(adminText.loading)).toBeVisible();
    quotes.resolve(json({ ...firstPage, items: [quote] }));

    expect(await screen.findByRole('link', { name: 'Jordan Rivera' })).toBeVisible();
    expect(screen.queryByRole('link', { name: 'Ana López' })).toBeNull();
  });

  it('says when the list could not be loaded, and tries again on request', async () => {
    const api = signedIn(() => json({ ok: false, error: 'Internal' }, 500));
    const user = userEvent.setup();
    await renderInbox();

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(text.loadFailed);
    api.on(SUBMISSIONS, () => json(firstPage));
    await user.click(within(alert).getByRole('button', { name: text.retry }));

    expect(await screen.findByRole('link', { name: 'Jordan Rivera' })).toBeVisible();
    expect(api.calls(SUBMISSIONS)).toHaveLength(2);
    expect(screen.queryByText(text.loadFailed)).toBeNull();
  });

  it('goes back to the sign-in when the session has ended', async () => {
    signedIn(() => json({ ok: false, error: 'Unauthorized', sessionEnded: true }, 401));
    window.location.hash = '#/';
    render(<AdminApp />);

    expect(
      await screen.findByRole('heading', { level: 1, name: adminText.signIn.heading }),
    ).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(adminText.signIn.expired);
    expect(screen.queryByRole('heading', { name: text.heading })).toBeNull();
    expect(screen.queryByText(session.email)).toBeNull();
  });
});
