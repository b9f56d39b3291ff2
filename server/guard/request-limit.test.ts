import Fastify, { type FastifyInstance } from 'fastify';
import { openDatabase, type Database } from '../db/database.ts';
import { engines, type TestEngine } from '../testing/engines.ts';
import { clientCount, shareRequestLimits } from './request-limit.ts';

const MINUTE = 60_000;
let data: Awaited<ReturnType<TestEngine['create']>>;
let database: Database;
let app: FastifyInstance;
let clock = Date.parse('2030-05-01T12:00:00Z');

/** A server with one limited route that answers how its request was counted. */
async function start() {
  app = Fastify();
  shareRequestLimits(app, database, { now: () => clock });
  app.post('/limited', { config: { rateLimit: { max: 2, timeWindow: MINUTE } } }, (request) => ({
    counted: clientCount(request) ?? null,
  }));
  app.post('/free', (request) => ({ counted: clientCount(request) ?? null }));
  await app.ready();
}

const post = (url: string, remoteAddress = '192.0.2.1') =>
  app.inject({ method: 'POST', url, remoteAddress });

describe.each(engines)('shareRequestLimits on $name', (engine) => {
  beforeEach(async () => {
    data = await engine.create();
    database = await openDatabase(data.database);
    await start();
  });

  afterEach(async () => {
    await app.close();
    await database.close();
    data.remove();
  });

  it('counts a limited route per client, answers 429 past it, and starts again after the window', async () => {
    const first = await post('/limited');
    expect(first.json()).toEqual({ counted: { count: 1, max: 2 } });
    expect(first.headers).toMatchObject({
      'x-ratelimit-limit': '2',
      'x-ratelimit-remaining': '1',
      'x-ratelimit-reset': '60',
    });
    clock += 20_000;
    expect((await post('/limited')).statusCode).toBe(200);
    const refused = await post('/limited');
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe('40');
    expect((await post('/limited', '192.0.2.2')).statusCode).toBe(200);
    // A route without a limit is not counted.
    expect((await post('/free')).json()).toEqual({ counted: null });

    clock += 40_000;
    expect((await post('/limited')).json()).toEqual({ counted: { count: 1, max: 2 } });
  });

  it('keeps only a keyed hash of the client, and sweeps counters a day old', async () => {
    await post('/limited', '198.51.100.77');
    const keys = async () =>
      (await database.db.selectFrom('rate_counters').select('key').execute()).map((row) => row.key);
    const [key] = await keys();
    expect(key).not.toContain('198.51.100.77');
    expect(key).toContain(database.clientHash('198.51.100.77'));

    // The next sweep runs on a request more than ten minutes on; the day-old counter goes.
    clock += 24 * 60 * MINUTE;
    await post('/limited', '198.51.100.78');
    await expect.poll(async () => (await keys()).length).toBe(1);
    expect(await keys()).not.toContain(key);
  });
});
