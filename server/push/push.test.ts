import type { FastifyInstance } from 'fastify';
import type { PushDevice, PushState } from '../../src/admin/contract.ts';
import { respondBy } from '../../src/business-time/promises.ts';
import { businessContent } from '../../src/content/business.ts';
import { NOTHING_PUBLISHED, publishedVersion } from '../../src/content/published.ts';
import { localIsoDate } from '../../src/forms/dates.ts';
import { users } from '../admin/users.ts';
import { buildApp } from '../http/app.ts';
import { eraseSubmissions } from '../store/erase.ts';
import { relayPauseStore } from '../store/relay-pause.ts';
import { openStore, type Store } from '../store/store.ts';
import { injectSignIn, SAME_ORIGIN } from '../testing/admin-session.ts';
import { engines, type TestEngine } from '../testing/engines.ts';
import { applicationBody, quoteBody } from '../testing/fixtures.ts';
import { silentLog } from '../testing/outbox.ts';
import { startPushService, type LocalPushService } from '../testing/push-service.ts';
import { scanDue, scanMail } from './push-events.ts';
import { dayInWords } from './push-message.ts';
import { startPushSender, topicOf, type PushSender } from './push-sender.ts';
import { vapidKeys } from './vapid-keys.ts';

const cost = { log2N: 10, r: 8, p: 1 };
const OWNER = 'owner@example.com';
const OTHER = 'helper@example.com';
const PASSWORD = 'a long enough password';
const MINUTE = 60_000;
const BUSINESS = businessContent(NOTHING_PUBLISHED).business;

/** 'Saturday, December 26' while that day is still to come; else a date a month ahead. */
const EVENT_DATE = Date.now() < Date.parse('2026-12-20') ? '2026-12-26' : localIsoDate(30);
const EVENT_WORDS = EVENT_DATE === '2026-12-26' ? 'Saturday, December 26' : dayInWords(EVENT_DATE);
const farmLinks = Array.from({ length: 12 }, (_, n) => `https://deals-${n}.example/offer`).join(
  ' ',
);

let service: LocalPushService;
let data: Awaited<ReturnType<TestEngine['create']>>;
let store: Store;
let app: FastifyInstance;
let sender: PushSender;
let token: string;
let clock: number | undefined;

beforeAll(async () => {
  service = await startPushService();
});
afterAll(async () => {
  await service.close();
});

function call(method: 'GET' | 'POST' | 'DELETE', url: string, options: object = {}) {
  const {
    payload,
    session = token,
    headers = SAME_ORIGIN,
  } = options as {
    payload?: object;
    session?: string | null;
    headers?: Record<string, string>;
  };
  return app.inject({
    method,
    url: `/admin/api${url}`,
    headers: { ...headers, ...(session === null ? {} : { cookie: `admin_session=${session}` }) },
    ...(payload ? { payload } : {}),
  });
}

async function addDevice(name: string, session = token): Promise<PushDevice> {
  const subscription = service.subscriber(name);
  const answer = await call('POST', '/push/devices', {
    payload: { ...subscription, label: `Phone ${name}` },
    session,
  });
  expect(answer.statusCode, answer.body).toBe(201);
  return answer.json<PushDevice>();
}

function postForm(form: 'quote' | 'application', body: object) {
  return app.inject({
    method: 'POST',
    url: `/api/forms/${form}`,
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });
}

async function queueRows() {
  return store.database.db.selectFrom('push_queue').selectAll().orderBy('id').execute();
}

