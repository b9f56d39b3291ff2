import userEvent from '@testing-library/user-event';
import { act, screen, within } from '@testing-library/react';
import { adminText } from '../../content/admin';
import { fakeFetch, json } from '../../test/fake-fetch';
import type { InboxPage, SessionInfo } from '../contract';
import { firstPaintHtml } from '../first-paint';

// main.tsx's other work, not this test's: the fonts after the load, the service worker.
vi.mock('../../web-fonts', () => ({ applyCachedWebFonts() {}, loadWebFontsAfterLoad() {} }));
vi.mock('../register-service-worker', () => ({ registerServiceWorker() {} }));

const SESSION = 'GET /admin/api/session';
const SUBMISSIONS = 'GET /admin/api/submissions';
const session: SessionInfo = { email: 'owner@example.com', seenBefore: 0 };
const emptyPage: InboxPage = {
  items: [],
  next: null,
  counts: { new: 0, in_progress: 0, handled: 0, spam: 0 },
  needsReply: { open: 0, overdue: 0 },
};

afterEach(() => {
  vi.unstubAllGlobals();
  vi.resetModules();
  document.body.innerHTML = '';
});

/** The document as the server sends it (document-route.ts), then main.tsx run on it. */
async function startInbox(state: 'loading' | 'sign-in', hash: string) {
  window.location.hash = hash;
  document.body.innerHTML = `<div id="root">${firstPaintHtml(state)}</div>`;
  await act(async () => {
    await import('../main');
  });
}

// Its own file: main.tsx's root stays mounted after a test, and a later test's hash change moves it.
describe('a list asked for early (early-list.ts)', () => {
  it('is not used when the session has ended meanwhile: the next sign-in asks again', async () => {
    const before: InboxPage = { ...emptyPage, counts: { ...emptyPage.counts, new: 7 } };
    const after: InboxPage = { ...emptyPage, counts: { ...emptyPage.counts, new: 2 } };
    let asked = 0;
    const fetches = fakeFetch({
      [SESSION]: () => json({ error: 'x', sessionEnded: true }, 401),
      [SUBMISSIONS]: () => json((asked += 1) === 1 ? before : after),
      'POST /admin/api/sign-in': () => json(session),
    });
    await startInbox('loading', '#/');
    await screen.findByRole('heading', { level: 1, name: adminText.signIn.heading });
    expect(fetches.calls(SUBMISSIONS)).toHaveLength(1);

    const user = userEvent.setup();
    await user.type(screen.getByLabelText(adminText.signIn.email), session.email);
    await user.type(screen.getByLabelText(adminText.signIn.password), 'a password');
    await user.click(screen.getByRole('button', { name: adminText.signIn.submit }));
    await screen.findByRole('heading', { level: 1, name: adminText.inbox.heading });
    // The new session's own list (2 new), not the one asked for before (7).
    const statuses = screen.getByRole('navigation', { name: adminText.inbox.statusLabel });
    await within(statuses).findByRole('link', { name: `${adminText.statuses.new} 2` });
    expect(
      within(statuses).queryByRole('link', { name: `${adminText.statuses.new} 7` }),
    ).toBeNull();
  });
});
