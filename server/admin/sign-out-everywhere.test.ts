import * as crypto from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { loadConfig } from '../config.ts';
import { buildApp } from '../http/app.ts';
import { openStore, type Store } from '../store/store.ts';
import { engines, type TestEngine } from '../testing/engines.ts';
import { injectSignInFrom, SAME_ORIGIN } from '../testing/admin-session.ts';
import { scryptGate, type ScryptGate } from '../testing/scrypt-gate.ts';
import { SESSION_COOKIE } from './admin-context.ts';
import { DEVICE_COOKIE } from './device-cookie.ts';
import { LANE_PLACES, passwordChecks } from './passwords.ts';
import { sessions } from './sessions.ts';
import { users } from './users.ts';
import { clientKey } from '../guard/client-key.ts';

/**
 * 'Sign out everywhere' and the owner's lane (issue 45): a sign-in in flight does not outlive it
 * (nor a password reset); the browser that pressed it stays known; old, forged and other accounts'
 * cookies are strangers, refused before any database work while the strangers' lane is full; and
 * another account's browsers never take the owner's places. scrypt is held at a gate, so what is
 * asserted is an order, not a time.
 */

vi.mock('node:crypto', async (importOriginal) => {
  const actual = await importOriginal<typeof import('node:crypto')>();
  return { ...actual, scrypt: vi.fn(actual.scrypt) };
});
const real = await vi.importActual<typeof import('node:crypto')>('node:crypto');

const cost = { log2N: 10, r: 8, p: 1 };
const EMAIL = 'owner@example.com';
const PARTNER = 'partner@example.com';
const PASSWORD = "the owner's own password";

let data: Awaited<ReturnType<TestEngine['create']>>;
let store: Store;
let app: FastifyInstance;
let gate: ScryptGate;

function signIn(email: string, password: string, from: string, device?: string, session?: string) {
  return injectSignInFrom(app, { email, password, from }, { device, session });
}

function cookie(response: LightMyRequestResponse, name: string): string {
  const value = response.cookies.find((each) => each.name === name)?.value;
  if (!value) throw new Error(`no ${name} cookie`);
  return value;
}

const signOutEverywhere = (session?: string, headers: Record<string, string> = SAME_ORIGIN) =>
  app.inject({
    method: 'POST',
    url: '/admin/api/sign-out-everywhere',
    headers,
    cookies: session === undefined ? {} : { [SESSION_COOKIE]: session },
  });

const sessionAnswer = async (session: string) =>
  (
    await app.inject({
      method: 'GET',
      url: '/admin/api/session',
      cookies: { [SESSION_COOKIE]: session },
    })
  ).statusCode;

const strangerAddress = (n: number) => `2001:db8:${n.toString(16)}:1::7`;

/**
 * The rate counters written for requests from `addresses` (their keys hold the address's keyed
 * hash): none, for requests refused before any database work. Other requests' counters (the
 * crowd's, still being written) are not looked at.
 */
const countedFor = async (addresses: readonly string[]) => {
  const hashes = addresses.map((address) => store.database.clientHash(clientKey(address)));
  const rows = await store.database.db.selectFrom('rate_counters').select('key').execute();
  return rows.filter((row) => hashes.some((hash) => row.key.includes(hash))).length;
};

/** Fills the strangers' lane with sign-ins held at the gate (the ones past it answered); answers their pending replies. */
async function fillStrangersLane() {
  gate.close();
  let answered = 0;
  const crowd = Array.from({ length: LANE_PLACES.stranger + 2 }, (_, n) =>
    signIn(`s${n}@example.net`, 'a guess', strangerAddress(n)).finally(() => (answered += 1)),
  );
  await vi.waitFor(() => {
    expect(passwordChecks.state().held.stranger).toBe(LANE_PLACES.stranger);
    expect(answered).toBe(2);
  });
  return crowd;
}

