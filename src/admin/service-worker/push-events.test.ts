import { describe, expect, it, vi } from 'vitest';
import { adminText } from '../../content/admin';
import type { PushMessage } from '../contract';
import { listenForPushes, NOTIFICATION_ICON } from './push-events';

const ORIGIN = 'https://inbox.example';

type Listener = (event: unknown) => void;

interface FakeWindow {
  url: string;
  focus: ReturnType<typeof vi.fn>;
  navigate: ReturnType<typeof vi.fn>;
}

function fakeWindow(url: string, { canFocus = true } = {}): FakeWindow {
  const client: FakeWindow = {
    url,
    focus: vi.fn(() => (canFocus ? Promise.resolve(client) : Promise.reject(new Error('no')))),
    navigate: vi.fn((to: string) => Promise.resolve({ ...client, url: to })),
  };
  return client;
}

/** A ServiceWorkerGlobalScope with what push-events.ts uses, and the events it is sent. */
function fakeScope(windows: FakeWindow[] = []) {
  const listeners = new Map<string, Listener>();
  const showNotification = vi.fn((title: string, options: NotificationOptions) => {
    void title;
    void options;
    return Promise.resolve();
  });
  const openWindow = vi.fn((url: string) => Promise.resolve({ url }));
  const matchAll = vi.fn(() => Promise.resolve(windows));
  const scope = {
    location: new URL(`${ORIGIN}/admin/sw.js`),
    registration: { showNotification },
    clients: { matchAll, openWindow },
    addEventListener: (type: string, listener: Listener) => listeners.set(type, listener),
  };
  listenForPushes(scope as unknown as ServiceWorkerGlobalScope);

  /** Dispatches like the browser does, and waits for what the handler gave waitUntil. */
  async function dispatch(type: string, fields: object, { trusted = true } = {}) {
    const work: Promise<unknown>[] = [];
    const waitUntil = (promise: Promise<unknown>) => {
      if (!trusted) throw new DOMException('not trusted', 'InvalidStateError');
      work.push(promise);
    };
    listeners.get(type)?.({ ...fields, waitUntil });
    await Promise.all(work);
    // An untrusted event's work is not handed over: let it finish.
    await new Promise((resolve) => setTimeout(resolve, 0));
  }

  const push = (payload: string | null) =>
    dispatch('push', {
      data:
        payload === null
          ? null
          : { json: () => JSON.parse(payload) as unknown, text: () => payload },
    });
  const click = (data: unknown, options?: { trusted: boolean }) => {
    const notification = { data, close: vi.fn() };
    return { notification, done: dispatch('notificationclick', { notification }, options) };
  };
  return { showNotification, openWindow, matchAll, push, click };
}

const lead: PushMessage = {
  kind: 'lead',
  title: 'Quote request',
  body: 'Ana López, 90 guests, Saturday, December 26',
  url: '/admin/#/submissions/Q123',
  tag: 'lead:Q123',
};

describe('the push handler', () => {
  it('shows the push’s title, line and tag, with the submission’s page to open', async () => {
    const sw = fakeScope();
    await sw.push(JSON.stringify(lead));
    expect(sw.showNotification).toHaveBeenCalledWith('Quote request', {
      body: lead.body,
      tag: 'lead:Q123',
      data: { url: `${ORIGIN}/admin/#/submissions/Q123` },
      icon: NOTIFICATION_ICON,
    });
  });

  it.each([
    ['an empty push', null],
    ['a push that is not JSON', 'not json {'],
    ['a push without a title', JSON.stringify({ body: 'x', url: '/admin/#/submissions/1' })],
    ['a push of a list', '[1,2]'],
  ])('shows a plain notification for %s, never throwing', async (_, payload) => {
    const sw = fakeScope();
    await sw.push(payload);
    expect(sw.showNotification).toHaveBeenCalledWith(adminText.devices.notification.fallbackTitle, {
      body: adminText.devices.notification.fallbackBody,
      tag: 'inbox',
      data: { url: `${ORIGIN}/admin/` },
      icon: NOTIFICATION_ICON,
    });
  });

  it.each([
    'https://evil.example/admin/#/submissions/1',
    '//evil.example/admin/',
    'javascript:alert(1)',
    '/not-admin/',
  ])('never names a page outside the inbox (%s): the inbox’s start instead', async (url) => {
    const sw = fakeScope();
    await sw.push(JSON.stringify({ ...lead, url }));
    expect(sw.showNotification.mock.calls[0]?.[1].data).toEqual({ url: `${ORIGIN}/admin/` });
  });
});

describe('a tap on the notification', () => {
  it('closes it, focuses the open inbox and shows it the submission', async () => {
    const inbox = fakeWindow(`${ORIGIN}/admin/#/`);
    const sw = fakeScope([fakeWindow(`${ORIGIN}/`), inbox]);
    const { notification, done } = sw.click({ url: `${ORIGIN}/admin/#/submissions/Q123` });
    await done;
    expect(notification.close).toHaveBeenCalled();
    expect(sw.matchAll).toHaveBeenCalledWith({ type: 'window', includeUncontrolled: true });
    expect(inbox.focus).toHaveBeenCalled();
    expect(inbox.navigate).toHaveBeenCalledWith(`${ORIGIN}/admin/#/submissions/Q123`);
    expect(sw.openWindow).not.toHaveBeenCalled();
  });

  it('opens a new window on the submission when no inbox is open', async () => {
    const sw = fakeScope([fakeWindow(`${ORIGIN}/`)]);
    await sw.click({ url: `${ORIGIN}/admin/#/submissions/Q123` }).done;
    expect(sw.openWindow).toHaveBeenCalledWith(`${ORIGIN}/admin/#/submissions/Q123`);
  });

  it('opens a new window when the open one cannot be moved', async () => {
    const inbox = fakeWindow(`${ORIGIN}/admin/`);
    inbox.navigate.mockRejectedValue(new TypeError('not controlled'));
    const sw = fakeScope([inbox]);
    await sw.click({ url: `${ORIGIN}/admin/#/submissions/Q123` }).done;
    expect(sw.openWindow).toHaveBeenCalledWith(`${ORIGIN}/admin/#/submissions/Q123`);
  });

  it('refuses a page outside the inbox: the inbox’s start instead', async () => {
    const sw = fakeScope();
    await sw.click({ url: 'https://evil.example/admin/#/submissions/1' }).done;
    expect(sw.openWindow).toHaveBeenCalledWith(`${ORIGIN}/admin/`);
  });

  it('still shows the page for an event the worker made itself (no focus, no waitUntil)', async () => {
    const inbox = fakeWindow(`${ORIGIN}/admin/`, { canFocus: false });
    const sw = fakeScope([inbox]);
    const { done } = sw.click({ url: `${ORIGIN}/admin/#/submissions/Q9` }, { trusted: false });
    await done;
    expect(inbox.navigate).toHaveBeenCalledWith(`${ORIGIN}/admin/#/submissions/Q9`);
  });
});
