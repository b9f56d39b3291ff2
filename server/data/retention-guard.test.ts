import { randomUUID } from 'node:crypto';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { users } from '../admin/users.ts';
import { SESSION_COOKIE } from '../admin/admin-context.ts';
import { buildApp } from '../http/app.ts';
import { openStore, type Store } from '../store/store.ts';
import { injectSignIn, SAME_ORIGIN } from '../testing/admin-session.ts';
import { engines } from '../testing/engines.ts';
import { applicationBody } from '../testing/fixtures.ts';
import {
  retentionPass,
  startRetentionJob,
  type RetentionDays,
  type RetentionJob,
} from './erasure.ts';
import { readGuard, recordHold, recordPass } from './retention-guard.ts';

const DAY = 86_400_000;
const YEAR = 365 * DAY;
const T0 = Date.parse('2030-05-01T12:00:00Z');
const cost = { log2N: 10, r: 8, p: 1 };
const OWNER = 'owner@example.com';
const PASSWORD = 'a long enough password';
const days: RetentionDays = { application: 7 };

let store: Store;
let app: FastifyInstance;
let token: string;
let remove: () => void;
/** The database's clock as the tests set it. */
let dbAt: number;
/** The app's retention job (main.ts's), which runs the pass the owner lets go on. */
let appJob: RetentionJob;
/** When set, the next reading of the job's clock waits for it (once). */
let gate: Promise<void> | undefined;
let clockRead = 0;
let seq = 1_000;
const warnings: object[] = [];
const log = { info: () => undefined, warn: (fields: object) => void warnings.push(fields) };

async function call(options: InjectOptions & { signedOut?: boolean }) {
  const { signedOut, ...rest } = options;
  return app.inject({ ...rest, cookies: signedOut ? {} : { [SESSION_COOKIE]: token } });
}

/** `count` applications of `status` received at `receivedAt`, straight into the table; their ids. */
async function insert(count: number, status: string, receivedAt: number): Promise<string[]> {
  const rows = Array.from({ length: count }, () => {
    seq += 1;
    return {
      id: randomUUID(),
      form: 'application',
      received_at: receivedAt,
      fields: JSON.stringify(applicationBody(seq)),
      client_hash: null,
      user_agent: 'test',
      language: null,
      site_language: null,
      status,
      seq,
      first_response_at: null,
      roster: null,
    };
  });
  for (let start = 0; start < rows.length; start += 200) {
    await store.database.db
      .insertInto('submissions')
      .values(rows.slice(start, start + 200))
      .execute();
  }
  await store.database.engine.afterBulkLoad();
  return rows.map((row) => row.id);
}

async function remaining(ids: readonly string[]): Promise<number> {
  const rows = await store.database.db
    .selectFrom('submissions')
    .select('id')
    .where('id', 'in', ids)
    .execute();
  return rows.length;
}

async function pass(at: number, retain: RetentionDays = days) {
  dbAt = at;
  const job = startRetentionJob({
    database: store.database,
    days: retain,
    log,
    clock: async () => dbAt,
    firstRunMs: 3_600_000,
  });
  try {
    return await job.runNow();
  } finally {
    await job.stop();
  }
}

/** An erasure record as an earlier version's retention job left it. */
async function erasure(at: number, submissions: number) {
  await store.database.db
    .insertInto('erasures')
    .values({
      token: randomUUID(),
      at,
      reason: 'retention',
      user_id: null,
      user_email: 'retention job',
      submissions,
      files: 0,
      rows_erased: submissions,
    })
    .execute();
}

/** Waits (10 s at most) until the guard remembers `count` passes: the one let go on has ended. */
async function passesRecorded(count: number) {
  await vi.waitFor(
    async () => expect((await readGuard(store.database)).state.recent).toHaveLength(count),
    { timeout: 10_000 },
  );
}

async function sessionHold() {
  return (await call({ method: 'GET', url: '/admin/api/session' })).json().retentionHold;
}

