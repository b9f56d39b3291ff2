import { createHmac } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { KEY_LABELS } from '../db/database.ts';
import { buildApp } from '../http/app.ts';
import { openStore, type Store } from '../store/store.ts';
import { tempDataDir } from '../testing/fixtures.ts';
import { SAME_ORIGIN } from '../testing/admin-session.ts';
import { DEVICE_COOKIE, deviceCookies } from './device-cookie.ts';
import { users } from './users.ts';

/**
 * Keys with their own labels (issue 45): a sign-in writes keyed hashes of the typed e-mail into
 * rate_counters and failed_sign_ins, so no secret may be a keyed hash of any text. Signs in with
 * each label and label-shaped text as the e-mail, then tries everything stored as the forms'
 * proof-of-work key and as a device cookie's signature.
 */

const cost = { log2N: 10, r: 8, p: 1 };
const EMAIL = 'owner@example.com';
const PASSWORD = 'a long enough password';

let data: ReturnType<typeof tempDataDir>;
let store: Store;
let app: FastifyInstance;

beforeEach(async () => {
  data = tempDataDir();
  store = await openStore(data.database);
  await users(store.database, { cost }).add(EMAIL, PASSWORD);
  app = await buildApp({ store, admin: { cost } });
});

afterEach(async () => {
  await app.close();
  await store.close();
  data.remove();
});

let n = 0;
/** A sign-in from an address of its own (each address has five failures). */
function signIn(email: string, password: string) {
  n += 1;
  return app.inject({
    method: 'POST',
    url: '/admin/api/sign-in',
    remoteAddress: `198.51.100.${n}`,
    headers: SAME_ORIGIN,
    payload: { email, password },
  });
}

/** Every text the sign-ins left in the database, and each hex run inside it. */
async function storedTexts(): Promise<string[]> {
  const { db } = store.database;
  const counters = await db.selectFrom('rate_counters').select('key').execute();
  const failures = await db
    .selectFrom('failed_sign_ins')
    .select(['account_hash', 'source_hash'])
    .execute();
  const texts = [
    ...counters.map((row) => row.key),
    ...failures.flatMap((row) => [row.account_hash, row.source_hash]),
  ];
  return [...new Set(texts.flatMap((text) => [text, ...(text.match(/[0-9a-f]{32,}/g) ?? [])]))];
}

it('stores nothing a sign-in can be made to write that works as a derived key', async () => {
  const cookie = (await signIn(EMAIL, PASSWORD)).cookies.find(
    (each) => each.name === DEVICE_COOKIE,
  )?.value;
  if (!cookie) throw new Error('no device cookie');
  // A cookie for the owner's account with a nonce of the attacker's choosing (lower case: the
  // e-mail is stored lower-cased); its payload is what the signature signs.
  const parts = cookie.split('.');
  parts[parts.length - 2] = 'a'.repeat(22);
  const payload = parts.slice(0, -1).join('.');
  const typed = [
    ...KEY_LABELS,
    ...KEY_LABELS.map((label) => `receiver derived key v1: ${label}`),
    'altcha-key',
    `device:${payload}`,
    `nonce:${'a'.repeat(22)}`,
  ];
  for (const email of typed) expect((await signIn(email, 'guess')).statusCode).toBe(401);

  const stored = await storedTexts();
  expect(stored.length).toBeGreaterThan(typed.length);
  for (const label of KEY_LABELS) {
    const key = store.database.derivedKey(label).toString('hex');
    for (const text of stored) expect(key).not.toContain(text.slice(0, 32));
  }
  // Nothing stored signs the forms' proof-of-work challenges as the server does.
  const challenge = (await app.inject({ method: 'GET', url: '/api/challenge' })).json();
  expect(challenge.signature).toMatch(/^[0-9a-f]{64}$/);
  for (const text of stored) {
    const signature = createHmac('sha256', text).update(challenge.challenge).digest('hex');
    expect(signature, text).not.toBe(challenge.signature);
  }
  // Nothing stored is the signature of the forged cookie.
  const devices = deviceCookies(store.database);
  for (const text of stored) expect(devices.read(`${payload}.${text}`), text).toBeUndefined();
});
