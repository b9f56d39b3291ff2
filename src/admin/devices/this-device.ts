import { adminText } from '../../content/admin';
import { ApiError, pushApi } from '../api';
import type { PushDevice, PushDeviceBody } from '../contract';
import { deviceLabel, isAppleTouch } from './device-label';

const text = adminText.devices;

/** What this browser can do about alerts, before the owner taps anything. */
export type Capability = 'supported' | 'unsupported' | 'install-first' | 'denied';

interface StandaloneNavigator extends Navigator {
  /** Safari's own: true in a web app opened from the Home Screen. */
  standalone?: boolean;
}

function isStandalone(): boolean {
  return (
    (navigator as StandaloneNavigator).standalone === true ||
    (typeof window.matchMedia === 'function' &&
      window.matchMedia('(display-mode: standalone)').matches)
  );
}

/**
 * Push needs a service worker, PushManager and Notification; on an iPhone or iPad Safari has them
 * only in a web app opened from the Home Screen (iOS 16.4 and later).
 */
export function capability(): Capability {
  if (isAppleTouch(navigator.userAgent, navigator.maxTouchPoints) && !isStandalone()) {
    return 'install-first';
  }
  if (!('serviceWorker' in navigator) || !('PushManager' in window) || !('Notification' in window))
    return 'unsupported';
  return Notification.permission === 'denied' ? 'denied' : 'supported';
}

/** This browser's subscription's endpoint, if it has one (none without a service worker yet). */
export async function currentEndpoint(): Promise<string | undefined> {
  const registration = await navigator.serviceWorker.getRegistration('/admin/');
  const subscription = await registration?.pushManager.getSubscription();
  return subscription?.endpoint;
}

const READY_WAIT_MS = 10_000;

function readyRegistration(): Promise<ServiceWorkerRegistration> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('not ready')), READY_WAIT_MS);
    navigator.serviceWorker.ready.then((registration) => {
      clearTimeout(timer);
      resolve(registration);
    }, reject);
  });
}

/** Why PushManager.subscribe failed, in words. */
function subscribeFailure(error: unknown): string {
  if (error instanceof DOMException) {
    if (error.name === 'AbortError') return text.reasons.unreachable;
    if (error.name === 'NotAllowedError') return text.reasons.blocked;
  }
  if (error instanceof Error && error.message === 'not ready') return text.reasons.notReady;
  return text.reasons.other(error instanceof Error ? error.message : '');
}

/** The VAPID public key (base64url) as the bytes PushManager.subscribe takes. */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '='));
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}

async function subscribe(manager: PushManager, publicKey: string) {
  const options = { userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) };
  const before = await manager.getSubscription();
  try {
    return { subscription: await manager.subscribe(options), made: before === null };
  } catch (error) {
    // Subscribed before with another key (the server's keys changed): that one goes first.
    if (!(error instanceof DOMException && error.name === 'InvalidStateError') || !before) {
      throw error;
    }
    await before.unsubscribe();
    return { subscription: await manager.subscribe(options), made: true };
  }
}

export type TurnOn =
  | { ok: true; device: PushDevice }
  | { ok: false; state: 'denied' | 'dismissed' }
  | { ok: false; message: string };

function bodyOf(subscription: PushSubscription): PushDeviceBody {
  const json = subscription.toJSON();
  return {
    endpoint: json.endpoint ?? subscription.endpoint,
    keys: { p256dh: json.keys?.['p256dh'] ?? '', auth: json.keys?.['auth'] ?? '' },
    label: deviceLabel(navigator.userAgent, navigator.maxTouchPoints),
  };
}

/**
 * 'Notify me on this device': asks the permission first (it must come from the tap itself), then
 * subscribes and tells the server. A failed save leaves no subscription it made behind.
 */
export async function turnOnThisDevice(publicKey: string): Promise<TurnOn> {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') {
    return { ok: false, state: permission === 'denied' ? 'denied' : 'dismissed' };
  }
  let made: Awaited<ReturnType<typeof subscribe>>;
  try {
    made = await subscribe((await readyRegistration()).pushManager, publicKey);
  } catch (error) {
    return { ok: false, message: text.subscribeFailed(subscribeFailure(error)) };
  }
  try {
    return { ok: true, device: await pushApi.addDevice(bodyOf(made.subscription)) };
  } catch (error) {
    if (made.made) await made.subscription.unsubscribe().catch(() => false);
    // 422: not a push service's endpoint; 409: too many devices. The server says why in words.
    const refused =
      error instanceof ApiError &&
      (error.status === 422 || error.status === 409) &&
      error.body.error;
    return { ok: false, message: refused ? text.saveRefused(refused) : text.saveFailed };
  }
}

/** 'Turn off': the server forgets the device; if it is this one, the browser's subscription goes too. */
export async function turnOff(device: PushDevice, thisOne: boolean): Promise<void> {
  try {
    await pushApi.removeDevice(device.id);
  } catch (error) {
    // Gone already (another tab, or its push service said it was gone): what was asked is done.
    if (!(error instanceof ApiError && error.status === 404)) throw error;
  }
  if (!thisOne) return;
  const registration = await navigator.serviceWorker.getRegistration('/admin/');
  const subscription = await registration?.pushManager.getSubscription();
  await subscription?.unsubscribe();
}