describe.each(engines)('sign out everywhere on $name', (engine) => {
  beforeEach(async () => {
    gate = scryptGate(vi.mocked(crypto.scrypt), real.scrypt);
    data = await engine.create();
    store = await openStore(data.database);
    await users(store.database, { cost }).add(EMAIL, PASSWORD);
    await users(store.database, { cost }).add(PARTNER, PASSWORD);
    app = await buildApp({
      store,
      admin: { cost },
      trustProxy: loadConfig({ TRUST_PROXY: 'loopback' }).trustProxy,
    });
  });

  afterEach(async () => {
    gate.open();
    await app.close();
    await store.close();
    data.remove();
  });

  it('refuses a stranger (401) and a cross-site request (403)', async () => {
    const session = cookie(await signIn(EMAIL, PASSWORD, '192.0.2.10'), SESSION_COOKIE);
    expect((await signOutEverywhere()).statusCode).toBe(401);
    const crossSite = await signOutEverywhere(session, { 'sec-fetch-site': 'cross-site' });
    expect(crossSite.statusCode).toBe(403);
    expect(await sessionAnswer(session)).toBe(200);
  });

  it('starts no session for a sign-in checked while the account was signed out everywhere', async () => {
    const session = cookie(await signIn(EMAIL, PASSWORD, '192.0.2.10'), SESSION_COOKIE);
    gate.close();
    const inFlight = signIn(EMAIL, PASSWORD, '192.0.2.66');
    await vi.waitFor(() => expect(gate.held).toHaveLength(1));
    expect((await signOutEverywhere(session)).statusCode).toBe(200);
    gate.open();
    const late = await inFlight;
    expect(late.statusCode).toBe(401);
    expect(late.json()).toMatchObject({ signedOutMeanwhile: true });
    expect(late.cookies.map((each) => each.name)).not.toContain(SESSION_COOKIE);
    const rows = await store.database.db.selectFrom('sessions').selectAll().execute();
    expect(rows).toEqual([]);
  });

  it('starts no session for a sign-in checked while the password was reset; a reset moves the epoch on', async () => {
    const first = await signIn(EMAIL, PASSWORD, '192.0.2.10');
    const before = await users(store.database).find(EMAIL);
    gate.close();
    const inFlight = signIn(EMAIL, PASSWORD, '192.0.2.66');
    await vi.waitFor(() => expect(gate.held).toHaveLength(1));
    const reset = users(store.database, { cost }).resetPassword(EMAIL, 'a brand new pass phrase');
    await vi.waitFor(() => expect(gate.held).toHaveLength(2));
    gate.held.splice(1, 1)[0]?.();
    await reset;
    gate.open();
    expect((await inFlight).statusCode).toBe(401);
    expect(await sessionAnswer(cookie(first, SESSION_COOKIE))).toBe(401);
    expect((await users(store.database).find(EMAIL))?.deviceEpoch).toBe(
      (before?.deviceEpoch ?? 0) + 1,
    );
    // The device cookie from before the reset is a stranger's: refused while their lane is full.
    const crowd = await fillStrangersLane();
    const old = await signIn(
      EMAIL,
      'a brand new pass phrase',
      '192.0.2.10',
      cookie(first, DEVICE_COOKIE),
    );
    expect(old.statusCode).toBe(429);
    gate.open();
    await Promise.all(crowd);
  });

  it('keeps the browser that pressed it known: a new device cookie, at the new epoch, gets in under a crowd', async () => {
    const first = await signIn(EMAIL, PASSWORD, '192.0.2.10');
    const out = await signOutEverywhere(cookie(first, SESSION_COOKIE));
    expect(out.statusCode).toBe(200);
    const fresh = cookie(out, DEVICE_COOKIE);
    expect(fresh).not.toBe(cookie(first, DEVICE_COOKIE));
    expect(out.cookies.find((each) => each.name === SESSION_COOKIE)?.value).toBe('');
    expect(await sessionAnswer(cookie(first, SESSION_COOKIE))).toBe(401);

    const crowd = await fillStrangersLane();
    // The cookie from before: a stranger, refused before any database work.
    const old = await Promise.all(
      Array.from({ length: 5 }, (_, n) =>
        signIn(
          `u${n}@example.net`,
          'a guess',
          strangerAddress(200 + n),
          cookie(first, DEVICE_COOKIE),
        ),
      ),
    );
    expect(old.map((response) => response.statusCode)).toEqual([429, 429, 429, 429, 429]);
    expect(await countedFor(Array.from({ length: 5 }, (_, n) => strangerAddress(200 + n)))).toBe(0);
    const mine = signIn(EMAIL, PASSWORD, '192.0.2.10', fresh);
    await vi.waitFor(() => expect(passwordChecks.state().held.owner).toBe(1));
    gate.open();
    expect((await mine).statusCode).toBe(200);
    await Promise.all(crowd);
  });

  it('refuses forged, removed-and-added and other accounts’ cookies, and other accounts’ sessions, as strangers while their lane is full', async () => {
    const owner = await signIn(EMAIL, PASSWORD, '192.0.2.10');
    const partner = await signIn(PARTNER, PASSWORD, '192.0.2.20');
    const ownerCookie = cookie(owner, DEVICE_COOKIE);
    const parts = ownerCookie.split('.');
    parts[3] = parts[3]?.startsWith('0') ? `1${parts[3].slice(1)}` : `0${parts[3]?.slice(1)}`;
    const forged = parts.join('.');
    // An account removed and added again under the same address: the old cookies stay strangers.
    await users(store.database).remove(EMAIL);
    await users(store.database, { cost }).add(EMAIL, PASSWORD);
    const crowd = await fillStrangersLane();
    // The account was removed and added by another process (the command line): the first sign-in
    // with its old cookie reads the account; from then on, such cookies cost no database work.
    expect((await signIn(EMAIL, PASSWORD, '192.0.2.30', ownerCookie)).statusCode).toBe(429);
    const answers = await Promise.all([
      signIn(EMAIL, PASSWORD, '192.0.2.31', forged),
      signIn(EMAIL, PASSWORD, '192.0.2.32', ownerCookie),
    ]);
    expect(answers.map((response) => response.statusCode)).toEqual([429, 429]);
    for (const answer of answers) expect(answer.json()).toMatchObject({ busy: true });
    expect(await countedFor(['192.0.2.31', '192.0.2.32'])).toBe(0);
    // A cookie current for another account of the inbox is refused too, after the request's count
    // (the address typed is read only then).
    const other = await signIn(EMAIL, PASSWORD, '192.0.2.33', cookie(partner, DEVICE_COOKIE));
    expect(other.statusCode).toBe(429);
    // Another account's session is looked up (it might be this account's), then refused too.
    const session = await signIn(
      EMAIL,
      PASSWORD,
      '192.0.2.34',
      undefined,
      cookie(partner, SESSION_COOKIE),
    );
    expect(session.statusCode).toBe(429);
    gate.open();
    await Promise.all(crowd);
  });

  it("gives each account its own places in the owner's lane, one per browser at a time", async () => {
    const owner = cookie(await signIn(EMAIL, PASSWORD, '192.0.2.10'), DEVICE_COOKIE);
    const partners = await Promise.all(
      [20, 21, 22].map(async (n) =>
        cookie(await signIn(PARTNER, PASSWORD, `192.0.2.${n}`), DEVICE_COOKIE),
      ),
    );
    gate.close();
    const flood = Array.from({ length: 8 }, (_, n) =>
      signIn(PARTNER, PASSWORD, strangerAddress(300 + n), partners[n % partners.length]),
    );
    await vi.waitFor(() => expect(passwordChecks.state().held.owner).toBe(LANE_PLACES.owner));
    const mine = signIn(EMAIL, PASSWORD, '192.0.2.10', owner);
    await vi.waitFor(() => expect(passwordChecks.state().held.owner).toBe(LANE_PLACES.owner + 1));
    // The same browser twice at once: its second sign-in is refused, with the owner's lane's wait.
    const twice = await signIn(EMAIL, PASSWORD, '192.0.2.10', owner);
    expect(twice.statusCode).toBe(429);
    expect(Number(twice.headers['retry-after'])).toBe(passwordChecks.retryAfterSeconds('owner'));
    gate.open();
    expect((await mine).statusCode).toBe(200);
    const statuses = (await Promise.all(flood)).map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(LANE_PLACES.owner);
    expect(statuses.filter((status) => status === 429)).toHaveLength(8 - LANE_PLACES.owner);
  });
});

