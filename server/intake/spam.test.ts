import type { FastifyInstance } from 'fastify';
import { inbox } from '../admin/inbox.ts';
import { buildApp } from '../http/app.ts';
import { forms } from './forms.ts';
import { openStore, type Store } from '../store/store.ts';
import { engines, type TestEngine } from '../testing/engines.ts';
import { quoteBody } from '../testing/fixtures.ts';
import { solved, solvedPayload } from '../testing/proof-of-work.ts';
import { proofOfWork } from '../guard/proof-of-work.ts';
import { NOTHING_PUBLISHED } from '../../src/content/published.ts';

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

/** What the inbox keeps of each submission, and the e-mails queued for it. */
async function stored() {
  const rows = await store.database.db
    .selectFrom('submissions')
    .select(['id', 'status', 'spam_score', 'spam_reasons', 'fields'])
    .orderBy('seq')
    .execute();
  const outbox = await store.database.db
    .selectFrom('outbox')
    .select(['submission_id', 'kind'])
    .execute();
  return rows.map((row) => ({
    id: row.id,
    status: row.status,
    score: row.spam_score === null ? null : Number(row.spam_score),
    reasons: JSON.parse(row.spam_reasons ?? 'null') as unknown,
    fields: JSON.parse(row.fields) as Record<string, unknown>,
    emails: outbox
      .filter((email) => email.submission_id === row.id)
      .map((email) => email.kind)
      .sort(),
  }));
}

/** A challenge from the receiver, solved as the page's worker does. */
async function solvedChallenge(): Promise<string> {
  const answer = await app.inject({ method: 'GET', url: '/api/challenge' });
  expect(answer.statusCode).toBe(200);
  expect(answer.headers['cache-control']).toBe('no-store');
  return solvedPayload(answer.json());
}

const farmLinks = Array.from({ length: 12 }, (_, n) => `https://deals-${n}.example/offer`).join(
  ' ',
);

