import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { adminText } from '../../content/admin';
import { expectAlertSaying } from '../../test/alert';
import { fakeFetch, json } from '../../test/fake-fetch';
import { AdminApp } from '../admin-app';
import type { PushDevice, PushState } from '../contract';

const text = adminText.devices;
const owner = 'owner@example.com';
const API = '/admin/api/push';
const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
/** 65 bytes of key, base64url, as the server gives its VAPID public key. */
const PUBLIC_KEY = 'B' + 'A'.repeat(86);
const P256DH = 'B' + 'p'.repeat(86);
const AUTH = 'a'.repeat(22);
const THIS_ENDPOINT = 'https://fcm.googleapis.com/fcm/send/this-phone';
const at = (day: number) => new Date(2026, 10, day, 9, 15).getTime();

const laptop: PushDevice = {
  id: 1,
  label: 'Firefox on Windows',
  createdAt: at(2),
  lastSentAt: at(20),
  endpoint: 'https://updates.push.services.mozilla.com/wpush/v2/laptop',
};

interface FakeSubscription {
  endpoint: string;
  toJSON: () => PushSubscriptionJSON;
  unsubscribe: ReturnType<typeof vi.fn>;
}

function subscription(endpoint: string): FakeSubscription {
  return {
    endpoint,
    toJSON: () => ({ endpoint, expirationTime: null, keys: { p256dh: P256DH, auth: AUTH } }),
    unsubscribe: vi.fn(() => Promise.resolve(true)),
  };
}

/** A browser with push: its service worker's registration, PushManager, and Notification. */
function pushBrowser({
  userAgent = ANDROID_CHROME,
  permission = 'default' as NotificationPermission,
  answer = 'granted' as NotificationPermission,
  subscribed = undefined as FakeSubscription | undefined,
  push = true,
  standalone = false,
} = {}) {
  let current = subscribed ?? null;
  const pushManager = {
    getSubscription: vi.fn(() => Promise.resolve(current)),
    subscribe: vi.fn((options: PushSubscriptionOptionsInit) => {
      void options;
      current = subscription(THIS_ENDPOINT);
      return Promise.resolve(current);
    }),
  };
  const registration = { pushManager };
  const requestPermission = vi.fn(() => Promise.resolve(answer));
  Object.defineProperty(navigator, 'userAgent', { configurable: true, value: userAgent });
  Object.defineProperty(navigator, 'standalone', { configurable: true, value: standalone });
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: {
      ready: Promise.resolve(registration),
      getRegistration: () => Promise.resolve(registration),
    },
  });
  if (push) vi.stubGlobal('PushManager', function PushManager() {});
  vi.stubGlobal('Notification', { permission, requestPermission });
  return { pushManager, requestPermission, current: () => current };
}

function server(devices: PushDevice[] = [laptop]) {
  const state: PushState = { publicKey: PUBLIC_KEY, devices };
  return fakeFetch({
    'GET /admin/api/session': () => json({ email: owner, seenBefore: at(1) }),
    [`GET ${API}`]: () => json(state),
    [`POST ${API}/devices`]: ({ body }) => {
      const sent = body as { endpoint: string; label: string };
      return json(
        { id: 7, label: sent.label, createdAt: at(27), lastSentAt: null, endpoint: sent.endpoint },
        201,
      );
    },
    [`DELETE ${API}/devices/1`]: () => new Response(null, { status: 204 }),
    [`DELETE ${API}/devices/7`]: () => new Response(null, { status: 204 }),
  });
}

async function renderDevices() {
  window.location.hash = '#/devices';
  render(<AdminApp />);
  await screen.findByRole('heading', { level: 1, name: text.heading });
  await screen.findByRole('region', { name: text.list });
}

const thisDevice = () => within(screen.getByRole('region', { name: text.thisDevice }));
const turnOffButton = (label: string) =>
  screen.getByRole('button', { name: `${text.turnOff} ${label}` });
const turnOn = () => screen.getByRole('button', { name: text.turnOn });

afterEach(() => {
  vi.unstubAllGlobals();
  for (const key of ['userAgent', 'standalone', 'serviceWorker']) {
    Reflect.deleteProperty(navigator, key);
  }
});