// Postgres reads at READ COMMITTED: a sign-in's insert that read the account while a sign-out's
// epoch UPDATE was not yet committed, and committed after the sign-out's DELETE had read the
// sessions, would leave a session. Its check locks the account (FOR SHARE), so it waits instead.
describe('sign out everywhere against a sign-in inserting meanwhile, on postgres', () => {
  const postgres = engines.find((each) => each.name === 'postgres');

  /** Whether a query of this database waits for a lock another transaction holds. */
  async function waitingOnLock(on: Store) {
    const found = await sql<{ n: number | string }>`
      SELECT count(*) AS n FROM pg_stat_activity
      WHERE datname = current_database() AND wait_event_type = 'Lock'`.execute(on.database.db);
    return Number(found.rows[0]?.n) > 0;
  }

  /**
   * The sign-out's two statements in its order, its transaction held open: the sign-in, checked at
   * the old epoch, starts on another connection after the UPDATE (`signInAfter` 'update') or after
   * the DELETE, and the transaction commits once it has ended or waits for a lock; its DELETE fails
   * if it has to wait for the sign-in. What the sign-in answered, and the sessions left.
   */
  async function race(own: Store, signInAfter: 'update' | 'delete') {
    const user = await users(own.database).find(EMAIL);
    if (!user) throw new Error('no account');
    let started: Promise<string | undefined> = Promise.resolve(undefined);
    const signIn = async () => {
      let settled = false;
      started = sessions(own.database)
        .startIfCurrent(user)
        .finally(() => (settled = true));
      await vi.waitFor(async () => {
        if (!settled && !(await waitingOnLock(own))) throw new Error('not yet');
      });
    };
    await own.database.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('users')
        .set((eb) => ({ device_epoch: eb('device_epoch', '+', 1) }))
        .where('id', '=', user.id)
        .execute();
      if (signInAfter === 'update') await signIn();
      // The sign-out never waits for the sign-in (a circle would wait for Postgres' deadlock check).
      await sql`SET LOCAL lock_timeout = '300ms'`.execute(trx);
      await trx.deleteFrom('sessions').where('user_id', '=', user.id).execute();
      if (signInAfter === 'delete') await signIn();
    });
    return {
      answer: await started,
      left: await own.database.db.selectFrom('sessions').selectAll().execute(),
    };
  }

  async function withAccount(run: (own: Store) => Promise<void>) {
    if (!postgres) throw new Error('no postgres engine');
    const created = await postgres.create();
    const own = await openStore(created.database);
    try {
      await users(own.database, { cost }).add(EMAIL, PASSWORD);
      await run(own);
    } finally {
      await own.close();
      created.remove();
    }
  }

  it('leaves no session when the insert comes after the sign-out’s DELETE, before its commit', () =>
    withAccount(async (own) => {
      expect(await race(own, 'delete')).toEqual({ answer: undefined, left: [] });
    }));

  it('does not deadlock with a sign-out when the account has a stale session to remove', () =>
    withAccount(async (own) => {
      // A stale session of the account: the sign-in removes it, the sign-out too.
      const user = await users(own.database).find(EMAIL);
      await own.database.db
        .insertInto('sessions')
        .values({ token_hash: 'stale', user_id: user?.id ?? 0, created_at: 0, last_seen_at: 0 })
        .execute();
      expect(await race(own, 'update')).toEqual({ answer: undefined, left: [] });
    }));
});
