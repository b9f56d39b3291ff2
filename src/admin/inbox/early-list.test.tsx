import { act, screen } from '@testing-library/react';
import { adminText } from '../../content/admin';
import { deferred, fakeFetch, json } from '../../test/fake-fetch';
import type { InboxPage, SessionInfo } from '../contract';
import { firstPaintHtml } from '../first-paint';
import { listKeyOf } from './early-list';

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

describe('the list on a signed-in document (early-list.ts)', () => {
  // First: each test's app stays mounted (main.tsx's root), and a later hash change moves it.
  it('is not asked for by a sign-in, nor on another page than the list', async () => {
    const fetches = fakeFetch({ [SESSION]: () => json({ error: 'x' }, 401) });
    await startInbox('sign-in', '#/');
    expect(fetches.calls(SUBMISSIONS)).toHaveLength(0);
    expect(listKeyOf('#/submissions/q-1')).toBeUndefined();
    expect(listKeyOf('#/weekly')).toBeUndefined();
    expect(listKeyOf('')).toBe('');
    expect(listKeyOf('#/?q=rivera&status=new')).toBe('q=rivera&status=new');
  });

  it('is asked for with the session, both as the script starts, and once', async () => {
    const sessionAnswer = deferred<Response>();
    const fetches = fakeFetch({
      [SESSION]: () => sessionAnswer.promise,
      [SUBMISSIONS]: () => json(emptyPage),
    });
    window.location.hash = '#/?status=new';
    document.body.innerHTML = `<div id="root">${firstPaintHtml('loading')}</div>`;
    await import('../main');
    // As the script runs, before React has hydrated the frame: both requests, side by side.
    expect(fetches.calls(SESSION)).toHaveLength(1);
    expect(fetches.calls(SUBMISSIONS)).toHaveLength(1);
    await act(async () => {});
    // The session has not answered yet: the list's request is on its way already.
    expect(fetches.calls(SUBMISSIONS)).toHaveLength(1);
    expect(fetches.calls(SUBMISSIONS)[0]?.url.searchParams.get('status')).toBe('new');

    await act(async () => sessionAnswer.resolve(json(session)));
    await screen.findByRole('heading', { level: 1, name: adminText.inbox.heading });
    // The filters ask for 'new' ones: the list's answer, from the early request, says none match.
    await screen.findByText(adminText.inbox.empty);
    expect(fetches.calls(SUBMISSIONS)).toHaveLength(1);
  });
});
