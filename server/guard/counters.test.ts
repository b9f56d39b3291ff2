import { openDatabase, type Database } from '../db/database.ts';
import { engines, type TestEngine } from '../testing/engines.ts';
import { counters, type Counters } from './counters.ts';

const MINUTE = 60_000;
let data: Awaited<ReturnType<TestEngine['create']>>;
let database: Database;
let counter: Counters;
const at = Date.parse('2030-05-01T12:00:00Z');

describe.each(engines)('counters on $name', (engine) => {
  beforeEach(async () => {
    data = await engine.create();
    database = await openDatabase(data.database);
    counter = counters(database);
  });

  afterEach(async () => {
    await database.close();
    data.remove();
  });

  it('numbers 20 hits sent at once 1 to 20: none reads a count another has not written', async () => {
    const hits = await Promise.all(
      Array.from({ length: 20 }, () => counter.hit('k', 15 * MINUTE, at)),
    );
    expect(hits.map((hit) => hit.count).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 20 }, (_, index) => index + 1),
    );
    expect(new Set(hits.map((hit) => hit.resetAt))).toEqual(new Set([at + 15 * MINUTE]));
  });

  it('counts several keys in one transaction: 20 attempts at once are numbered alike on each key', async () => {
    const hits = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        counter.hitAll(index % 2 ? ['b', 'a'] : ['a', 'b'], 15 * MINUTE, at),
      ),
    );
    for (const [index, pair] of hits.entries()) {
      const [first, second] = index % 2 ? [pair[1], pair[0]] : [pair[0], pair[1]];
      expect(first?.count, `attempt ${index}`).toBe(second?.count);
    }
    expect(hits.map(([hit]) => hit?.count).sort((a = 0, b = 0) => a - b)).toEqual(
      Array.from({ length: 20 }, (_, index) => index + 1),
    );
  });

  it('starts again once the window has ended; keys count apart; reset forgets', async () => {
    await counter.hit('k', MINUTE, at);
    expect((await counter.hit('k', MINUTE, at + 59_999)).count).toBe(2);
    expect(await counter.peek('k', MINUTE, at + 59_999)).toEqual({
      count: 2,
      resetAt: at + MINUTE,
    });
    expect((await counter.peek('k', MINUTE, at + MINUTE)).count).toBe(0);
    expect(await counter.hit('k', MINUTE, at + MINUTE)).toEqual({
      count: 1,
      resetAt: at + 2 * MINUTE,
    });
    expect((await counter.hit('other', MINUTE, at + MINUTE)).count).toBe(1);
    await counter.reset('k');
    expect((await counter.peek('k', MINUTE, at + MINUTE)).count).toBe(0);
  });

  it('sweeps the counters whose windows have ended', async () => {
    await counter.hit('old', MINUTE, at);
    await counter.hit('new', MINUTE, at + 2 * MINUTE);
    await counter.sweep(MINUTE, at + 2 * MINUTE);
    const keys = await database.db.selectFrom('rate_counters').select('key').execute();
    expect(keys.map((row) => row.key)).toEqual(['new']);
  });
});
