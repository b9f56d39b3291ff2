import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../http/app.ts';
import { openDatabase, type Database } from '../db/database.ts';
import { createStore, type Store } from '../store/store.ts';
import { engines, type TestEngine } from '../testing/engines.ts';
import { tempDataDir } from '../testing/fixtures.ts';
import type { LiveSite } from '../site/live-site.ts';
import type { SiteStore } from '../site/site-store.ts';
import type { SiteFile } from '../site/render.ts';
import { compileQuery, type Query } from '../db/engine.ts';
import { CHUNK, startVisitCounter } from './visit-counter.ts';
import { addUpVisitDays, SOURCES_PER_DAY } from './visit-days.ts';
import type { VisitCounter } from './visit-types.ts';

export const CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';
const NAVIGATE = {
  'sec-fetch-dest': 'document',
  'sec-fetch-mode': 'navigate',
  'user-agent': CHROME,
};
const HOUR = 3_600_000;
/** Wednesday 6 May 2026, 10:00 in New York (the code's business time zone). */
const T0 = Date.parse('2026-05-06T10:00:00-04:00');
const TIME_ZONE = 'America/New_York';

/** A built site: its two documents, a page's document and a page's piece. */
function writeDist(dir: string) {
  const page = (name: string) => `<!doctype html><title>${name}</title>`;
  for (const [file, body] of [
    ['index.html', page('home')],
    ['es/index.html', page('inicio')],
    ['team/index.html', page('team')],
    ['pages/team.html', '<section>team</section>'],
    ['assets/app-abcdefgh.js', 'void 0'],
  ] as const) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), body);
  }
}

/** The owner's published documents, as server/site/live-site.ts serves them. */
function liveSite(files: Record<string, string>): LiveSite {
  const map = new Map<string, SiteFile>(
    Object.entries(files).map(([name, body]) => [
      name,
      { body: Buffer.from(body), type: 'text/html; charset=utf-8', etag: `"${name}"` },
    ]),
  );
  const live: Pick<LiveSite, 'file' | 'pinnedFile' | 'servesPlaceholders'> = {
    file: (name) => map.get(name),
    pinnedFile: () => ({ build: true }),
    servesPlaceholders: () => false,
  };
  return live as LiveSite;
}

let data: Awaited<ReturnType<TestEngine['create']>>;
let dist: ReturnType<typeof tempDataDir>;
let database: Database;
let store: Store;
let app: FastifyInstance;
let counter: VisitCounter;
let clock: number;
const warnings: string[] = [];

function newCounter() {
  return startVisitCounter({
    engine: database.engine,
    business: () => ({ timeZone: TIME_ZONE }),
    log: { warn: (_fields, message) => warnings.push(message) },
    everyMs: 3_600_000,
    batchSize: 10_000,
  });
}

async function start(options: { live?: LiveSite; visits?: boolean; ownHosts?: string[] } = {}) {
  app = await buildApp({
    store,
    distDir: dist.dir,
    ...(options.visits === false
      ? {}
      : { visits: { counter, now: () => clock, ownHosts: options.ownHosts } }),
    ...(options.live ? { site: { live: options.live, store: {} as SiteStore } } : {}),
    corsOrigins: ['https://staffing.example'],
  });
}

const get = (url: string, headers: Record<string, string> = {}, remoteAddress = '192.0.2.7') =>
  app.inject({ method: 'GET', url, headers: { ...NAVIGATE, ...headers }, remoteAddress });

function beacon(body: unknown, headers: Record<string, string> = {}, remoteAddress = '192.0.2.7') {
  return app.inject({
    method: 'POST',
    url: '/api/visit',
    headers: { 'content-type': 'text/plain;charset=UTF-8', 'user-agent': CHROME, ...headers },
    payload: typeof body === 'string' ? body : JSON.stringify(body),
    remoteAddress,
  });
}

async function pages() {
  await counter.flush();
  const rows = await database.db
    .selectFrom('visit_pages')
    .select(['day', 'page', 'language', 'views'])
    .orderBy('day')
    .orderBy('page')
    .orderBy('language')
    .execute();
  return rows.map((row) => ({ ...row, views: Number(row.views) }));
}

