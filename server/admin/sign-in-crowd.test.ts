import * as crypto from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { adminText } from '../../src/content/admin.ts';
import { loadConfig } from '../config.ts';
import { buildApp } from '../http/app.ts';
import { openStore, type Store } from '../store/store.ts';
import { tempDataDir } from '../testing/fixtures.ts';
import { scryptGate, type ScryptGate } from '../testing/scrypt-gate.ts';
import { injectSignInFrom } from '../testing/admin-session.ts';
import { SESSION_COOKIE } from './admin-context.ts';
import { DEVICE_COOKIE } from './device-cookie.ts';
import { LANE_PLACES, STRANGER_SLOTS, passwordChecks } from './passwords.ts';
import { users } from './users.ts';

/**
 * The owner's own lane (issue 45): 500 strangers sign in at once, each from its own /64 named by a
 * trusted proxy, while the owner signs in from a known browser. Every scrypt call is held at a
 * gate until the crowd has been answered or queued, so what is asserted is an order, not a time:
 * the owner's check starts at once, ahead of every stranger's waiting, and strangers past the
 * lane's bound were refused at once.
 */

vi.mock('node:crypto', async (importOriginal) => {
  const actual = await importOriginal<typeof import('node:crypto')>();
  return { ...actual, scrypt: vi.fn(actual.scrypt) };
});
const real = await vi.importActual<typeof import('node:crypto')>('node:crypto');

const cost = { log2N: 10, r: 8, p: 1 };
const EMAIL = 'owner@example.com';
const PASSWORD = "the owner's own password";
const CROWD = 500;

let data: ReturnType<typeof tempDataDir>;
let store: Store;
let app: FastifyInstance;

let gate: ScryptGate;

beforeEach(async () => {
  gate = scryptGate(vi.mocked(crypto.scrypt), real.scrypt);
  data = tempDataDir();
  store = await openStore(data.database);
  await users(store.database, { cost }).add(EMAIL, PASSWORD);
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

function signIn(email: string, password: string, from: string, device?: string, session?: string) {
  return injectSignInFrom(app, { email, password, from }, { device, session });
}

/** A /64 of its own for each stranger. */
const strangerAddress = (n: number) => `2001:db8:${n.toString(16)}:1::7`;

it('serves the owner from a known browser before a crowd of 500, and refuses the crowd past the bound at once', async () => {
  const first = await signIn(EMAIL, PASSWORD, '192.0.2.10');
  const known = first.cookies.find((cookie) => cookie.name === DEVICE_COOKIE)?.value;
  expect(known).toBeDefined();
  // An unknown account's check is made against a hash made once: made before the gate closes.
  expect((await signIn('nobody@example.com', 'guess', strangerAddress(9999))).statusCode).toBe(401);

  gate.close();
  const answered: LightMyRequestResponse[] = [];
  const crowd = Array.from({ length: CROWD }, (_, n) =>
    signIn(`stranger${n}@example.net`, `guess ${n}`, strangerAddress(n)).then((response) => {
      answered.push(response);
      return response;
    }),
  );
  // Everyone past the strangers' places is answered while every check is still held.
  await vi.waitFor(() => expect(answered).toHaveLength(CROWD - LANE_PLACES.stranger), {
    timeout: 15_000,
  });
  expect(gate.held).toHaveLength(STRANGER_SLOTS);
  for (const refused of answered) {
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(refused.json()).toEqual({ ok: false, error: adminText.signIn.busy, busy: true });
  }

  // While the lane is full, more strangers are refused before any database work (no count).
  const counted = () => store.database.db.selectFrom('rate_counters').selectAll().execute();
  const countedBefore = await counted();
  const late = await Promise.all(
    Array.from({ length: 50 }, (_, n) =>
      signIn(`late${n}@example.net`, 'guess', strangerAddress(CROWD + n)),
    ),
  );
  expect(late.map((response) => response.statusCode)).toEqual(late.map(() => 429));
  expect(await counted()).toEqual(countedBefore);

  const before = gate.started.length;
  const owner = signIn(EMAIL, PASSWORD, '192.0.2.10', known);
  // The owner's check starts while the strangers' are still held: on the slot kept for the owner,
  // ahead of every stranger waiting; nothing else started meanwhile.
  await vi.waitFor(() => expect(gate.started.slice(before)).toContain(PASSWORD));
  expect(gate.started.slice(before)).toEqual([PASSWORD]);
  expect(passwordChecks.state().waiting).toEqual({
    owner: 0,
    stranger: LANE_PLACES.stranger - STRANGER_SLOTS,
  });
  gate.open();
  expect((await owner).statusCode).toBe(200);

  const statuses = (await Promise.all(crowd)).map((response) => response.statusCode);
  expect(statuses.filter((status) => status === 401)).toHaveLength(LANE_PLACES.stranger);
  expect(statuses.filter((status) => status === 429)).toHaveLength(CROWD - LANE_PLACES.stranger);
  expect(passwordChecks.state()).toEqual({
    held: { owner: 0, stranger: 0 },
    running: { owner: 0, stranger: 0 },
    waiting: { owner: 0, stranger: 0 },
  });
});

it("gives a browser signed in to the account the owner's lane too, without its device cookie", async () => {
  const first = await signIn(EMAIL, PASSWORD, '192.0.2.10');
  const session = first.cookies.find((cookie) => cookie.name === SESSION_COOKIE)?.value;
  expect(session).toBeDefined();
  expect((await signIn('nobody@example.com', 'guess', strangerAddress(9999))).statusCode).toBe(401);

  gate.close();
  const crowd = Array.from({ length: 20 }, (_, n) =>
    signIn(`stranger${n}@example.net`, `guess ${n}`, strangerAddress(n)),
  );
  await vi.waitFor(() => expect(passwordChecks.state().held.stranger).toBe(LANE_PLACES.stranger));
  // A stranger holding a made-up session is still a stranger.
  const forged = await signIn(EMAIL, PASSWORD, '192.0.2.99', undefined, 'A'.repeat(43));
  expect(forged.statusCode).toBe(429);

  const before = gate.started.length;
  const own = signIn(EMAIL, PASSWORD, '192.0.2.10', undefined, session);
  await vi.waitFor(() => expect(gate.started.slice(before)).toEqual([PASSWORD]));
  gate.open();
  expect((await own).statusCode).toBe(200);
  await Promise.all(crowd);
});