describe.each(engines)('spam kept aside on $name', (engine) => {
  beforeEach(async () => {
    data = await engine.create();
    store = await openStore(data.database);
    app = await buildApp({ store, notify: true, acknowledge: true, logLevel: false });
  });

  afterEach(async () => {
    await app.close();
    await store.close();
    data.remove();
  });

  it('keeps a post without proof of work carrying twelve links in Spam, with no e-mail, and answers as usual', async () => {
    const response = await post(quoteBody(1, { additionalInfo: `Deals: ${farmLinks}` }));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true, id: expect.any(String) });
    expect(await stored()).toEqual([
      expect.objectContaining({
        id: response.json().id,
        status: 'spam',
        score: 6,
        reasons: ['pow-missing', 'link-farm'],
        emails: [],
      }),
    ]);
  });

  it("shows spam only in the inbox's Spam tab, not in All nor in Needs a reply", async () => {
    await post(quoteBody(1, { additionalInfo: `Deals: ${farmLinks}` }));
    await post(quoteBody(2, { email: 'ana@example.com' }));
    const owner = inbox(store.database, { forms, published: () => NOTHING_PUBLISHED });
    const all = await owner.page({});
    expect(all.items.map((item) => item.fields.clientName)).toEqual([quoteBody(2).clientName]);
    expect(all.counts).toMatchObject({ new: 1, spam: 1 });
    expect(all.needsReply.open).toBe(1);
    const spam = await owner.page({ status: 'spam' });
    expect(spam.items.map((item) => item.fields.clientName)).toEqual([quoteBody(1).clientName]);
    const waiting = await owner.page({ view: 'needs-reply' });
    expect(waiting.items.map((item) => item.fields.clientName)).toEqual([quoteBody(2).clientName]);
    const [kept] = await stored();
    expect((await owner.detail(kept?.id ?? ''))?.spam).toEqual({
      score: 6,
      reasons: ['pow-missing', 'link-farm'],
    });
  });

  it('lets a real quote without proof of work (a visitor without script) into New, with both e-mails', async () => {
    const response = await post(quoteBody(1, { email: 'ana@example.com' }));
    expect(response.statusCode).toBe(200);
    expect(await stored()).toEqual([
      expect.objectContaining({
        status: 'new',
        score: 1,
        reasons: ['pow-missing'],
        emails: ['acknowledge', 'notify'],
      }),
    ]);
  });

  it('does not count links to the site’s own pages (CORS_ORIGINS) nor to maps', async () => {
    await app.close();
    app = await buildApp({
      store,
      notify: true,
      logLevel: false,
      corsOrigins: ['https://www.caterer.example'],
    });
    const own = Array.from({ length: 12 }, (_, n) => `https://www.caterer.example/menu/${n}`);
    const response = await post(
      quoteBody(1, { additionalInfo: `Like these: ${own.join(' ')} https://maps.google.com/?q=1` }),
    );
    expect(response.statusCode).toBe(200);
    expect(await stored()).toEqual([
      expect.objectContaining({ status: 'new', score: 1, reasons: ['pow-missing'] }),
    ]);
  });

  it('takes a solved proof of work once: the same answer again counts as invalid, and goes to Spam', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.parse('2030-05-01T12:00:00Z') });
    try {
      const altcha = await solvedChallenge();
      // A person takes longer than 3 s to fill the form.
      vi.setSystemTime(Date.parse('2030-05-01T12:01:00Z'));
      const first = await post({ ...quoteBody(1, { email: 'ana@example.com' }), altcha });
      const again = await post({ ...quoteBody(2, { email: 'bea@example.com' }), altcha });
      expect([first.statusCode, again.statusCode]).toEqual([200, 200]);
      const [kept, replayed] = await stored();
      expect(kept).toMatchObject({ status: 'new', score: 0, reasons: [] });
      expect(kept?.emails).toEqual(['acknowledge', 'notify']);
      expect(kept?.fields).not.toHaveProperty('altcha');
      expect(replayed).toMatchObject({ status: 'spam', reasons: ['pow-replayed'], emails: [] });
    } finally {
      vi.useRealTimers();
    }
  });

  it('notes a post sent within 3 s of its challenge, and refuses a forged answer', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.parse('2030-05-01T12:00:00Z') });
    try {
      const altcha = await solvedChallenge();
      vi.setSystemTime(Date.parse('2030-05-01T12:00:02Z'));
      await post({ ...quoteBody(1, { email: 'ana@example.com' }), altcha });
      await post({ ...quoteBody(2, { email: 'bea@example.com' }), altcha: 'eyJmb3JnZWQiOnRydWV9' });
    } finally {
      vi.useRealTimers();
    }
    const [fast, forged] = await stored();
    expect(fast).toMatchObject({ status: 'new', reasons: ['too-fast'] });
    expect(forged).toMatchObject({ status: 'spam', reasons: ['pow-invalid'] });
  });

  it('takes an answer to a challenge signed before the upgrade (the old key) as no proof: not Spam, not valid', async () => {
    // A page loaded before the upgrade carries a challenge signed with the key derived then.
    const before = proofOfWork(store.database, {
      hmacKey: store.database.clientHash('altcha-key'),
      maxNumber: 1000,
    });
    const altcha = await solved(before);
    const other = await solved(proofOfWork(store.database, { hmacKey: 'any other key' }));
    await post({ ...quoteBody(1, { email: 'ana@example.com' }), altcha });
    await post({ ...quoteBody(2, { email: 'bea@example.com' }), altcha: other });
    const [open, forged] = await stored();
    expect(open).toMatchObject({ status: 'new', score: 1, reasons: ['pow-missing'] });
    expect(open?.emails).toEqual(['acknowledge', 'notify']);
    expect(forged).toMatchObject({ status: 'spam', reasons: ['pow-invalid'] });
  });
});