describe.each(engines)('the retention guard on $name', (engine) => {
  beforeEach(async () => {
    warnings.length = 0;
    dbAt = T0;
    const created = await engine.create();
    remove = created.remove;
    store = await openStore(created.database, { now: () => T0 });
    gate = undefined;
    clockRead = 0;
    appJob = startRetentionJob({
      database: store.database,
      days,
      log,
      firstRunMs: 3_600_000,
      clock: async () => {
        clockRead += 1;
        const waitFor = gate;
        gate = undefined;
        await waitFor;
        return dbAt;
      },
    });
    app = await buildApp({
      store,
      admin: { cost, now: () => T0, retainDays: days, retention: appJob },
    });
    await users(store.database, { cost, now: () => T0 }).add(OWNER, PASSWORD);
    token = await injectSignIn(app, OWNER, PASSWORD);
  });

  afterEach(async () => {
    await appJob.stop();
    await app.close();
    await store.close();
    remove();
  });

  it("counts days by the database's clock, not by this instance's", async () => {
    const real = Date.now();
    const old = await insert(1, 'handled', real - 8 * DAY);
    const recent = await insert(1, 'handled', real - 2 * DAY);
    // This instance's own clock is ten years ahead; the database's is right.
    const job = startRetentionJob({
      database: store.database,
      days,
      log,
      now: () => real + 10 * YEAR,
      firstRunMs: 3_600_000,
    });
    const result = await job.runNow();
    await job.stop();
    expect(result).toMatchObject({ submissions: 1, held: null });
    expect(await remaining(old)).toBe(0);
    expect(await remaining(recent)).toBe(1);
  });

  it('lets a next-day pass go on, stops a clock years ahead, and goes on once the clock is right', async () => {
    await insert(1, 'handled', T0 - 10 * DAY);
    expect(await pass(T0)).toMatchObject({ submissions: 1, held: null });
    const dueTomorrow = await insert(1, 'handled', T0 - 6.5 * DAY);
    const later = await insert(3, 'handled', T0 - 3 * DAY);
    expect(await pass(T0 + DAY)).toMatchObject({ submissions: 1, held: null });
    expect(await remaining(dueTomorrow)).toBe(0);

    const ahead = await pass(T0 + 5 * YEAR);
    expect(ahead).toMatchObject({ submissions: 0, held: { reason: 'clock-ahead', count: 3 } });
    expect(await remaining(later)).toBe(3);
    expect(await sessionHold()).toMatchObject({
      reason: 'clock-ahead',
      at: T0 + 5 * YEAR,
      lastAt: T0 + DAY,
      count: 3,
    });
    // The log says it with counts and clock readings only.
    expect(warnings).toEqual([
      expect.objectContaining({ reason: 'clock-ahead', count: 3, at: T0 + 5 * YEAR }),
    ]);
    expect(JSON.stringify(warnings)).not.toMatch(/@|applicant|name/i);

    // The clock put right: the next pass goes on by itself and the notice goes.
    expect(await pass(T0 + 5 * DAY)).toMatchObject({ submissions: 3, held: null });
    expect(await sessionHold()).toBeUndefined();
  });

  it('stops a clock that went back, and goes on once the owner lets it', async () => {
    expect(await pass(T0)).toMatchObject({ held: null });
    const old = await insert(2, 'handled', T0 - 20 * DAY);
    const back = await pass(T0 - 2 * DAY);
    expect(back).toMatchObject({ submissions: 0, held: { reason: 'clock-back', lastAt: T0 } });
    expect(await remaining(old)).toBe(2);

    const confirmed = await call({
      method: 'POST',
      url: '/admin/api/retention/confirm',
      headers: SAME_ORIGIN,
      payload: { at: T0 - 2 * DAY },
    });
    expect(confirmed.statusCode).toBe(202);
    expect(confirmed.json()).toMatchObject({ ok: true, confirmed: { at: T0 - 2 * DAY, count: 2 } });
    await passesRecorded(3);
    expect(await remaining(old)).toBe(0);
    // The next day by the accepted clock goes on.
    expect(await pass(T0 - DAY)).toMatchObject({ held: null });
  });

  it('stops a pass far bigger than the recent ones, then erases after the owner confirms', async () => {
    await insert(3, 'handled', T0 - 8 * DAY);
    expect(await pass(T0)).toMatchObject({ submissions: 3, held: null });
    const many = await insert(600, 'handled', T0 - 9 * DAY);
    const held = await pass(T0 + DAY);
    expect(held).toMatchObject({
      submissions: 0,
      held: { reason: 'too-many', count: 600, largest: 3 },
    });
    expect(await remaining(many)).toBe(600);
    // The next day's pass is held again; the notice is still there, still naming the first
    // held pass's time (the one the owner's click names), with the new count.
    await insert(1, 'handled', T0 - 9 * DAY);
    expect(await pass(T0 + 2 * DAY)).toMatchObject({ held: { reason: 'too-many' } });
    const hold = await sessionHold();
    expect(hold).toMatchObject({ reason: 'too-many', at: T0 + DAY, count: 601 });

    const url = '/admin/api/retention/confirm';
    const payload = { at: hold.at };
    const outside = [
      await call({ method: 'POST', url, payload, headers: SAME_ORIGIN, signedOut: true }),
      await call({ method: 'POST', url, payload, headers: { 'sec-fetch-site': 'cross-site' } }),
      await call({ method: 'POST', url, payload }),
      await call({ method: 'POST', url, headers: SAME_ORIGIN, payload: { at: T0 + 2 * DAY } }),
      await call({ method: 'POST', url, headers: SAME_ORIGIN, payload: { at: 'now' } }),
    ];
    expect(outside.map((response) => response.statusCode)).toEqual([401, 403, 403, 409, 400]);
    expect(await remaining(many)).toBe(600);

    const confirmed = await call({ method: 'POST', url, headers: SAME_ORIGIN, payload });
    expect(confirmed.statusCode).toBe(202);
    expect(confirmed.json()).toEqual({ ok: true, confirmed: hold });
    await passesRecorded(3);
    expect(await remaining(many)).toBe(0);
    expect(await sessionHold()).toBeUndefined();
    const info = (await call({ method: 'GET', url: '/admin/api/retention' })).json();
    expect(info.erasures[0]).toMatchObject({
      reason: 'retention',
      by: `retention job, let go on by ${OWNER}`,
      submissions: 601,
    });
    // Confirmed once: asking again finds nothing waiting.
    const again = await call({ method: 'POST', url, headers: SAME_ORIGIN, payload });
    expect(again.statusCode).toBe(409);
  });

  it("starts from the retention job's erasures after an upgrade: their counts and clock", async () => {
    for (let day = 14; day >= 1; day -= 1) await erasure(T0 - day * DAY, 600);
    await insert(700, 'handled', T0 - 8 * DAY);
    // 700 after days of 600: no hold, though the guard has no row yet.
    expect(await pass(T0)).toMatchObject({ submissions: 700, held: null });
    expect((await readGuard(store.database)).state.recent.slice(0, 3)).toEqual([700, 600, 600]);
  });

  it("checks the first guarded pass's clock against the last erasure's", async () => {
    await erasure(T0, 5);
    await insert(2, 'handled', T0 - 30 * DAY);
    expect(await pass(T0 - 3 * DAY)).toMatchObject({
      submissions: 0,
      held: { reason: 'clock-back', lastAt: T0 },
    });
  });

  it('holds a first pass over 500 with no history, saying it is the first', async () => {
    await insert(600, 'handled', T0 - 8 * DAY);
    expect(await pass(T0)).toMatchObject({
      held: { reason: 'too-many', lastAt: null, count: 600, largest: 0 },
    });
  });

  it('holds every pass after a clock put back from ahead, until the owner confirms', async () => {
    expect(await pass(T0)).toMatchObject({ held: null });
    expect(await pass(T0 + 20 * DAY)).toMatchObject({ held: null });
    // The clock put right: earlier than the last pass's, held until the owner's word.
    expect(await pass(T0 + DAY)).toMatchObject({ held: { reason: 'clock-back' } });
    expect(await pass(T0 + 2 * DAY)).toMatchObject({ held: { reason: 'clock-back' } });
    const hold = await sessionHold();
    expect(hold).toMatchObject({ at: T0 + DAY });
    const url = '/admin/api/retention/confirm';
    const ok = await call({ method: 'POST', url, headers: SAME_ORIGIN, payload: { at: hold.at } });
    expect(ok.statusCode).toBe(202);
    expect(await sessionHold()).toBeUndefined();
    // The pass let go on, after the answer: two passes, the confirmed hold and it.
    await passesRecorded(4);
    expect(await pass(T0 + 3 * DAY)).toMatchObject({ held: null });
  });

  it("never loses one of two instances' passes or holds written from the same reading", async () => {
    const stored = await readGuard(store.database);
    // Two passes read the guard at once; both go on.
    await recordPass(store.database, stored, T0, 3);
    await recordPass(store.database, stored, T0 + 1000, 4);
    expect((await readGuard(store.database)).state).toMatchObject({
      lastAt: T0 + 1000,
      recent: [4, 3],
    });
    // Two held passes: the hold keeps the first one's time, the one the owner sees.
    const before = await readGuard(store.database);
    const hold = { reason: 'too-many', lastAt: T0 + 1000, largest: 4 } as const;
    expect(await recordHold(store.database, before, { ...hold, at: T0 + DAY, count: 900 })).toBe(
      true,
    );
    // A hold judged on what was there before is not written: its pass is judged again.
    const second = { ...hold, at: T0 + DAY + 5000, count: 901 };
    expect(await recordHold(store.database, before, second)).toBe(false);
    expect(await recordHold(store.database, await readGuard(store.database), second)).toBe(true);
    expect((await readGuard(store.database)).state).toMatchObject({
      recent: [4, 3],
      hold: { at: T0 + DAY, count: 901 },
    });
    // Two instances' real passes at once: both recorded, one hold.
    await insert(700, 'handled', T0 - 9 * DAY);
    const passes = await Promise.all(
      [T0 + 2 * DAY, T0 + 2 * DAY + 1].map((at) =>
        retentionPass(store.database, days, { clock: async () => at }),
      ),
    );
    expect(passes.map((result) => result.held?.reason)).toEqual(['too-many', 'too-many']);
    expect(await sessionHold()).toMatchObject({ at: T0 + DAY, count: 700 });
  });

  it('does not hold the first pass as clock-ahead when the last erasure is months old', async () => {
    // An earlier version's passes erased nothing for two months, and left no record of them.
    await erasure(T0 - 60 * DAY, 5);
    const old = await insert(2, 'handled', T0 - 10 * DAY);
    expect(await pass(T0)).toMatchObject({ submissions: 2, held: null });
    expect(await remaining(old)).toBe(0);
    // Its own pass is remembered: from now on a month's jump is held again.
    expect((await readGuard(store.database)).state).toMatchObject({ lastAt: T0, recent: [2, 5] });
    expect((await readGuard(store.database)).state.seeded).toBeUndefined();
    await insert(1, 'handled', T0 - 10 * DAY);
    expect(await pass(T0 + 40 * DAY)).toMatchObject({ held: { reason: 'clock-ahead' } });
  });

  it('lets the pass go on when the owner confirms more than 30 days after the first hold', async () => {
    await insert(3, 'handled', T0 - 8 * DAY);
    expect(await pass(T0)).toMatchObject({ held: null });
    const many = await insert(600, 'handled', T0 - 9 * DAY);
    expect(await pass(T0 + DAY)).toMatchObject({ held: { reason: 'too-many' } });
    // Held every day since; the hold still names the first held pass's time.
    expect(await pass(T0 + 25 * DAY)).toMatchObject({ held: { reason: 'too-many' } });
    const hold = await sessionHold();
    expect(hold).toMatchObject({ at: T0 + DAY });
    dbAt = T0 + 41 * DAY;
    const url = '/admin/api/retention/confirm';
    const ok = await call({ method: 'POST', url, headers: SAME_ORIGIN, payload: { at: hold.at } });
    expect(ok.statusCode).toBe(202);
    // The confirmation takes the database's clock now, so the pass after it is no jump.
    await passesRecorded(3);
    expect(await remaining(many)).toBe(0);
    expect(await sessionHold()).toBeUndefined();
    expect((await readGuard(store.database)).state.lastAt).toBe(T0 + 41 * DAY);
    expect(await pass(T0 + 42 * DAY)).toMatchObject({ held: null });
  });

  it("runs the pass let go on after this instance's running pass, which is judged again", async () => {
    await insert(3, 'handled', T0 - 8 * DAY);
    expect(await pass(T0)).toMatchObject({ held: null });
    const many = await insert(600, 'handled', T0 - 9 * DAY);
    expect(await pass(T0 + DAY)).toMatchObject({ held: { reason: 'too-many' } });
    dbAt = T0 + 2 * DAY;
    // The app's daily pass has read the guard (the hold) and waits for its clock.
    let release = () => {};
    gate = new Promise<void>((resolve) => (release = resolve));
    const daily = appJob.runNow();
    await vi.waitFor(() => expect(clockRead).toBe(1));
    const url = '/admin/api/retention/confirm';
    const payload = { at: T0 + DAY };
    const ok = await call({ method: 'POST', url, headers: SAME_ORIGIN, payload });
    expect(ok.statusCode).toBe(202);
    let stopped = false;
    const stopping = appJob.stop().then(() => (stopped = true));
    await new Promise((resolve) => setTimeout(resolve, 100));
    // Nothing erased yet: the pass let go on waits for the running one, and so does the stop.
    expect(await remaining(many)).toBe(600);
    expect((await readGuard(store.database)).state.recent).toEqual([600, 3]);
    expect(stopped).toBe(false);
    release();
    // The running pass, judged on the guard before the click, finds it changed: judged again on
    // the confirmed one, it goes on, and brings no hold back.
    expect(await daily).toMatchObject({ submissions: 600, held: null });
    await stopping;
    expect(await remaining(many)).toBe(0);
    expect(await sessionHold()).toBeUndefined();
    // The pass let go on ran after it (nothing left), before the stop ended.
    expect((await readGuard(store.database)).state.recent).toEqual([0, 600, 600, 3]);
  });

  it('keeps Spam at least 30 days when the form keeps submissions 7', async () => {
    const spam10 = await insert(1, 'spam', T0 - 10 * DAY);
    const spam31 = await insert(1, 'spam', T0 - 31 * DAY);
    const handled10 = await insert(1, 'handled', T0 - 10 * DAY);
    expect(await pass(T0)).toMatchObject({ submissions: 2, held: null });
    expect(await remaining(spam10)).toBe(1);
    expect(await remaining(spam31)).toBe(0);
    expect(await remaining(handled10)).toBe(0);
    // Spam is kept as long as the form's retention when that is longer.
    const spam40 = await insert(1, 'spam', T0 - 40 * DAY);
    expect(await pass(T0 + DAY, { application: 60 })).toMatchObject({ submissions: 0 });
    expect(await remaining(spam40)).toBe(1);
  });
});
