import { alertNotificationText as text } from '../../content/admin-alerts';
import type { PushMessage } from '../contract';

/** The inbox's icon (the web app manifest's, made by the build from the logo). */
export const NOTIFICATION_ICON = '/admin/icons/icon-192.png';

const INBOX = '/admin/';
const FALLBACK_TAG = 'inbox';

/** What a shown notification carries, to open on a tap. */
interface NotificationData {
  url: string;
}

/** A page of this inbox (same origin, under /admin/), as an absolute URL; else the inbox's start. */
function inboxUrl(scope: ServiceWorkerGlobalScope, url: unknown): string {
  const origin = scope.location.origin;
  const start = new URL(INBOX, origin).href;
  if (typeof url !== 'string') return start;
  try {
    const target = new URL(url, origin);
    return target.origin === origin && target.pathname.startsWith(INBOX) ? target.href : start;
  } catch {
    return start;
  }
}

function readMessage(data: PushMessageData | null): Partial<PushMessage> | undefined {
  try {
    const value: unknown = data?.json();
    return typeof value === 'object' && value !== null
      ? (value as Partial<PushMessage>)
      : undefined;
  } catch {
    return undefined;
  }
}

const textOf = (value: unknown) => (typeof value === 'string' && value.trim() ? value : undefined);

/**
 * A push's notification: its title, line and page; a push whose words cannot be read (empty, not
 * JSON, missing its title) still says there is something new, and opens the inbox.
 */
function notificationOf(
  scope: ServiceWorkerGlobalScope,
  data: PushMessageData | null,
): { title: string; options: NotificationOptions } {
  const message = readMessage(data);
  const title = textOf(message?.title);
  const data_: NotificationData = { url: inboxUrl(scope, title ? message?.url : undefined) };
  return {
    title: title ?? text.fallbackTitle,
    options: {
      body: (title && textOf(message?.body)) ?? text.fallbackBody,
      tag: (title && textOf(message?.tag)) ?? FALLBACK_TAG,
      data: data_,
      icon: NOTIFICATION_ICON,
    },
  };
}

/**
 * A tap on a notification: an inbox window already open is focused and shown the submission; none
 * open (or one that cannot be moved), a new one is opened on it. Only this inbox's pages are opened.
 */
async function openFromNotification(
  scope: ServiceWorkerGlobalScope,
  notification: Notification,
): Promise<void> {
  notification.close();
  const data = notification.data as Partial<NotificationData> | null;
  const url = inboxUrl(scope, data?.url);
  const windows = await scope.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const inbox = windows.find((client) => new URL(client.url).pathname.startsWith(INBOX));
  if (inbox) {
    // Focus may be refused (no tap behind the event); the window is still shown the page.
    const focused = await inbox.focus().catch(() => inbox);
    const moved = await focused.navigate(url).catch(() => null);
    if (moved) return;
  }
  await scope.clients.openWindow(url).catch(() => null);
}

/** waitUntil throws on an event the worker made itself (not the browser's): its work still runs. */
function keepAlive(event: ExtendableEvent, work: Promise<unknown>): void {
  try {
    event.waitUntil(work);
  } catch {
    // An untrusted event: nothing to keep alive.
  }
}

/**
 * The service worker's pushes (docs/push.md): a push shows its notification, a tap on it opens the
 * submission's page in the inbox (a window of it already open, or a new one).
 */
export function listenForPushes(scope: ServiceWorkerGlobalScope): void {
  scope.addEventListener('push', (event) => {
    const { title, options } = notificationOf(scope, event.data);
    keepAlive(event, scope.registration.showNotification(title, options));
  });
  scope.addEventListener('notificationclick', (event) => {
    keepAlive(event, openFromNotification(scope, event.notification));
  });
}
