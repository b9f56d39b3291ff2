import { createECDH, randomBytes } from 'node:crypto';
import { expect, type Page } from '@playwright/test';
import { adminText } from '../src/content/admin';
import type { PushMessage } from '../src/admin/contract';
import { quoteBody } from '../server/testing/fixtures';
import { expectNoAxeViolations, expectNoHorizontalScroll } from './fixtures';
import { receiverTest } from './receiver-fixture';
import {
  clickNotification,
  deliverPush,
  inboxUnderItsWorker,
  shownNotifications,
} from './push-helpers';

/**
 * Alerts on the owner's devices (issue 47), in the whole browser (service workers, notifications):
 * the service worker shows a push the DevTools protocol delivers, a tap on it opens the submission,
 * and the devices page at a phone's width.
 */

const password = 'a long e2e push devices password';
const owner = 'push.owner@example.com';
// A device's endpoint the server accepts (PUSH_ENDPOINT_ORIGINS) and never reaches: nothing listens.
const PUSH_ORIGIN = 'http://127.0.0.1:9';
const test = receiverTest({
  folder: 'e2e-push-',
  owner: { email: owner, password },
  env: { PUSH_ENDPOINT_ORIGINS: PUSH_ORIGIN },
});
const text = adminText.devices;

test.describe.configure({ mode: 'serial' });

test('a push shows its notification, and a tap on it opens the submission', async ({
  page,
  context,
  receiver,
}) => {
  const posted = await page.request.post('/api/forms/quote', {
    data: quoteBody(1, { clientName: 'Ana López' }),
  });
  const { id } = (await posted.json()) as { id: string };
  await context.grantPermissions(['notifications'], { origin: receiver.url });
  await inboxUnderItsWorker(page, owner, password);
  const message: PushMessage = {
    kind: 'lead',
    title: 'Quote request',
    body: 'Ana López, 90 guests, Saturday, December 26',
    url: `/admin/#/submissions/${id}`,
    tag: `lead:${id}`,
  };

  await deliverPush(context, page, receiver.url, JSON.stringify(message));
  await expect
    .poll(() => shownNotifications(page))
    .toEqual([
      {
        title: message.title,
        body: message.body,
        tag: message.tag,
        data: { url: `${receiver.url}/admin/#/submissions/${id}` },
      },
    ]);

  await clickNotification(context);
  await expect(page).toHaveURL(new RegExp(`#/submissions/${id}$`));
  await expect(page.getByRole('heading', { level: 1, name: /Ana López/ })).toBeVisible();
  await expect.poll(() => shownNotifications(page)).toEqual([]);
});

test('a push whose words cannot be read still says there is something new', async ({
  page,
  context,
  receiver,
}) => {
  await context.grantPermissions(['notifications'], { origin: receiver.url });
  await inboxUnderItsWorker(page, owner, password);
  await deliverPush(context, page, receiver.url, 'not json');
  await expect
    .poll(() => shownNotifications(page))
    .toEqual([
      {
        title: text.notification.fallbackTitle,
        body: text.notification.fallbackBody,
        tag: 'inbox',
        data: { url: `${receiver.url}/admin/` },
      },
    ]);
});

/** A device as a browser's subscription would add it: a real P-256 key, a 16-byte secret. */
async function addDevice(page: Page, label: string) {
  const body = {
    endpoint: `${PUSH_ORIGIN}/push/${randomBytes(8).toString('hex')}`,
    keys: {
      p256dh: createECDH('prime256v1').generateKeys().toString('base64url'),
      auth: randomBytes(16).toString('base64url'),
    },
    label,
  };
  const status = await page.evaluate(
    (json) =>
      fetch('/admin/api/push/devices', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify(json),
      }).then((answer) => answer.status),
    body,
  );
  expect(status).toBe(201);
}

test('the devices page on a phone: what is pushed, this device, the list, Turn off', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await inboxUnderItsWorker(page, owner, password);
  await addDevice(page, 'Firefox on Windows');
  await addDevice(page, 'Safari on iPhone');

  await page.getByRole('link', { name: text.headerLink }).click();
  await expect(page).toHaveURL(/#\/devices$/);
  await expect(page.getByRole('heading', { level: 1, name: text.heading })).toBeVisible();
  await expect(page.getByText(text.intro)).toBeVisible();
  const thisDevice = page.getByRole('region', { name: text.thisDevice });
  await expect(thisDevice.getByText(text.off)).toBeVisible();
  await expect(thisDevice.getByRole('button', { name: text.turnOn })).toBeVisible();
  const list = page.getByRole('region', { name: text.list });
  await expect(list.getByRole('listitem')).toHaveCount(2);

  await expectNoHorizontalScroll(page);
  await expectNoAxeViolations(page);
  await page.screenshot({ path: test.info().outputPath('devices-390.png'), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: test.info().outputPath('devices-1280.png'), fullPage: true });

  // By keyboard: the first device's Turn off, and the focus stays in the list.
  const turnOff = list.getByRole('button', { name: `${text.turnOff} Firefox on Windows` });
  await turnOff.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText(text.turnedOff('Firefox on Windows'))).toBeVisible();
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(page.getByRole('heading', { name: text.list })).toBeFocused();
  await page.reload();
  await expect(page.getByRole('region', { name: text.list }).getByRole('listitem')).toHaveCount(1);
});

test('turning alerts on with no push service in reach says why, and keeps nothing', async ({
  page,
  context,
  receiver,
}) => {
  // No internet here: Chromium's push service (FCM) cannot be reached, so subscribe() fails.
  await context.grantPermissions(['notifications'], { origin: receiver.url });
  await inboxUnderItsWorker(page, owner, password);
  await page.goto('/admin/#/devices');
  const list = page.getByRole('region', { name: text.list });
  const turnOn = page.getByRole('button', { name: text.turnOn });
  await expect(turnOn).toBeEnabled();
  const before = await list.getByRole('listitem').count();
  await turnOn.click();
  await expect(page.getByRole('alert')).toHaveText(text.subscribeFailed(text.reasons.unreachable));
  await expect(
    page.getByRole('region', { name: text.thisDevice }).getByText(text.off),
  ).toBeVisible();
  await expect(list.getByRole('listitem')).toHaveCount(before);
});
