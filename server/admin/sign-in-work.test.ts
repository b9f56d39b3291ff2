import * as crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../http/app.ts';
import { openStore, type Store } from '../store/store.ts';
import { tempDataDir } from '../testing/fixtures.ts';
import { users } from './users.ts';

// Every scrypt call is counted (and still computed): the work of a sign-in must not tell whether
// the account exists.
vi.mock('node:crypto', async (importOriginal) => {
  const actual = await importOriginal<typeof import('node:crypto')>();
  return { ...actual, scrypt: vi.fn(actual.scrypt) };
});

const cost = { log2N: 12, r: 8, p: 1 };
let data: ReturnType<typeof tempDataDir>;
let store: Store;
let app: FastifyInstance;

beforeEach(async () => {
  data = tempDataDir();
  store = await openStore(data.database);
  await users(store.database, { cost }).add('owner@example.com', 'the right password');
  app = await buildApp({ store, admin: { cost } });
});

afterEach(async () => {
  await app.close();
  await store.close();
  data.remove();
});

/** The N of each scrypt call that one sign-in makes. */
async function workOf(email: string, password: string) {
  const scrypt = vi.mocked(crypto.scrypt);
  scrypt.mockClear();
  const response = await app.inject({
    method: 'POST',
    url: '/admin/api/sign-in',
    headers: { 'content-type': 'application/json', 'sec-fetch-site': 'same-origin' },
    payload: { email, password },
  });
  return {
    status: response.statusCode,
    body: response.body,
    calls: scrypt.mock.calls.map((call) => (call[3] as crypto.ScryptOptions).N),
  };
}

it('does the same scrypt work for an unknown e-mail address as for a wrong password', async () => {
  const unknown = await workOf('nobody@example.com', 'some password');
  const wrong = await workOf('owner@example.com', 'some password');
  const right = await workOf('owner@example.com', 'the right password');
  expect(unknown.calls).toEqual([2 ** 12]);
  expect(wrong.calls).toEqual(unknown.calls);
  expect(right.calls).toEqual(unknown.calls);
  expect([unknown.status, wrong.status, right.status]).toEqual([401, 401, 200]);
  expect(unknown.body).toBe(wrong.body);
});
