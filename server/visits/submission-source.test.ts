import type { FastifyInstance } from 'fastify';
import type { SubmissionDetail, SubmissionVisit } from '../../src/admin/contract.ts';
import { users } from '../admin/users.ts';
import { buildApp } from '../http/app.ts';
import { openStore, type Store } from '../store/store.ts';
import { injectSignIn, SAME_ORIGIN } from '../testing/admin-session.ts';
import { engines, type TestEngine } from '../testing/engines.ts';
import { quoteBody } from '../testing/fixtures.ts';
import { sourceOf } from './sources.ts';
import { firstPageOf, submissionVisit, VISIT_HEADER_MAX } from './submission-source.ts';
import type { VisitClient, VisitCounter } from './visit-types.ts';

const GOOGLE = 'https://www.google.com/';
const FLYER: SubmissionVisit = {
  kind: 'campaign',
  name: 'flyer',
  campaign: '',
  firstPage: '/request-service',
};

/** The Visit header as the site's first script writes it. */
function visitHeader(fields: { r?: string; q?: string; p: string; l: string }): string {
  return new URLSearchParams(fields).toString();
}

/** A counter that knows one visitor's day only: enough for the order of the sources. */
function counterKnowing(visit: SubmissionVisit | Error) {
  const asked: { client: VisitClient; at: number }[] = [];
  const counter: VisitCounter = {
    add() {},
    async visitOf(client, at) {
      asked.push({ client, at });
      if (visit instanceof Error) throw visit;
      return visit;
    },
    async flush() {},
    async close() {},
  };
  return { counter, asked };
}

const request = (headers: Record<string, string>) => ({
  ip: '203.0.113.9',
  headers: { host: 'site.example', 'user-agent': 'Mozilla/5.0', ...headers },
});

describe('firstPageOf', () => {
  it.each([
    ['/', '/'],
    ['/request-service', '/request-service'],
    ['/solicitar-servicio', '/request-service'],
    ['/es/request-service/', '/request-service'],
    ['/team/', '/team'],
    ['/es/', '/'],
    ['/about', '/'],
    ['/privacy', '/privacy'],
    ['/es/privacy/', '/privacy'],
    ['quote', '/request-service'],
    ['/wp-login.php', '/'],
  ])('%s is %s', (path, page) => expect(firstPageOf(path)).toBe(page));
});

describe('submissionVisit', () => {
  it('reads the Visit header first, and asks the counter nothing', async () => {
    const { counter, asked } = counterKnowing(FLYER);
    const visit = await submissionVisit(
      request({ visit: visitHeader({ r: GOOGLE, q: '', p: '/team', l: 'es' }) }),
      { counter },
    );
    expect(visit).toEqual({ ...sourceOf(GOOGLE, ''), firstPage: '/team' });
    expect(asked).toEqual([]);
  });

  it("takes the visitor's own day from the counter when no header came", async () => {
    const { counter, asked } = counterKnowing({ ...FLYER, firstPage: '/solicitar-servicio' });
    const visit = await submissionVisit(request({}), { counter, at: 1_800_000_000_000 });
    expect(visit).toEqual(FLYER);
    expect(asked).toEqual([
      { client: { address: '203.0.113.9', userAgent: 'Mozilla/5.0' }, at: 1_800_000_000_000 },
    ]);
  });

  it("falls back to the form page's own tags when the counter fails or knows nothing", async () => {
    const referer = { referer: 'https://site.example/request-service/?ref=flyer' };
    const failing = counterKnowing(new Error('database down')).counter;
    expect(await submissionVisit(request(referer), { counter: failing })).toEqual(FLYER);
    const knowsNothing: VisitCounter = { ...failing, visitOf: async () => undefined };
    expect(await submissionVisit(request(referer), { counter: knowsNothing })).toEqual(FLYER);
  });

  it("takes a Referer on one of the site's own hosts, not another site's, and not one without tags", async () => {
    const onCdn = request({ referer: 'https://www.site.example/?utm_source=flyer' });
    expect(await submissionVisit(onCdn)).toBeUndefined();
    expect(await submissionVisit(onCdn, { ownHosts: ['www.site.example'] })).toEqual({
      ...FLYER,
      firstPage: '/',
    });
    const elsewhere = request({ referer: 'https://evil.example/request-service/?ref=flyer' });
    expect(await submissionVisit(elsewhere)).toBeUndefined();
    const untagged = request({ referer: 'https://site.example/request-service/' });
    expect(await submissionVisit(untagged)).toBeUndefined();
  });

  it('ignores a malformed or oversized header, and records nothing for Global Privacy Control', async () => {
    const long = visitHeader({ q: `?ref=${'x'.repeat(VISIT_HEADER_MAX)}`, p: '/', l: 'en' });
    for (const bad of [long, 'p=team&l=en', 'p=/&l=fr', '%%%', 'q=?ref=flyer']) {
      expect(await submissionVisit(request({ visit: bad })), bad).toBeUndefined();
    }
    const { counter, asked } = counterKnowing(FLYER);
    const gpc = request({
      'sec-gpc': '1',
      visit: visitHeader({ q: '?ref=flyer', p: '/', l: 'en' }),
      referer: 'https://site.example/request-service/?ref=flyer',
    });
    expect(await submissionVisit(gpc, { counter })).toBeUndefined();
    expect(asked).toEqual([]);
  });
});

