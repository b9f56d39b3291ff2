import { expect } from '@playwright/test';
import type { PushMessage } from '../src/admin/contract';
import { adminText } from '../src/content/admin';
import { quoteBody } from '../server/testing/fixtures';
import {
  clickNotification,
  deliverPush,
  inboxUnderItsWorker,
  shownNotifications,
} from './push-helpers';
import { receiverTest } from './receiver-fixture';

/**
 * A lead's push from end to end without the internet (issue 47): a quote posted to the built
 * server leaves as a Web Push (VAPID, RFC 8291) to a local push service, which checks and decrypts
 * it; its words, delivered to the inbox's service worker as the push service would, show as the
 * notification, and a tap on it opens the quote.
 */

const owner = 'push.end.to.end@example.com';
const password = 'a long e2e push end to end password';
const test = receiverTest({
  folder: 'e2e-push-e2e-',
  owner: { email: owner, password },
  push: true,
});

test("a quote posted reaches the owner's device as a push, and its tap opens the quote", async ({
  page,
  context,
  receiver,
}) => {
  const service = receiver.push;
  if (!service) throw new Error('no push service');
  await context.grantPermissions(['notifications'], { origin: receiver.url });
  await inboxUnderItsWorker(page, owner, password);
  const device = service.subscriber('owner-phone');
  const added = await page.evaluate(
    (body) =>
      fetch('/admin/api/push/devices', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify(body),
      }).then((answer) => answer.status),
    { ...device, label: 'Chrome on Android' },
  );
  expect(added).toBe(201);

  const posted = await page.request.post('/api/forms/quote', {
    data: quoteBody(1, { clientName: 'Ana López', guestCount: '90' }),
  });
  expect(posted.ok()).toBe(true);
  const { id } = (await posted.json()) as { id: string };

  const [push] = await service.waitFor(1, 20_000);
  const message = push?.message as PushMessage;
  expect(message.title).toBe(adminText.pushMessages.titles.quote);
  expect(message.body).toMatch(/^Ana López, 90 guests, \w+day, \w+ \d{1,2}$/);
  expect(message.url).toBe(`/admin/#/submissions/${id}`);
  // Nothing more personal than the line: no e-mail, phone or address in the push.
  expect(JSON.stringify(message)).not.toMatch(/@|555|Willard/);

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
  await page.goto('/admin/#/');
  await clickNotification(context);
  await expect(page).toHaveURL(new RegExp(`#/submissions/${id}$`));
  await expect(page.getByRole('heading', { level: 1, name: /Ana López/ })).toBeVisible();
});
