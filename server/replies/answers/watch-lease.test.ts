import { openStore, type Store } from '../../store/store.ts';
import { engines, type TestEngine } from '../../testing/engines.ts';
import { watchLease } from './watch-lease.ts';

let data: Awaited<ReturnType<TestEngine['create']>>;
let store: Store;

describe.each(engines)("the reply mailbox's lease on $name", (engine) => {
  beforeEach(async () => {
    data = await engine.create();
    store = await openStore(data.database);
  });
  afterEach(async () => {
    await store.close();
    data.remove();
  });

  it('is held by one instance at a time, renewed by it, and let go by a clean stop', async () => {
    const one = watchLease(store.database.engine, 'one');
    const two = watchLease(store.database.engine, 'two');
    expect(await one.hold(60_000)).toBe(true);
    expect(await two.hold(60_000)).toBe(false);
    expect(await one.hold(60_000)).toBe(true);
    await two.release();
    expect(await two.hold(60_000)).toBe(false);
    await one.release();
    expect(await two.hold(60_000)).toBe(true);
    expect(await one.hold(60_000)).toBe(false);
  });

  it("is taken over once the holder's lease ran out, by the database's clock", async () => {
    const one = watchLease(store.database.engine, 'one');
    const two = watchLease(store.database.engine, 'two');
    expect(await one.hold(-1)).toBe(true);
    expect(await two.hold(60_000)).toBe(true);
    expect(await one.hold(60_000)).toBe(false);
  });

  it('goes to one of two instances asking at once', async () => {
    const holders = ['a', 'b', 'c', 'd'].map((name) => watchLease(store.database.engine, name));
    const held = await Promise.all(holders.map((lease) => lease.hold(60_000)));
    expect(held.filter(Boolean)).toHaveLength(1);
  });
});
