import { openDatabase, type Database } from '../db/database.ts';
import { engines, type TestEngine } from '../testing/engines.ts';
import { solved } from '../testing/proof-of-work.ts';
import { CHALLENGE_TTL_MS, proofOfWork, type ProofOfWorkGuard } from './proof-of-work.ts';

let data: Awaited<ReturnType<TestEngine['create']>>;
let database: Database;
let clock = Date.parse('2030-05-01T12:00:00Z');
let guard: ProofOfWorkGuard;
const hmacKey = 'a-test-key-of-the-forms-proof-of-work';

describe.each(engines)('proof of work on $name', (engine) => {
  beforeEach(async () => {
    data = await engine.create();
    database = await openDatabase(data.database);
    guard = proofOfWork(database, { hmacKey, maxNumber: 1000, now: () => clock });
  });

  afterEach(async () => {
    await database.close();
    data.remove();
  });

  it('takes a solved answer once, with its issue time; the same answer again is replayed', async () => {
    const issued = clock;
    const payload = await solved(guard);
    clock += 5_000;
    expect(await guard.check(payload)).toEqual({ kind: 'valid', issuedAt: issued });
    expect(await guard.check(payload)).toEqual({ kind: 'replayed' });
    const spent = await database.db.selectFrom('spent_challenges').selectAll().execute();
    expect(spent).toHaveLength(1);
    expect(spent[0]?.expires_at).toBe(Math.floor((issued + CHALLENGE_TTL_MS) / 1000) * 1000);
  });

  it('calls nothing missing, and anything forged invalid', async () => {
    expect(await guard.check(undefined)).toEqual({ kind: 'missing' });
    expect(await guard.check('')).toEqual({ kind: 'missing' });
    for (const junk of [42, 'not base64 json', Buffer.from('{"a":1}').toString('base64')]) {
      expect(await guard.check(junk)).toEqual({ kind: 'invalid' });
    }
    const payload = JSON.parse(Buffer.from(await solved(guard), 'base64').toString()) as {
      number: number;
    };
    const wrongNumber = { ...payload, number: payload.number + 1 };
    expect(await guard.check(Buffer.from(JSON.stringify(wrongNumber)).toString('base64'))).toEqual({
      kind: 'invalid',
    });
    const otherKey = proofOfWork(database, { hmacKey: 'another-key', maxNumber: 1000 });
    expect(await guard.check(await solved(otherKey))).toEqual({ kind: 'invalid' });
  });

  it('counts an answer past its expiry as none, and sweeps spent answers once expired', async () => {
    const payload = await solved(guard);
    const old = await solved(guard);
    expect((await guard.check(payload)).kind).toBe('valid');
    clock += CHALLENGE_TTL_MS + 1_000;
    expect(await guard.check(old)).toEqual({ kind: 'missing' });
    await vi.waitFor(async () => {
      const rows = await database.db.selectFrom('spent_challenges').selectAll().execute();
      expect(rows).toEqual([]);
    });
  });
});
