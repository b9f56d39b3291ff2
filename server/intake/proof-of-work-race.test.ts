// Two posts carrying one solved answer at the same moment (a robot that solved once and fires in
// parallel): the answer is spent by one of them, on each engine.
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../http/app.ts';
import { openStore, type Store } from '../store/store.ts';
import { engines, type TestEngine } from '../testing/engines.ts';
import { quoteBody } from '../testing/fixtures.ts';
import { solvedPayload } from '../testing/proof-of-work.ts';

let data: Awaited<ReturnType<TestEngine['create']>>;
let store: Store;
let app: FastifyInstance;

function post(body: object) {
  return app.inject({
    method: 'POST',
    url: '/api/forms/quote',
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });
}

/** What the proof of work added to the spam reasons of the submissions `ids`, sorted. */
async function proofOfWorkReasons(ids: string[]) {
  const rows = await store.database.db
    .selectFrom('submissions')
    .select('spam_reasons')
    .where('id', 'in', ids)
    .execute();
  return rows
    .map((row) =>
      (JSON.parse(row.spam_reasons ?? '[]') as string[])
        .filter((reason) => reason.startsWith('pow-'))
        .join(),
    )
    .sort();
}

describe.each(engines)('one proof-of-work answer in two posts at once, on $name', (engine) => {
  beforeEach(async () => {
    data = await engine.create();
    store = await openStore(data.database);
    app = await buildApp({ store, logLevel: false });
    vi.useFakeTimers({ toFake: ['Date'], now: Date.parse('2030-05-01T12:00:00Z') });
  });

  afterEach(async () => {
    vi.useRealTimers();
    await app.close();
    await store.close();
    data.remove();
  });

  it('is valid proof for one of them, and replayed for the other', async () => {
    for (let round = 0; round < 5; round += 1) {
      const challenge = await app.inject({ method: 'GET', url: '/api/challenge' });
      const altcha = await solvedPayload(challenge.json());
      // A person takes longer than 3 s to fill the form.
      vi.setSystemTime(Date.now() + 60_000);
      const answers = await Promise.all(
        [1, 2].map((n) => post({ ...quoteBody(round * 2 + n), altcha })),
      );
      expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
      const ids = answers.map((answer) => (answer.json() as { id: string }).id);
      // One with no proof-of-work reason (valid proof), the other replayed.
      expect(await proofOfWorkReasons(ids)).toEqual(['', 'pow-replayed']);
    }
    const spent = await store.database.db.selectFrom('spent_challenges').selectAll().execute();
    expect(spent).toHaveLength(5);
  });
});
