import { expect } from '@playwright/test';
import { signIn, startReceiver, stopReceiver } from '../server/testing/receiver-harness';
import type { SiteInstances } from '../src/admin/site-contract';
import { receiverTest } from './receiver-fixture';
import { siteApi } from './site-helpers';
import {
  collectErrors,
  holdBackApp,
  moveToTeam,
  nextPhone,
  phonesOnPage,
  publishPhone,
} from './version-helpers';

/**
 * Site versions past one machine: two instances of `npm start`'s server on one Postgres, a tab on
 * one while the owner publishes on the other, its pages' pieces answered by either (as a load
 * balancer would send them); and a third instance that cannot make the published version.
 */

const owner = { email: 'pg.versions@example.com', password: 'a long e2e test password' };
const test = receiverTest({ folder: 'e2e-pg-versions-', postgres: true, owner });
test.describe.configure({ mode: 'serial' });

test('a tab on one instance, a publish on the other: no mixed words, no hydration error; a reload shows the new', async ({
  page,
  request,
  receiver,
}) => {
  const [one = '', two = ''] = receiver.urls;
  const api = siteApi(request, two, await signIn(Number(new URL(two).port), owner));
  const before = nextPhone();
  await publishPhone(api, before);
  // The first instance learns of it from the database within seconds.
  await expect
    .poll(async () => (await request.get(`${one}/`)).text(), { timeout: 10_000 })
    .toContain(`tel:${before.e164}`);

  const errors = collectErrors(page);
  const releaseApp = await holdBackApp(page);
  await page.goto(`${one}/`);
  // Every page's piece goes to the other instance, as a load balancer may send it.
  await page.route('**/pages/**', (route) =>
    route.continue({ url: route.request().url().replace(one, two) }),
  );
  const after = nextPhone();
  await publishPhone(api, after);
  await expect
    .poll(async () => (await request.get(`${one}/`)).text(), { timeout: 10_000 })
    .toContain(`tel:${after.e164}`);

  await moveToTeam(page, releaseApp);
  expect(await phonesOnPage(page)).toEqual([`tel:${before.e164}`]);
  expect(errors).toEqual([]);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/team/i);
  expect(await phonesOnPage(page)).toEqual([`tel:${after.e164}`]);
  expect(errors).toEqual([]);
});

test('an instance that cannot make the published version stays unready and says why; the others serve it', async ({
  request,
  receiver,
}) => {
  const [one = '', two = ''] = receiver.urls;
  // Pages that take longer than 1 ms to make: this instance cannot make any version.
  const third = await startReceiver(receiver.dataDir, { ...receiver.env, PUBLISH_TIMEOUT_MS: '1' });
  try {
    const url = `http://127.0.0.1:${third.port}`;
    const api = siteApi(request, one, await signIn(Number(new URL(one).port), owner));
    const phone = nextPhone();
    await publishPhone(api, phone);
    const { live } = await api.overview();

    // It tries the new version at its next look, and fails again.
    await expect
      .poll(async () => {
        const ready = await request.get(`${url}/readyz`);
        return [ready.status(), ((await ready.json()) as { reason?: string }).reason];
      })
      .toEqual([
        503,
        `serves site version 0, not the published ${live.version}: Making the pages took too long`,
      ]);
    // No placeholder site from it, while the others serve the published words.
    expect((await request.get(`${url}/`)).status()).toBe(503);
    for (const instance of [one, two]) {
      await expect
        .poll(async () => (await request.get(`${instance}/`)).text(), { timeout: 10_000 })
        .toContain(`tel:${phone.e164}`);
      await expect.poll(async () => (await request.get(`${instance}/readyz`)).status()).toBe(200);
    }

    // The site editor lists it as behind, with the reason (the instances write every few seconds).
    const cookie = await signIn(Number(new URL(one).port), owner);
    const headers = { cookie, 'sec-fetch-site': 'same-origin' };
    await expect
      .poll(
        async () => {
          const answer = await request.get(`${one}/admin/api/site/instances`, { headers });
          const { instances } = (await answer.json()) as SiteInstances;
          return instances.map((instance) => [instance.served === instance.latest, instance.error]);
        },
        { timeout: 15_000 },
      )
      .toEqual([
        [false, 'Making the pages took too long'],
        [true, null],
        [true, null],
      ]);
  } finally {
    await stopReceiver(third);
  }
});