async function visitors() {
  await counter.flush();
  const rows = await database.db
    .selectFrom('visitor_days')
    .selectAll()
    .orderBy('day')
    .orderBy('views')
    .execute();
  return rows.map(({ visitor, ...row }) => ({
    ...row,
    visitor: visitor.length,
    views: Number(row.views),
    saw_form: Number(row.saw_form),
    started: Number(row.started),
  }));
}

describe.each(engines)('the visit counter on $name', (engine) => {
  beforeEach(async () => {
    data = await engine.create();
    dist = tempDataDir('visits-dist-');
    writeDist(dist.dir);
    database = await openDatabase(data.database);
    store = createStore(database);
    clock = T0;
    warnings.length = 0;
    counter = newCounter();
  });

  afterEach(async () => {
    await app?.close();
    await counter.close();
    await database.close();
    data.remove();
    dist.remove();
  });

  describe('the documents', () => {
    it('counts a document once per view, stamped, one visitor per network and browser a day', async () => {
      await start();
      const first = await get('/?utm_source=Flyer', { referer: 'https://www.google.com/' });
      expect(first.statusCode).toBe(200);
      expect(first.headers['server-timing']).toBe(`visit;desc=${T0}`);
      expect(first.headers['content-security-policy']).toBeTruthy();
      await get('/team/');
      await get('/es/', {}, '192.0.2.7');
      expect(await pages()).toEqual([
        { day: '2026-05-06', page: 'home', language: 'en', views: 1 },
        { day: '2026-05-06', page: 'home', language: 'es', views: 1 },
        { day: '2026-05-06', page: 'team', language: 'en', views: 1 },
      ]);
      expect(await visitors()).toEqual([
        {
          day: '2026-05-06',
          visitor: 43,
          language: 'en',
          source_kind: 'campaign',
          source_name: 'flyer',
          campaign: '',
          entry_page: 'home',
          views: 3,
          saw_form: 0,
          started: 0,
        },
      ]);
      const rows = JSON.stringify(
        await database.db.selectFrom('visitor_days').selectAll().execute(),
      );
      expect(rows).not.toContain('192.0.2');
      expect(rows).not.toContain('Chrome');
    });

    it('tells browsers and networks apart: another browser, another IPv4; one IPv6 /64', async () => {
      await start();
      await get('/');
      await get('/', { 'user-agent': FIREFOX });
      await get('/', {}, '192.0.2.8');
      await get('/', {}, '2001:db8:1:2::10');
      await get('/', {}, '2001:db8:1:2:ffff::99');
      await get('/', {}, '2001:db8:1:3::10');
      const rows = await visitors();
      expect(rows).toHaveLength(5);
      expect(rows.map((row) => row.views).sort()).toEqual([1, 1, 1, 1, 2]);
    });

    it('makes a new visitor and a new salt the next business day', async () => {
      await start();
      await get('/');
      clock = T0 + 24 * HOUR;
      await get('/');
      const rows = await visitors();
      expect(rows.map((row) => [row.day, row.views])).toEqual([
        ['2026-05-06', 1],
        ['2026-05-07', 1],
      ]);
      const salts = await database.db.selectFrom('visit_salts').selectAll().execute();
      expect(salts).toHaveLength(2);
      expect(salts[0]?.salt).not.toBe(salts[1]?.salt);
      expect(salts[0]?.salt).toMatch(/^[0-9a-f]{64}$/);
    });

    it('counts on the business clock: 11 pm in New York is still that day', async () => {
      await start();
      clock = Date.parse('2026-05-06T23:30:00-04:00');
      await get('/');
      expect((await pages()).map((row) => row.day)).toEqual(['2026-05-06']);
    });

    it.each([
      ['a bot', '/', { 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1)' }],
      ['a link preview', '/', { 'user-agent': 'facebookexternalhit/1.1' }],
      ['no user agent', '/', { 'user-agent': '' }],
      ['a prefetch', '/', { 'sec-purpose': 'prefetch' }],
      ['a prerender', '/', { 'sec-purpose': 'prefetch;prerender' }],
      ['Global Privacy Control', '/', { 'sec-gpc': '1' }],
      ['an iframe', '/', { 'sec-fetch-dest': 'iframe' }],
      ['/healthz', '/healthz', {}],
      ['/readyz', '/readyz', {}],
      ["a page's piece", '/pages/team.html', {}],
      ['the inbox', '/admin/', {}],
      ['an asset', '/assets/app-abcdefgh.js', {}],
      ['a redirect', '/team', {}],
      ['an unknown path', '/nothing/', {}],
    ])('counts none for %s', async (_name, url, headers) => {
      await start();
      const response = await get(url, headers);
      expect(response.headers['server-timing']).toBeUndefined();
      expect(await pages()).toEqual([]);
    });

    it('counts a revalidated document (304), and keeps its 304', async () => {
      await start();
      const first = await get('/');
      const etag = String(first.headers.etag);
      const again = await get('/', { 'if-none-match': etag });
      expect(again.statusCode).toBe(304);
      expect(again.headers['server-timing']).toMatch(/^visit;desc=\d+$/);
      expect((await pages())[0]?.views).toBe(2);
    });

    it("counts the owner's published documents", async () => {
      await start({ live: liveSite({ 'index.html': '<!doctype html><title>live</title>' }) });
      const response = await get('/');
      expect(response.body).toContain('live');
      expect(response.headers['server-timing']).toMatch(/^visit;desc=/);
      const again = await get('/', { 'if-none-match': '"index.html"' });
      expect(again.statusCode).toBe(304);
      expect((await pages())[0]?.views).toBe(2);
    });

    it('counts nothing, and sends no stamp, without a counter (VISITS=off)', async () => {
      await start({ visits: false });
      expect((await get('/')).headers['server-timing']).toBeUndefined();
      expect((await beacon({ k: 'move', p: '/team', l: 'en' })).statusCode).toBe(204);
      expect(await pages()).toEqual([]);
    });

    it("takes a referrer on the site's own host as direct", async () => {
      await start();
      await get('/', { referer: 'https://staffing.example/team/' });
      expect((await visitors())[0]).toMatchObject({ source_kind: 'direct', source_name: '' });
    });

    it('takes a referrer on the host asked for as direct, without CORS_ORIGINS or SITE_URL', async () => {
      await start({ ownHosts: [] });
      await get('/', { host: 'www.potomac.example', referer: 'https://www.potomac.example/team/' });
      await beacon(
        { k: 'load', p: '/', l: 'en', d: '/', r: 'https://www.potomac.example/team/' },
        { host: 'www.potomac.example' },
        '192.0.2.8',
      );
      expect((await visitors()).map((row) => row.source_kind)).toEqual(['direct', 'direct']);
    });
  });

  describe('the beacon', () => {
    it('counts nothing more for a document this server stamped', async () => {
      await start();
      const stamp = Number(
        /desc=(\d+)/.exec(String((await get('/')).headers['server-timing']))?.[1],
      );
      clock += 900;
      const response = await beacon({ k: 'load', p: '/', l: 'en', d: '/', s: stamp, a: 850 });
      expect(response.statusCode).toBe(204);
      expect(await pages()).toEqual([
        { day: '2026-05-06', page: 'home', language: 'en', views: 1 },
      ]);
    });

    it('moves the view of /#/team served as / to the team page, and its entry', async () => {
      await start();
      await get('/');
      await counter.flush();
      clock += 600;
      await beacon({ k: 'load', p: '/team', l: 'en', d: '/', s: T0, a: 500 });
      expect(await pages()).toEqual([
        { day: '2026-05-06', page: 'home', language: 'en', views: 0 },
        { day: '2026-05-06', page: 'team', language: 'en', views: 1 },
      ]);
      expect((await visitors())[0]).toMatchObject({ entry_page: 'team', views: 1 });
    });

    it('moves a view still in memory too (the same batch)', async () => {
      await start();
      await get('/');
      await beacon({ k: 'load', p: '/team', l: 'en', d: '/', s: T0, a: 0 });
      expect((await pages()).map((row) => [row.page, row.views])).toEqual([['team', 1]]);
      expect((await visitors())[0]).toMatchObject({ entry_page: 'team', views: 1 });
    });

    it("counts a cache's copy (an old stamp, or none) with the beacon's referrer and tags", async () => {
      await start();
      await beacon({
        k: 'load',
        p: '/',
        l: 'es',
        d: '/es/',
        s: T0 - 3 * 24 * HOUR,
        a: 300,
        r: 'https://l.facebook.com/',
        q: '?utm_campaign=spring',
      });
      await beacon({ k: 'load', p: '/team', l: 'en', d: '/team/' }, {}, '192.0.2.9');
      expect(await pages()).toEqual([
        { day: '2026-05-06', page: 'home', language: 'es', views: 1 },
        { day: '2026-05-06', page: 'team', language: 'en', views: 1 },
      ]);
      const rows = await visitors();
      expect(rows.map((row) => [row.source_kind, row.source_name, row.campaign])).toEqual(
        expect.arrayContaining([
          ['campaign', '', 'spring'],
          ['direct', '', ''],
        ]),
      );
    });

    it('counts a move as a view, and a start as a form started', async () => {
      await start();
      await get('/', { referer: 'https://www.bing.com/' });
      await beacon({ k: 'move', p: '/request-service', l: 'en' });
      await beacon({ k: 'start', p: '/request-service', l: 'en', f: 'quote' });
      expect(await visitors()).toEqual([
        expect.objectContaining({
          source_kind: 'search',
          source_name: 'bing',
          entry_page: 'home',
          views: 2,
          saw_form: 1,
          started: 1,
        }),
      ]);
      expect((await pages()).map((row) => [row.page, row.views])).toEqual([
        ['home', 1],
        ['quote', 1],
      ]);
    });

    it('accepts application/json too, and counts no bot or GPC beacon', async () => {
      await start();
      const move = JSON.stringify({ k: 'move', p: '/team', l: 'en' });
      const json = await app.inject({
        method: 'POST',
        url: '/api/visit',
        headers: { 'content-type': 'application/json', 'user-agent': CHROME },
        payload: move,
      });
      expect(json.statusCode).toBe(204);
      expect((await beacon(move, { 'user-agent': 'Googlebot/2.1' })).statusCode).toBe(204);
      expect((await beacon(move, { 'sec-gpc': '1' })).statusCode).toBe(204);
      expect((await pages()).map((row) => row.views)).toEqual([1]);
    });

    it.each([
      ['not JSON', '{nope', 400],
      ['an unknown kind', { k: 'click', p: '/', l: 'en' }, 400],
      ['a wrong language', { k: 'move', p: '/', l: 'fr' }, 400],
      ['a start without its form', { k: 'start', p: '/', l: 'en' }, 400],
      ['a stamp that is text', { k: 'load', p: '/', l: 'en', d: '/', s: 'x' }, 400],
      ['an array', '[]', 400],
      ['an empty body', '', 400],
      ['a body over 1 kB', { k: 'move', p: '/', l: 'en', x: 'a'.repeat(1100) }, 413],
    ])('refuses %s with a 4xx JSON', async (_name, body, status) => {
      await start();
      const response = await beacon(body);
      expect(response.statusCode).toBe(status);
      expect(response.json()).toMatchObject({ ok: false, error: expect.any(String) });
      expect(await pages()).toEqual([]);
    });

    it('limits beacons to 120 a minute per network in memory: 429 JSON with Retry-After, no database write', async () => {
      await start();
      const move = { k: 'move', p: '/team', l: 'en' };
      for (let n = 0; n < 120; n += 1) expect((await beacon(move)).statusCode).toBe(204);
      const refused = await beacon(move);
      expect(refused.statusCode).toBe(429);
      expect(refused.headers['retry-after']).toBe('60');
      expect(refused.json()).toEqual({ ok: false, error: 'Too many requests' });
      expect((await beacon(move, {}, '192.0.2.8')).statusCode).toBe(204);
      clock += 60_000;
      expect((await beacon(move)).statusCode).toBe(204);
      // Counted in this instance's memory (beacon-limit.ts): no row, no write per beacon.
      const counted = await database.db
        .selectFrom('rate_counters')
        .select((eb) => eb.fn.countAll().as('rows'))
        .executeTakeFirstOrThrow();
      expect(Number(counted.rows)).toBe(0);
      expect((await pages()).map((row) => row.views)).toEqual([122]);
    });

    it('refuses another content type, and keeps the forms refusing text/plain', async () => {
      await start();
      const form = await app.inject({
        method: 'POST',
        url: '/api/visit',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'user-agent': CHROME },
        payload: 'k=move',
      });
      expect(form.statusCode).toBe(415);
      const quote = await app.inject({
        method: 'POST',
        url: '/api/forms/quote',
        headers: { 'content-type': 'text/plain' },
        payload: '{}',
      });
      expect(quote.statusCode).toBe(415);
    });
  });

  describe('visitOf', () => {
    it("reads a client's entry of the day, for a post without script", async () => {
      await start();
      await get('/team/?ref=qr');
      const client = { address: '192.0.2.7', userAgent: CHROME };
      const visit = { kind: 'campaign', name: 'qr', campaign: '', firstPage: '/team' };
      // Still in memory, then written.
      expect(await counter.visitOf(client, clock)).toEqual(visit);
      await get('/', { referer: 'https://www.google.com/' });
      await counter.flush();
      expect(await counter.visitOf(client, clock)).toEqual(visit);
      expect(await counter.visitOf({ ...client, userAgent: FIREFOX }, clock)).toBeUndefined();
      expect(await counter.visitOf(client, clock + 24 * HOUR)).toBeUndefined();
    });
  });

  describe('the days added up', () => {
    it('adds up a finished day into visit_sources and forgets its keys and salt', async () => {
      await start();
      await get('/', { referer: 'https://www.google.com/' });
      await get('/', { referer: 'https://www.google.com/' }, '192.0.2.8');
      await get('/', { referer: 'https://www.google.com/' }, '192.0.2.8');
      await beacon({ k: 'start', p: '/request-service', l: 'en', f: 'quote' }, {}, '192.0.2.8');
      await get('/es/', {}, '192.0.2.9');
      await counter.flush();
      const endOfDay = Date.parse('2026-05-07T00:00:00-04:00');
      const early = await addUpVisitDays({
        engine: database.engine,
        now: endOfDay + 5 * 60_000,
        timeZone: TIME_ZONE,
        retentionDays: 730,
      });
      expect(early.days).toEqual([]);
      const run = (now: number) =>
        addUpVisitDays({ engine: database.engine, now, timeZone: TIME_ZONE, retentionDays: 730 });
      const [a, b] = await Promise.all([run(endOfDay + 11 * 60_000), run(endOfDay + 12 * 60_000)]);
      expect([...a.days, ...b.days]).toContain('2026-05-06');
      await run(endOfDay + 20 * 60_000);
      const sources = await database.db
        .selectFrom('visit_sources')
        .selectAll()
        .orderBy('language')
        .execute();
      expect(
        sources.map((row) => ({
          ...row,
          visitors: Number(row.visitors),
          saw_form: Number(row.saw_form),
          started: Number(row.started),
        })),
      ).toEqual([
        {
          day: '2026-05-06',
          language: 'en',
          source_kind: 'search',
          source_name: 'google',
          campaign: '',
          visitors: 2,
          saw_form: 1,
          started: 1,
        },
        {
          day: '2026-05-06',
          language: 'es',
          source_kind: 'direct',
          source_name: '',
          campaign: '',
          visitors: 1,
          saw_form: 0,
          started: 0,
        },
      ]);
      expect(await database.db.selectFrom('visitor_days').selectAll().execute()).toEqual([]);
      expect(await database.db.selectFrom('visit_salts').selectAll().execute()).toEqual([]);
      expect((await pages()).length).toBe(2);
    });

    it("keeps a day's largest sources by name, the rest as 'other': a stranger's random tags stay bounded", async () => {
      await start();
      // 250 visitors of 250 random tags, and 3 of the flyer's.
      for (let n = 0; n < 250; n += 1) {
        await get(`/?utm_source=x${n}`, { 'user-agent': `${CHROME} r${n}` });
      }
      for (let n = 0; n < 3; n += 1) await get('/?utm_source=flyer', {}, `192.0.2.${n + 20}`);
      await counter.flush();
      await addUpVisitDays({
        engine: database.engine,
        now: Date.parse('2026-05-07T00:20:00-04:00'),
        timeZone: TIME_ZONE,
        retentionDays: 730,
      });
      const rows = await database.db.selectFrom('visit_sources').selectAll().execute();
      expect(rows.length).toBeLessThanOrEqual(SOURCES_PER_DAY + 1);
      const visitors = (name: string) =>
        rows
          .filter((row) => row.source_name === name)
          .reduce((sum, row) => sum + Number(row.visitors), 0);
      expect(visitors('flyer')).toBe(3);
      expect(rows.reduce((sum, row) => sum + Number(row.visitors), 0)).toBe(253);
      expect(visitors('other')).toBe(253 - 3 - (rows.length - 2));
    });

    it('deletes counts older than the retention', async () => {
      await start();
      await get('/');
      clock = T0 + 40 * 24 * HOUR;
      await get('/team/');
      await counter.flush();
      await addUpVisitDays({
        engine: database.engine,
        now: clock,
        timeZone: TIME_ZONE,
        retentionDays: 30,
      });
      expect((await pages()).map((row) => row.day)).toEqual(['2026-06-15']);
      expect(await database.db.selectFrom('visit_sources').selectAll().execute()).toEqual([]);
    });
  });

  describe('two instances', () => {
    it('share one salt and one visitor a day on one database', async () => {
      await start();
      const other = newCounter();
      const otherApp = await buildApp({
        store,
        distDir: dist.dir,
        visits: { counter: other, now: () => clock },
      });
      try {
        await Promise.all([
          get('/'),
          otherApp.inject({
            method: 'GET',
            url: '/team/',
            headers: NAVIGATE,
            remoteAddress: '192.0.2.7',
          }),
        ]);
        await Promise.all([counter.flush(), other.flush()]);
        const rows = await visitors();
        expect(rows).toHaveLength(1);
        expect(rows[0]?.views).toBe(2);
        expect(await database.db.selectFrom('visit_salts').selectAll().execute()).toHaveLength(1);
      } finally {
        await otherApp.close();
        await other.close();
      }
    });
  });

  describe('the writes', () => {
    it('writes a batch of many views in one go, and drops beyond its bound, said once', async () => {
      const small = startVisitCounter({
        engine: database.engine,
        business: () => ({ timeZone: TIME_ZONE }),
        log: { warn: (_fields, message) => warnings.push(message) },
        everyMs: 3_600_000,
        maxPending: 5,
      });
      const view = (n: number) => ({
        at: T0,
        client: { address: `192.0.2.${n}`, userAgent: CHROME },
        page: 'home' as const,
        language: 'en' as const,
        source: { kind: 'direct' as const, name: '', campaign: '' },
        kind: 'view' as const,
      });
      for (let n = 0; n < 8; n += 1) small.add(view(n));
      await small.close();
      expect(warnings.filter((message) => message.includes('dropping'))).toHaveLength(1);
      expect((await pages())[0]?.views).toBe(5);
    });

    it("makes the day's salt once for a batch of many visitors (no insert per view)", async () => {
      let batches = 0;
      const counting = startVisitCounter({
        engine: {
          ...database.engine,
          batch: (queries) => {
            batches += 1;
            return database.engine.batch(queries);
          },
        },
        business: () => ({ timeZone: TIME_ZONE }),
        log: { warn: (_fields, message) => warnings.push(message) },
        everyMs: 3_600_000,
      });
      for (let n = 0; n < 50; n += 1) {
        counting.add({
          at: T0,
          client: { address: `192.0.2.${n}`, userAgent: CHROME },
          page: 'home',
          language: 'en',
          source: { kind: 'direct', name: '', campaign: '' },
          kind: 'view',
        });
      }
      await counting.close();
      // One for the salt, one per chunk of views.
      expect(batches).toBe(1 + Math.ceil(50 / CHUNK));
      expect((await pages())[0]?.views).toBe(50);
    });

    /** A counter whose batches go through `batch`; the views' statements of each kept. */
    function countingCounter(
      batch: (queries: readonly Query[], views: number) => Promise<unknown>,
      chunkSize?: number,
    ) {
      return startVisitCounter({
        engine: {
          ...database.engine,
          batch: async (queries) => {
            const views = queries.filter((query) =>
              compileQuery(database.db, query).sql.includes('visitor_days'),
            ).length;
            await batch(queries, views);
            return database.engine.batch(queries);
          },
        },
        business: () => ({ timeZone: TIME_ZONE }),
        log: { warn: (_fields, message) => warnings.push(message) },
        everyMs: 3_600_000,
        ...(chunkSize ? { chunkSize } : {}),
      });
    }

    const viewOf = (n: number) => ({
      at: T0,
      client: { address: `10.0.${n >> 8}.${n & 255}`, userAgent: CHROME },
      page: 'home' as const,
      language: 'en' as const,
      source: { kind: 'direct' as const, name: '', campaign: '' },
      kind: 'view' as const,
    });

    it('writes a flush of 200 views in chunks of at most CHUNK, one transaction each, all counted', async () => {
      const chunks: number[] = [];
      const chunked = countingCounter(async (_queries, views) => {
        if (views > 0) chunks.push(views);
      });
      for (let n = 0; n < 200; n += 1) chunked.add(viewOf(n)); // the 200th starts the flush
      await chunked.close();
      expect(Math.max(...chunks)).toBeLessThanOrEqual(CHUNK);
      expect(chunks).toHaveLength(Math.ceil(200 / CHUNK));
      expect(chunks.reduce((sum, views) => sum + views, 0)).toBe(200);
      expect((await pages())[0]?.views).toBe(200);
    });

    it('tries a failed chunk once more with the next flush, then drops it; the others are written', async () => {
      let call = 0;
      const failOn = new Set([2, 4]); // the second chunk; then its retry, first of the next flush
      const flaky = countingCounter(async (_queries, views) => {
        if (views === 0) return;
        call += 1;
        if (failOn.has(call)) throw Object.assign(new Error('busy'), { code: 'SQLITE_BUSY' });
      }, 4);
      for (let n = 0; n < 12; n += 1) flaky.add(viewOf(n));
      await flaky.flush();
      expect((await pages())[0]?.views).toBe(8);
      expect(warnings).toEqual(['visits not written; will retry']);
      flaky.add(viewOf(12));
      await flaky.close();
      expect((await pages())[0]?.views).toBe(9);
      expect(warnings).toEqual(['visits not written; will retry', 'visits not written; dropped']);
    });

    it('writes a retried chunk that succeeds the second time', async () => {
      let call = 0;
      const flaky = countingCounter(async (_queries, views) => {
        if (views > 0 && ++call === 1) throw new Error('busy');
      }, 4);
      for (let n = 0; n < 12; n += 1) flaky.add(viewOf(n));
      await flaky.flush();
      expect((await pages())[0]?.views).toBe(8);
      await flaky.close();
      expect((await pages())[0]?.views).toBe(12);
    });

    it('finds a view being written in memory until its chunk commits (visitOf)', async () => {
      let open: () => void = () => undefined;
      const gate = new Promise<void>((resolve) => {
        open = resolve;
      });
      const slow = countingCounter(async (_queries, views) => {
        if (views > 0) await gate;
      });
      slow.add({ ...viewOf(1), page: 'team' });
      const flushed = slow.flush();
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(await slow.visitOf(viewOf(1).client, T0)).toMatchObject({ firstPage: '/team' });
      open();
      await flushed;
      expect(await slow.visitOf(viewOf(1).client, T0)).toMatchObject({ firstPage: '/team' });
      await slow.close();
    });

    it('tries a failed batch once more, then drops it', async () => {
      const failing = { ...database.engine, batch: () => Promise.reject(new Error('down')) };
      let fail = 2;
      const flaky = startVisitCounter({
        engine: {
          ...database.engine,
          batch: (queries) => (fail-- > 0 ? failing.batch() : database.engine.batch(queries)),
        },
        business: () => ({ timeZone: TIME_ZONE }),
        log: { warn: (_fields, message) => warnings.push(message) },
        everyMs: 3_600_000,
      });
      const view = {
        at: T0,
        client: { address: '192.0.2.1', userAgent: CHROME },
        page: 'team' as const,
        language: 'en' as const,
        source: { kind: 'direct' as const, name: '', campaign: '' },
        kind: 'view' as const,
      };
      flaky.add(view);
      await flaky.flush(); // fails (the salt's insert)
      flaky.add({ ...view, page: 'contact' });
      await flaky.flush(); // fails again: 'team' dropped, 'contact' kept for a retry
      await flaky.close();
      expect((await pages()).map((row) => row.page)).toEqual(['contact']);
      expect(warnings).toContain('visits not written; dropped');
    });
  });
});