describe('DevicesPage', () => {
  it('is linked from every page of the inbox, and says what is pushed', async () => {
    pushBrowser();
    server();
    await renderDevices();
    expect(screen.getByRole('link', { name: text.headerLink })).toHaveAttribute(
      'href',
      '#/devices',
    );
    expect(screen.getByText(text.intro)).toBeInTheDocument();
  });

  it('asks the permission from the tap, subscribes with the server’s key and keeps the device', async () => {
    const browser = pushBrowser();
    const fetches = server([laptop]);
    await renderDevices();
    await waitFor(() => expect(thisDevice().getByText(text.off)).toBeInTheDocument());

    await userEvent.click(turnOn());

    await waitFor(() => expect(thisDevice().getByText(text.on)).toBeInTheDocument());
    expect(browser.requestPermission).toHaveBeenCalledTimes(1);
    const options = browser.pushManager.subscribe.mock.calls[0]?.[0];
    expect(options?.userVisibleOnly).toBe(true);
    const key = new Uint8Array(65);
    key[0] = 4;
    expect(options?.applicationServerKey).toEqual(key);
    expect(fetches.calls(`POST ${API}/devices`).map((call) => call.body)).toEqual([
      { endpoint: THIS_ENDPOINT, keys: { p256dh: P256DH, auth: AUTH }, label: 'Chrome on Android' },
    ]);
    const items = within(screen.getByRole('region', { name: text.list })).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[1]).toHaveTextContent('Chrome on Android' + text.thisDeviceMark);
    expect(items[1]).toHaveTextContent(text.noAlertYet);
    expect(screen.queryByRole('button', { name: text.turnOn })).not.toBeInTheDocument();
  });

  it('asks nothing before the tap, and calls requestPermission inside the tap itself', async () => {
    const browser = pushBrowser();
    server();
    await renderDevices();
    await waitFor(() => expect(turnOn()).toBeEnabled());
    expect(browser.requestPermission).not.toHaveBeenCalled();
    // Synchronously within the click: a prompt asked after an await would have lost the tap.
    turnOn().click();
    expect(browser.requestPermission).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(thisDevice().getByText(text.on)).toBeInTheDocument());
  });

  it('lists every device with since when and its last alert, this one marked', async () => {
    pushBrowser({ subscribed: subscription(THIS_ENDPOINT) });
    const phone: PushDevice = {
      ...laptop,
      id: 7,
      label: 'Chrome on Android',
      lastSentAt: null,
      endpoint: THIS_ENDPOINT,
    };
    server([laptop, phone]);
    await renderDevices();
    await waitFor(() => expect(thisDevice().getByText(text.on)).toBeInTheDocument());
    const [first, second] = within(screen.getByRole('region', { name: text.list })).getAllByRole(
      'listitem',
    );
    expect(first).toHaveTextContent('Firefox on Windows');
    expect(first).toHaveTextContent('On since Nov 2, 2026, 9:15 AM');
    expect(first).toHaveTextContent('Last alert Nov 20, 2026, 9:15 AM');
    expect(first).not.toHaveTextContent(text.thisDeviceMark);
    expect(second).toHaveTextContent(`Chrome on Android${text.thisDeviceMark}`);
    expect(second).toHaveTextContent(text.noAlertYet);
    expect(turnOffButton('Firefox on Windows')).toBeInTheDocument();
  });

  it('turns another device off on the server only', async () => {
    const browser = pushBrowser({ subscribed: subscription(THIS_ENDPOINT) });
    const fetches = server([laptop]);
    await renderDevices();
    await userEvent.click(turnOffButton('Firefox on Windows'));
    await waitFor(() =>
      expect(screen.getByText(text.turnedOff('Firefox on Windows'))).toBeInTheDocument(),
    );
    expect(fetches.calls(`DELETE ${API}/devices/1`)).toHaveLength(1);
    expect(browser.current()?.unsubscribe).not.toHaveBeenCalled();
    expect(screen.getByText(text.none)).toBeInTheDocument();
  });

  it('turns this device off on the server and in the browser', async () => {
    const mine = subscription(THIS_ENDPOINT);
    pushBrowser({ subscribed: mine });
    const fetches = server([
      { ...laptop, id: 7, label: 'Chrome on Android', endpoint: THIS_ENDPOINT },
    ]);
    await renderDevices();
    await waitFor(() => expect(thisDevice().getByText(text.on)).toBeInTheDocument());
    await userEvent.click(turnOffButton('Chrome on Android'));
    await waitFor(() => expect(thisDevice().getByText(text.off)).toBeInTheDocument());
    expect(fetches.calls(`DELETE ${API}/devices/7`)).toHaveLength(1);
    expect(mine.unsubscribe).toHaveBeenCalledTimes(1);
    expect(turnOn()).toBeEnabled();
  });

  it('keeps a device whose turning off failed, and says so', async () => {
    pushBrowser();
    const fetches = server([laptop]);
    fetches.on(`DELETE ${API}/devices/1`, () => json({ ok: false, error: 'down' }, 500));
    await renderDevices();
    await userEvent.click(turnOffButton('Firefox on Windows'));
    await waitFor(() =>
      expect(screen.getByText(text.turnOffFailed('Firefox on Windows'))).toBeInTheDocument(),
    );
    expect(turnOffButton('Firefox on Windows')).toBeEnabled();
  });

  it('says when this browser cannot get alerts at all', async () => {
    pushBrowser({ push: false });
    server();
    await renderDevices();
    expect(thisDevice().getByText(text.unsupported)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: text.turnOn })).not.toBeInTheDocument();
  });

  it('tells an iPhone’s Safari, in one sentence, to add the inbox to the Home Screen first', async () => {
    pushBrowser({ userAgent: IPHONE_SAFARI, push: false });
    server();
    await renderDevices();
    expect(thisDevice().getByText(text.installFirst)).toBeInTheDocument();
    expect(text.installFirst.match(/[.!?](\s|$)/g)).toHaveLength(1);
    expect(screen.queryByRole('button', { name: text.turnOn })).not.toBeInTheDocument();
  });

  it('offers alerts on an iPhone whose inbox was opened from the Home Screen', async () => {
    pushBrowser({ userAgent: IPHONE_SAFARI, standalone: true });
    const fetches = server([]);
    await renderDevices();
    await userEvent.click(await screen.findByRole('button', { name: text.turnOn }));
    await waitFor(() => expect(thisDevice().getByText(text.on)).toBeInTheDocument());
    expect(fetches.calls(`POST ${API}/devices`)[0]?.body).toMatchObject({
      label: 'Safari on iPhone',
    });
  });

  it('says how to allow alerts again when the browser blocks them', async () => {
    pushBrowser({ permission: 'denied' });
    server();
    await renderDevices();
    expect(thisDevice().getByText(text.denied)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: text.turnOn })).not.toBeInTheDocument();
  });

  it('says so when the owner refuses the prompt, and subscribes to nothing', async () => {
    const browser = pushBrowser({ answer: 'denied' });
    const fetches = server();
    await renderDevices();
    await userEvent.click(await screen.findByRole('button', { name: text.turnOn }));
    await waitFor(() => expect(thisDevice().getByText(text.denied)).toBeInTheDocument());
    expect(browser.pushManager.subscribe).not.toHaveBeenCalled();
    expect(fetches.calls(`POST ${API}/devices`)).toHaveLength(0);
  });

  it('says why when the browser cannot subscribe (no push service reachable)', async () => {
    const browser = pushBrowser();
    const fetches = server();
    browser.pushManager.subscribe.mockRejectedValue(
      new DOMException('Registration failed - push service error', 'AbortError'),
    );
    await renderDevices();
    await userEvent.click(await screen.findByRole('button', { name: text.turnOn }));
    await expectAlertSaying(text.subscribeFailed(text.reasons.unreachable));
    expect(fetches.calls(`POST ${API}/devices`)).toHaveLength(0);
    expect(thisDevice().getByText(text.off)).toBeInTheDocument();
  });

  it.each([
    ['a failure', () => json({ ok: false, error: 'Internal' }, 500), text.saveFailed],
    [
      'a refusal',
      () => json({ ok: false, error: 'This address is not a push service’s.' }, 422),
      text.saveRefused('This address is not a push service’s.'),
    ],
    [
      'a refusal for too many devices',
      () => json({ ok: false, error: 'You have 20 devices with alerts on already.' }, 409),
      text.saveRefused('You have 20 devices with alerts on already.'),
    ],
  ])('unsubscribes again after %s to keep the device, and says so', async (_, answer, message) => {
    const browser = pushBrowser();
    const fetches = server();
    fetches.on(`POST ${API}/devices`, answer);
    await renderDevices();
    await userEvent.click(await screen.findByRole('button', { name: text.turnOn }));
    await expectAlertSaying(message);
    expect(browser.current()?.unsubscribe).toHaveBeenCalledTimes(1);
    expect(thisDevice().getByText(text.off)).toBeInTheDocument();
  });

  it('says the devices did not load, and loads them again on request', async () => {
    pushBrowser();
    const fetches = server();
    fetches.on(`GET ${API}`, () => json({ ok: false, error: 'x' }, 500));
    window.location.hash = '#/devices';
    render(<AdminApp />);
    await expectAlertSaying(text.loadFailed);
    fetches.on(`GET ${API}`, () => json({ publicKey: PUBLIC_KEY, devices: [laptop] }));
    await userEvent.click(screen.getByRole('button', { name: text.retry }));
    await screen.findByRole('region', { name: text.list });
  });
});
