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

  it('allows four failures, refuses after the fifth until the oldest of them is 15 minutes old', async () => {
    expect(MAX_FAILURES).toBe(5);
    expect(SIGN_IN_WINDOW_MS).toBe(15 * MINUTE);
    const first = clock;
    for (let failure = 1; failure <= 4; failure += 1) {
      await limit.recordFailure([account]);
      expect(await limit.retryAfter([account]), `after ${failure}`).toBe(0);
      clock += MINUTE;
    }
    // Failures at 0, 1, 2, 3 and 4 minutes: the first leaves the window at 15 minutes.
    await limit.recordFailure([account]);
    expect(await limit.retryAfter([account])).toBe(SIGN_IN_WINDOW_MS - (clock - first));
    clock += 30_000;
    expect(await limit.retryAfter([account])).toBe(SIGN_IN_WINDOW_MS - (clock - first));
    clock = first + SIGN_IN_WINDOW_MS - 1;
    expect(await limit.retryAfter([account])).toBe(1);
    clock = first + SIGN_IN_WINDOW_MS;
    expect(await limit.retryAfter([account])).toBe(0);
  });

  it('counts the last five: a sixth failure moves the wait to the second-oldest', async () => {
    const first = clock;
    for (let failure = 1; failure <= 6; failure += 1) {
      await limit.recordFailure([account]);
      clock += MINUTE;
    }
    // Failures at 0..5 minutes; at 6 minutes the five newest start at 1 minute.
    expect(await limit.retryAfter([account])).toBe(first + MINUTE + SIGN_IN_WINDOW_MS - clock);
    clock = first + MINUTE + SIGN_IN_WINDOW_MS;
    expect(await limit.retryAfter([account])).toBe(0);
  });

  it('forgets failures older than the window', async () => {
    for (let failure = 1; failure <= 4; failure += 1) await limit.recordFailure([account]);
    clock += SIGN_IN_WINDOW_MS;
    await limit.recordFailure([account]);
    expect(await limit.retryAfter([account])).toBe(0);
    const stored = await database.db.selectFrom('sign_in_failures').select('at').execute();
    expect(stored).toEqual([{ at: clock }]);
  });

  it('keeps keys apart and waits for the longest of them', async () => {
    for (let failure = 1; failure <= 5; failure += 1) await limit.recordFailure([address]);
    expect(await limit.retryAfter([account])).toBe(0);
    expect(await limit.retryAfter(['address:2', account])).toBe(0);
    expect(await limit.retryAfter([address])).toBe(SIGN_IN_WINDOW_MS);
    expect(await limit.retryAfter([address, account])).toBe(SIGN_IN_WINDOW_MS);
    expect(await limit.retryAfter([account, address])).toBe(SIGN_IN_WINDOW_MS);

    clock += 5 * MINUTE;
    for (let failure = 1; failure <= 5; failure += 1) await limit.recordFailure([account]);
    expect(await limit.retryAfter([address, account])).toBe(SIGN_IN_WINDOW_MS);
    expect(await limit.retryAfter([address])).toBe(SIGN_IN_WINDOW_MS - 5 * MINUTE);
    expect(await limit.retryAfter([])).toBe(0);
  });

  it('records a failure for every key given', async () => {
    for (let failure = 1; failure <= 5; failure += 1) {
      await limit.recordFailure([address, account]);
    }
    expect(await limit.retryAfter([address])).toBeGreaterThan(0);
    expect(await limit.retryAfter([account])).toBeGreaterThan(0);
  });

  it('clears only the key it is given', async () => {
    for (let failure = 1; failure <= 5; failure += 1) {
      await limit.recordFailure([address, account]);
      await limit.recordFailure(['account:2']);
    }
    await limit.clear(account);
    expect(await limit.retryAfter([account])).toBe(0);
    expect(await limit.retryAfter([address])).toBe(SIGN_IN_WINDOW_MS);
    expect(await limit.retryAfter(['account:2'])).toBe(SIGN_IN_WINDOW_MS);
    expect(await limit.retryAfter([address, account])).toBe(SIGN_IN_WINDOW_MS);
  });
});