const cost = { log2N: 10, r: 8, p: 1 };
const OWNER = 'owner@example.com';
const PASSWORD = 'a long enough password';

let data: Awaited<ReturnType<TestEngine['create']>>;
let store: Store;
let app: FastifyInstance;
let token: string;

async function postQuote(n: number, headers: Record<string, string> = {}) {
  const answer = await app.inject({
    method: 'POST',
    url: '/api/forms/quote',
    headers: { 'content-type': 'application/json', ...headers },
    payload: quoteBody(n),
  });
  expect(answer.statusCode).toBe(200);
  return answer.json<{ id: string }>().id;
}

/** A quote sent without script: the page's own urlencoded form. */
async function postPageQuote(n: number, headers: Record<string, string> = {}) {
  const { services, ...rest } = quoteBody(n);
  const body = new URLSearchParams({ ...rest, _gotcha: '', _language: 'en' });
  for (const service of services.split(', ')) body.append('services', service);
  const answer = await app.inject({
    method: 'POST',
    url: '/api/forms/quote',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    payload: body.toString(),
  });
  expect(answer.statusCode).toBe(200);
  const row = await store.database.db
    .selectFrom('submissions')
    .select('id')
    .where('fields', 'like', `%Jordan Rivera ${n}"%`)
    .executeTakeFirstOrThrow();
  return row.id;
}

async function stored(id: string) {
  return store.database.db
    .selectFrom('submissions')
    .select(['source_kind', 'source_name', 'source_campaign', 'first_page'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
}

async function detail(id: string): Promise<SubmissionDetail> {
  const answer = await app.inject({
    method: 'GET',
    url: `/admin/api/submissions/${id}`,
    headers: { ...SAME_ORIGIN, cookie: `admin_session=${token}` },
  });
  expect(answer.statusCode).toBe(200);
  return answer.json<SubmissionDetail>();
}

describe.each(engines)("a submission's source on $name", (engine) => {
  beforeEach(async () => {
    data = await engine.create();
    store = await openStore(data.database);
    app = await buildApp({ store, logLevel: false, spamScoring: false, admin: { cost } });
    await users(store.database, { cost }).add(OWNER, PASSWORD);
    token = await injectSignIn(app, OWNER, PASSWORD);
  });

  afterEach(async () => {
    await app.close();
    await store.close();
    data.remove();
  });

  it("stores the Visit header's campaign and first page, and the inbox and the exports say them", async () => {
    const header = visitHeader({
      r: '',
      q: '?utm_source=flyer',
      p: '/solicitar-servicio',
      l: 'es',
    });
    const id = await postQuote(1, { visit: header });
    expect(await stored(id)).toEqual({
      source_kind: 'campaign',
      source_name: 'flyer',
      source_campaign: '',
      first_page: '/request-service',
    });
    expect((await detail(id)).visit).toEqual(FLYER);

    const signedIn = { ...SAME_ORIGIN, cookie: `admin_session=${token}` };
    const csv = await app.inject({
      method: 'GET',
      url: '/admin/api/export.csv',
      headers: signedIn,
    });
    const [head, row] = csv.body.replace(/^\ufeff/, '').split('\r\n');
    expect(head).toContain('source_kind,source_name,source_campaign,first_page');
    expect(row).toContain(',campaign,flyer,,/request-service,');
    const person = await app.inject({
      method: 'GET',
      url: `/admin/api/submissions/${id}/person/export`,
      headers: signedIn,
    });
    expect(person.json<{ submissions: { visit: unknown }[] }>().submissions[0]?.visit).toEqual(
      FLYER,
    );
  });

  it("stores a search engine's referrer with the first page", async () => {
    const id = await postQuote(2, { visit: visitHeader({ r: GOOGLE, q: '', p: '/', l: 'en' }) });
    expect((await detail(id)).visit).toEqual({ ...sourceOf(GOOGLE, ''), firstPage: '/' });
  });

  it('stores no source for a malformed or oversized header, or for Global Privacy Control', async () => {
    const long = visitHeader({ r: `${GOOGLE}?q=${'x'.repeat(VISIT_HEADER_MAX)}`, p: '/', l: 'en' });
    const flyer = visitHeader({ q: '?ref=flyer', p: '/', l: 'en' });
    const ids = [
      await postQuote(3, { visit: long }),
      await postQuote(4, { visit: 'p=%E0%A4%A&l=xx' }),
      await postQuote(5, { visit: flyer, 'sec-gpc': '1' }),
    ];
    for (const id of ids) {
      expect(await stored(id)).toEqual({
        source_kind: null,
        source_name: null,
        source_campaign: null,
        first_page: null,
      });
      expect((await detail(id)).visit).toBeNull();
    }
  });

  it("stores a page's post without script by its own address's tags", async () => {
    const id = await postPageQuote(6, {
      referer: 'http://localhost:80/request-service/?ref=flyer',
    });
    expect((await detail(id)).visit).toEqual(FLYER);
    const untagged = await postPageQuote(7, { referer: 'http://localhost:80/request-service/' });
    expect((await detail(untagged)).visit).toBeNull();
  });
});
