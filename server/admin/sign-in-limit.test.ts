import { openDatabase, type Database } from '../db/database.ts';
import { engines, type TestEngine } from '../testing/engines.ts';
import { MAX_FAILURES, SIGN_IN_WINDOW_MS, signInLimit } from './sign-in-limit.ts';

const MINUTE = 60_000;
const address = 'address:1';
const account = 'account:1';

let data: Awaited<ReturnType<TestEngine['create']>>;
let database: Database;
let clock: number;
let limit: ReturnType<typeof signInLimit>;

describe.each(engines)('signInLimit on $name', (engine) => {
  beforeEach(async () => {
    data = await engine.create();
    database = await openDatabase(data.database);
    clock = Date.parse('2030-05-01T12:00:00Z');
    limit = signInLimit(database, { now: () => clock });
  });

  afterEach(async () => {
    await database.close();
    data.remove();
  });

  it('allows five attempts in 15 minutes, then refuses until the window ends', async () => {
    expect(MAX_FAILURES).toBe(5);
    expect(SIGN_IN_WINDOW_MS).toBe(15 * MINUTE);
    const first = clock;
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      expect(await limit.attempt([account]), `attempt ${attempt}`).toBe(0);
      clock += MINUTE;
    }
    expect(await limit.attempt([account])).toBe(SIGN_IN_WINDOW_MS - (clock - first));
    clock = first + SIGN_IN_WINDOW_MS - 1;
    expect(await limit.attempt([account])).toBe(1);
    clock = first + SIGN_IN_WINDOW_MS;
    expect(await limit.attempt([account])).toBe(0);
  });

  it('counts 20 attempts sent at once as 20: five are let through', async () => {
    const waits = await Promise.all(Array.from({ length: 20 }, () => limit.attempt([address])));
    expect(waits.filter((wait) => wait === 0)).toHaveLength(5);
  });

  it('keeps keys apart and waits for the longest of them', async () => {
    for (let attempt = 1; attempt <= 5; attempt += 1) await limit.attempt([address]);
    expect(await limit.attempt([account])).toBe(0);
    expect(await limit.attempt([address])).toBe(SIGN_IN_WINDOW_MS);
    clock += 5 * MINUTE;
    expect(await limit.attempt(['address:2', address])).toBe(SIGN_IN_WINDOW_MS - 5 * MINUTE);
    expect(await limit.attempt([])).toBe(0);
  });

  it('clears only the key it is given', async () => {
    for (let attempt = 1; attempt <= 5; attempt += 1) await limit.attempt([address, account]);
    await limit.clear(account);
    expect(await limit.attempt([account])).toBe(0);
    expect(await limit.attempt([address])).toBe(SIGN_IN_WINDOW_MS);
  });
});
