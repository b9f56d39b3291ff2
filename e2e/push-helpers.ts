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