/** The sender has sent everything due: nothing is waiting, under lease or not. */
async function drained() {
  for (;;) {
    await sender.idle();
    const waiting = await store.database.db
      .selectFrom('push_queue')
      .select('id')
      .where('sent_at', 'is', null)
      .where('gave_up_at', 'is', null)
      .where('next_attempt_at', '<=', Date.now())
      .execute();
    if (waiting.length === 0) return;
    sender.nudge();
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

describe.each(engines)('Web Push on $name', (engine) => {
  beforeEach(async () => {
    service.reset();
    clock = undefined;
    data = await engine.create();
    store = await openStore(data.database);
    const keys = vapidKeys(store.database.engine, { businessEmail: () => BUSINESS.email });
    sender = startPushSender({
      engine: store.database.engine,
      submission: (id) => store.get(id),
      keys,
      timeZone: () => BUSINESS.timeZone,
      log: silentLog,
      agent: service.agent,
      extraEndpointOrigins: [service.origin],
      retryBaseMs: 20,
      now: () => clock ?? Date.now(),
    });
    app = await buildApp({
      store,
      logLevel: false,
      onStored: () => sender.nudge(),
      admin: { cost, push: { keys, extraEndpointOrigins: [service.origin] } },
    });
    await users(store.database, { cost }).add(OWNER, PASSWORD);
    token = await injectSignIn(app, OWNER, PASSWORD);
  });

  afterEach(async () => {
    await sender.stop();
    await app.close();
    await store.close();
    data.remove();
  });

  it("pushes a new quote to the device within the sender's pass: signed, encrypted, its words checked", async () => {
    const device = await addDevice('ana');
    const posted = await postForm(
      'quote',
      quoteBody(1, { clientName: 'Ana López', guestCount: '90', eventDate: EVENT_DATE }),
    );
    expect(posted.statusCode, posted.body).toBe(200);
    const id = posted.json<{ id: string }>().id;
    const [push] = await service.waitFor(1);
    expect(service.rejected).toEqual([]);
    expect(push?.message).toEqual({
      kind: 'lead',
      title: 'Quote request',
      body: `Ana López, 90 guests, ${EVENT_WORDS}`,
      url: `/admin/#/submissions/${id}`,
      tag: `lead:${id}`,
    });
    const state = (await call('GET', '/push')).json<PushState>();
    expect(push).toMatchObject({
      path: '/push/ana',
      claims: { aud: service.origin, sub: `mailto:${BUSINESS.email}` },
      publicKey: state.publicKey,
      urgency: 'high',
      ttl: '3600',
      // One Topic per event: a push sent again (a lease run out mid-send) replaces the first.
      topic: topicOf(`lead:${id}`),
    });
    expect(topicOf(`lead:${id}`)).toMatch(/^[A-Za-z0-9_-]{32}$/);
    await drained();
    const [listed] = (await call('GET', '/push')).json<PushState>().devices;
    expect(listed).toMatchObject({ id: device.id, label: 'Phone ana' });
    expect(listed?.lastSentAt).toEqual(expect.any(Number));
    // No words of the push are kept: the row names the event alone.
    expect(await queueRows()).toEqual([
      expect.objectContaining({ event: `lead:${id}`, kind: 'lead', submission_id: id }),
    ]);
  });

  it('pushes an application with its positions, to every device of every user', async () => {
    await users(store.database, { cost }).add(OTHER, PASSWORD);
    await addDevice('one');
    await addDevice('two', await injectSignIn(app, OTHER, PASSWORD));
    const posted = await postForm('application', applicationBody(1));
    expect(posted.statusCode).toBe(200);
    const pushes = await service.waitFor(2);
    expect(pushes.map((push) => push.path).sort()).toEqual(['/push/one', '/push/two']);
    expect(pushes[0]?.message).toMatchObject({
      kind: 'lead',
      title: 'Application',
      body: 'Camila Torres 1, Bartender, Mixologist',
    });
  });

  it('queues nothing for spam and sends no request', async () => {
    await addDevice('spam');
    const posted = await postForm('quote', quoteBody(1, { additionalInfo: farmLinks }));
    expect(posted.statusCode).toBe(200);
    await drained();
    expect(await queueRows()).toEqual([]);
    expect(service.requests).toBe(0);
  });

  it('drops a queued push whose submission was marked spam before it left', async () => {
    await addDevice('late');
    await sender.stop();
    const saved = await store.save({ form: 'quote', fields: quoteBody(1), notify: false });
    if (saved.status !== 'created') throw new Error('not saved');
    await store.database.db
      .updateTable('submissions')
      .set({ status: 'spam' })
      .where('id', '=', saved.id)
      .execute();
    sender = startPushSender({
      engine: store.database.engine,
      submission: (id) => store.get(id),
      keys: vapidKeys(store.database.engine, { businessEmail: () => BUSINESS.email }),
      timeZone: () => BUSINESS.timeZone,
      log: silentLog,
      agent: service.agent,
      extraEndpointOrigins: [service.origin],
    });
    await drained();
    expect(service.requests).toBe(0);
    expect(await queueRows()).toEqual([
      expect.objectContaining({ gave_up_at: expect.anything(), last_error: 'spam' }),
    ]);
  });

  it('sends nothing to a kept endpoint the policy now refuses', async () => {
    const device = await addDevice('kept-before');
    // A row kept from before a stricter policy: its host reads as the local service to url.parse.
    const host = new URL(service.origin).hostname;
    await store.database.db
      .updateTable('push_devices')
      .set({ endpoint: `https://${host};.push.apple.com/push/kept-before` })
      .where('id', '=', device.id)
      .execute();
    await postForm('quote', quoteBody(1));
    await drained();
    expect(service.requests).toBe(0);
    expect(await queueRows()).toEqual([
      expect.objectContaining({ gave_up_at: expect.anything(), last_error: 'refused' }),
    ]);
  });

  it.each([410, 404])(
    'removes a device its push service answers %i, with its queued pushes',
    async (status) => {
      service.answer((path) => (path === '/push/gone' ? status : 201));
      const gone = await addDevice('gone');
      await addDevice('kept');
      await postForm('quote', quoteBody(1));
      await service.waitFor(1);
      await drained();
      const devices = (await call('GET', '/push')).json<PushState>().devices;
      expect(devices.map((device) => device.label)).toEqual(['Phone kept']);
      const rows = await queueRows();
      expect(rows.map((row) => Number(row.device_id))).not.toContain(gone.id);
      expect(rows).toHaveLength(1);
    },
  );

  it('tries a push again after a 500 and a 429, and sends it', async () => {
    const answers = [500, 429];
    service.answer(() => answers.shift() ?? 201);
    await addDevice('flaky');
    await postForm('quote', quoteBody(1));
    await service.waitFor(1);
    await drained();
    const [row] = await queueRows();
    expect(row).toMatchObject({ attempts: 3, last_error: null, gave_up_at: null });
    expect(row?.sent_at).not.toBeNull();
  });

  it('gives a push up at once on a 400, its code kept on the row and the device', async () => {
    service.answer(() => 400);
    const device = await addDevice('refused');
    await postForm('quote', quoteBody(1));
    await drained();
    expect(service.requests).toBe(1);
    const [row] = await queueRows();
    expect(row).toMatchObject({ attempts: 1, last_error: 'HTTP 400', sent_at: null });
    expect(row?.gave_up_at).not.toBeNull();
    const kept = await store.database.db
      .selectFrom('push_devices')
      .select('last_error')
      .where('id', '=', device.id)
      .executeTakeFirst();
    expect(kept?.last_error).toBe('HTTP 400');
  });

  it('refuses an endpoint outside the push services (422, in words), and no request reaches it', async () => {
    const { keys } = service.subscriber('evil');
    const port = new URL(service.origin).port;
    for (const endpoint of [
      `https://localhost:${port}/push/evil`,
      `http://127.0.0.1:${port}/push/evil`,
      'https://evil.example/push/1',
      'https://10.0.0.7/push/1',
    ]) {
      const answer = await call('POST', '/push/devices', {
        payload: { endpoint, keys, label: 'Evil' },
      });
      expect(answer.statusCode, endpoint).toBe(422);
      expect(answer.json()).toEqual({ ok: false, error: expect.stringMatching(/push/i) });
    }
    await postForm('quote', quoteBody(1));
    await drained();
    expect(service.requests).toBe(0);
    expect((await call('GET', '/push')).json<PushState>().devices).toEqual([]);
  });

  it('keeps one row per endpoint (the same one again updates it), caps the devices, and deletes only your own', async () => {
    const subscription = service.subscriber('same');
    const first = await call('POST', '/push/devices', {
      payload: { ...subscription, label: 'Old name' },
    });
    const again = await call('POST', '/push/devices', {
      payload: { ...subscription, label: 'New name' },
    });
    expect(again.statusCode).toBe(201);
    expect(again.json<PushDevice>().id).toBe(first.json<PushDevice>().id);
    expect((await call('GET', '/push')).json<PushState>().devices).toEqual([
      expect.objectContaining({ label: 'New name', endpoint: subscription.endpoint }),
    ]);
    for (let n = 1; n < 20; n += 1) await addDevice(`cap-${n}`);
    const over = await call('POST', '/push/devices', {
      payload: { ...service.subscriber('cap-20'), label: 'One too many' },
    });
    expect(over.statusCode).toBe(409);
    expect(over.json<{ error: string }>().error).toMatch(/turn one off/);

    await users(store.database, { cost }).add(OTHER, PASSWORD);
    const other = await injectSignIn(app, OTHER, PASSWORD);
    const id = first.json<PushDevice>().id;
    expect((await call('DELETE', `/push/devices/${id}`, { session: other })).statusCode).toBe(404);
    await postForm('quote', quoteBody(1));
    await drained();
    expect((await queueRows()).some((row) => Number(row.device_id) === id)).toBe(true);
    expect((await call('DELETE', `/push/devices/${id}`)).statusCode).toBe(204);
    expect((await queueRows()).some((row) => Number(row.device_id) === id)).toBe(false);
    expect((await call('DELETE', `/push/devices/${id}`)).statusCode).toBe(404);
  });

  it('answers 401 outside a sign-in and 403 to a cross-site change', async () => {
    const subscription = { ...service.subscriber('x'), label: 'X' };
    expect((await call('GET', '/push', { session: null })).statusCode).toBe(401);
    expect(
      (await call('POST', '/push/devices', { session: null, payload: subscription })).statusCode,
    ).toBe(401);
    expect((await call('DELETE', '/push/devices/1', { session: null })).statusCode).toBe(401);
    const crossSite = { 'sec-fetch-site': 'cross-site' };
    expect(
      (await call('POST', '/push/devices', { headers: crossSite, payload: subscription }))
        .statusCode,
    ).toBe(403);
    expect((await call('DELETE', '/push/devices/1', { headers: crossSite })).statusCode).toBe(403);
    expect((await call('GET', '/push')).json<PushState>().devices).toEqual([]);
  });

  it('pushes a lead whose reply is due in 30 minutes, once, and not once it was answered', async () => {
    await addDevice('due');
    await sender.stop();
    const saved = await store.save({ form: 'quote', fields: quoteBody(1), notify: false });
    const other = await store.save({ form: 'quote', fields: quoteBody(2), notify: false });
    if (saved.status !== 'created' || other.status !== 'created') throw new Error('not saved');
    await store.database.db.deleteFrom('push_queue').execute();
    const received = Number((await store.get(saved.id))?.receivedAt);
    const deadline = respondBy(received, BUSINESS);
    const context = { published: NOTHING_PUBLISHED };
    expect(await scanDue(store.database.engine, { ...context, now: deadline - 31 * MINUTE })).toBe(
      0,
    );
    expect(await scanDue(store.database.engine, { ...context, now: deadline - 29 * MINUTE })).toBe(
      2,
    );
    expect(await scanDue(store.database.engine, { ...context, now: deadline - 28 * MINUTE })).toBe(
      0,
    );
    expect(await scanDue(store.database.engine, { ...context, now: deadline })).toBe(0);
    // The second lead is answered before its push leaves: dropped.
    await store.database.db
      .updateTable('submissions')
      .set({ first_response_at: deadline - 29 * MINUTE, status: 'contacted' })
      .where('id', '=', other.id)
      .execute();
    clock = deadline - 29 * MINUTE;
    sender = startPushSender({
      engine: store.database.engine,
      submission: (id) => store.get(id),
      keys: vapidKeys(store.database.engine, { businessEmail: () => BUSINESS.email }),
      timeZone: () => BUSINESS.timeZone,
      log: silentLog,
      agent: service.agent,
      extraEndpointOrigins: [service.origin],
      now: () => clock ?? Date.now(),
    });
    const [push] = await service.waitFor(1);
    await drained();
    const by = new Intl.DateTimeFormat('en-US', {
      hour: 'numeric',
      minute: '2-digit',
      timeZone: BUSINESS.timeZone,
    })
      .format(deadline)
      .replace(/[\u202f\u00a0]/g, ' ');
    expect(push?.message).toEqual({
      kind: 'due',
      title: 'Reply due in 30 minutes',
      body: `Jordan Rivera 1: reply by ${by}`,
      url: `/admin/#/submissions/${saved.id}`,
      tag: `due:${saved.id}`,
    });
    expect(service.received).toHaveLength(1);
    const dropped = (await queueRows()).find((row) => row.submission_id === other.id);
    expect(dropped).toMatchObject({ last_error: 'answered', sent_at: null });
  });

  it("pushes a reply due weeks after the lead came, as the inbox's 'Respond by' counts it", async () => {
    await addDevice('closed');
    await sender.stop();
    const saved = await store.save({ form: 'quote', fields: quoteBody(1), notify: false });
    if (saved.status !== 'created') throw new Error('not saved');
    const received = Number((await store.get(saved.id))?.receivedAt);
    // The office closed for three weeks from the day it came: the reply is due after them.
    const closedDays = Array.from({ length: 23 }, (_, n) => ({
      date: new Date(received + (n - 1) * 24 * 60 * MINUTE).toISOString().slice(0, 10),
      note: 'Closed',
    }));
    const published = publishedVersion({
      version: 2,
      facts: { 'business/closedDays': closedDays },
    });
    const deadline = respondBy(received, businessContent(published).business);
    expect(deadline - received).toBeGreaterThan(21 * 24 * 60 * MINUTE);
    await store.database.db.deleteFrom('push_queue').execute();
    expect(await scanDue(store.database.engine, { published, now: deadline - 29 * MINUTE })).toBe(
      1,
    );
  });

  it('pushes an e-mail the relay has refused for over 15 minutes (a failed try, or the outbox paused)', async () => {
    await addDevice('mail');
    const saved = await store.save({ form: 'quote', fields: quoteBody(1), notify: true });
    const paused = await store.save({ form: 'quote', fields: quoteBody(2), notify: true });
    if (saved.status !== 'created' || paused.status !== 'created') throw new Error('not saved');
    sender.nudge();
    await service.waitFor(2);
    await drained();
    const engineOf = store.database.engine;
    const later = { now: Date.now() + 16 * MINUTE };
    // Waiting with no failed try, the relay not paused: nothing to say.
    expect(await scanMail(engineOf, { now: Date.now() + 14 * MINUTE })).toBe(0);
    expect(await scanMail(engineOf, later)).toBe(0);
    await store.database.db
      .updateTable('outbox')
      .set({ last_error: '421', last_error_at: Date.now() })
      .where('submission_id', '=', saved.id)
      .execute();
    expect(await scanMail(engineOf, { now: Date.now() + 14 * MINUTE })).toBe(0);
    expect(await scanMail(engineOf, later)).toBe(1);
    expect(await scanMail(engineOf, later)).toBe(0);
    // The whole outbox paused while that e-mail still waits: the same outage, no second push.
    await relayPauseStore(engineOf).pauseRelay('EAUTH', MINUTE);
    expect(await scanMail(engineOf, later)).toBe(0);
    sender.nudge();
    const pushes = await service.waitFor(3);
    expect(pushes[2]?.message).toEqual({
      kind: 'mail',
      title: 'E-mail waiting',
      body: 'The e-mail about Jordan Rivera 1 has waited over 15 minutes: the mail server refuses it.',
      url: `/admin/#/submissions/${saved.id}`,
      tag: `mail:${saved.id}`,
    });
    await drained();
    // Every e-mail of that outage left; a later one the relay refuses is a new outage.
    await store.database.db.updateTable('outbox').set({ sent_at: Date.now() }).execute();
    const next = await store.save({ form: 'quote', fields: quoteBody(3), notify: true });
    if (next.status !== 'created') throw new Error('not saved');
    const afterwards = { now: Date.now() + 32 * MINUTE };
    await store.database.db
      .updateTable('outbox')
      .set({ created_at: Date.now() + 10 * MINUTE })
      .where('submission_id', '=', next.id)
      .execute();
    expect(await scanMail(engineOf, afterwards)).toBe(1);
    sender.nudge();
    const again = await service.waitFor(5);
    expect(again.map((push) => (push.message as { url: string }).url)).toContain(
      `/admin/#/submissions/${next.id}`,
    );
    expect(service.requests).toBe(5);
  });

  it('pushes a relay outage once, not once per e-mail', async () => {
    await addDevice('outage');
    await sender.stop();
    for (let n = 1; n <= 6; n += 1) {
      const saved = await store.save({ form: 'quote', fields: quoteBody(n), notify: true });
      if (saved.status !== 'created') throw new Error('not saved');
    }
    const engineOf = store.database.engine;
    await relayPauseStore(engineOf).pauseRelay('EAUTH', 60 * MINUTE);
    for (let minute = 16; minute <= 60; minute += 1) {
      await scanMail(engineOf, { now: Date.now() + minute * MINUTE });
    }
    const mail = (await queueRows()).filter((row) => row.kind === 'mail');
    expect(mail).toHaveLength(1);
  });

  it.each([
    [
      'signed out everywhere',
      async (session: string) => {
        const answer = await call('POST', '/sign-out-everywhere', { session });
        expect(answer.statusCode, answer.body).toBe(200);
      },
    ],
    [
      'given a new password',
      async () => users(store.database, { cost }).resetPassword(OTHER, 'another long password'),
    ],
  ])("forgets a user's devices and queued pushes when the user is %s", async (_, act) => {
    await users(store.database, { cost }).add(OTHER, PASSWORD);
    await addDevice('mine');
    const theirs = await injectSignIn(app, OTHER, PASSWORD);
    await addDevice('theirs', theirs);
    await sender.stop();
    await store.save({ form: 'quote', fields: quoteBody(1), notify: false });
    await act(theirs);
    const left = await store.database.db.selectFrom('push_devices').select('label').execute();
    expect(left).toEqual([{ label: 'Phone mine' }]);
    expect(await queueRows()).toHaveLength(1);
  });

  it("removes a user's devices and their queued pushes with the user", async () => {
    await users(store.database, { cost }).add(OTHER, PASSWORD);
    await addDevice('mine');
    await addDevice('theirs', await injectSignIn(app, OTHER, PASSWORD));
    await sender.stop();
    await store.save({ form: 'quote', fields: quoteBody(1), notify: false });
    await users(store.database, { cost }).remove(OTHER);
    const left = await store.database.db.selectFrom('push_devices').select('label').execute();
    expect(left).toEqual([{ label: 'Phone mine' }]);
    expect(await queueRows()).toHaveLength(1);
  });

  it("erases a submission's queued pushes with it", async () => {
    await addDevice('erase');
    await sender.stop();
    const saved = await store.save({ form: 'quote', fields: quoteBody(1), notify: false });
    if (saved.status !== 'created') throw new Error('not saved');
    expect(await queueRows()).toHaveLength(1);
    await eraseSubmissions(store.database.engine, [saved.id], {
      token: 'erase-test',
      at: Date.now(),
      reason: 'person',
      userId: null,
      label: OWNER,
    });
    expect(await queueRows()).toEqual([]);
  });
});
