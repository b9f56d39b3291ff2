/**
 * The inbox under its service worker, for the push specs (whole browser): signed in with the worker
 * in control, its registration as the DevTools protocol names it, the notifications it shows.
 */
import { expect, type BrowserContext, type Page } from '@playwright/test';
import { adminText } from '../src/content/admin';
import { signInToInbox } from './receiver-helpers';

/** The inbox signed in, with its service worker active and in control of the page. */
export async function inboxUnderItsWorker(page: Page, owner: string, password: string) {
  await signInToInbox(page, owner, password);
  await expect(page.getByRole('button', { name: adminText.header.signOut })).toBeVisible();
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  if (!(await page.evaluate(() => navigator.serviceWorker.controller !== null)))
    await page.reload();
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null))
    .toBe(true);
}

/** The inbox's service worker's registration id, as the DevTools protocol names it. */
export async function registrationOf(context: BrowserContext, page: Page, scope: string) {
  const cdp = await context.newCDPSession(page);
  const found = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const inbox = registrations.find((each) => each.scopeURL === scope && !each.isDeleted);
      if (inbox) resolve(inbox.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  return { cdp, registrationId: await found };
}

/** The notifications the inbox's registration shows, as the page reads them. */
export function shownNotifications(page: Page) {
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    const shown = await registration.getNotifications();
    return shown.map((each) => ({
      title: each.title,
      body: each.body,
      tag: each.tag,
      data: each.data as unknown,
    }));
  });
}

/** Delivers `data` to the inbox's service worker as its push service would (DevTools protocol). */
export async function deliverPush(
  context: BrowserContext,
  page: Page,
  origin: string,
  data: string,
): Promise<void> {
  const { cdp, registrationId } = await registrationOf(context, page, `${origin}/admin/`);
  await cdp.send('ServiceWorker.deliverPushMessage', { origin, registrationId, data });
}

/**
 * Clicks the notification the worker shows. A real tap cannot be made through the protocol: the
 * worker is sent the same event, which its own handler (push-events.ts) answers as the browser's.
 */
export async function clickNotification(context: BrowserContext): Promise<void> {
  const worker = context.serviceWorkers().find((each) => each.url().endsWith('/admin/sw.js'));
  if (!worker) throw new Error('no service worker for /admin/');
  await worker.evaluate(`(async () => {
    const [notification] = await self.registration.getNotifications();
    self.dispatchEvent(new NotificationEvent('notificationclick', { notification }));
  })()`);
}
