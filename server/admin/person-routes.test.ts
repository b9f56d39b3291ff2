import type { FastifyInstance, InjectOptions } from 'fastify';
import { startRetentionJob } from '../data/erasure.ts';
import { buildApp } from '../http/app.ts';
import { openStore, type Store } from '../store/store.ts';
import { injectSignIn, SAME_ORIGIN } from '../testing/admin-session.ts';
import { engines } from '../testing/engines.ts';
import { applicationBody, pdfAttachment, quoteBody, samplePdf } from '../testing/fixtures.ts';
import { SESSION_COOKIE } from './admin-context.ts';
import { users } from './users.ts';

const DAY = 86_400_000;
const T0 = Date.parse('2030-05-01T12:00:00Z');
const cost = { log2N: 10, r: 8, p: 1 };
const OWNER = 'owner@example.com';
const PASSWORD = 'a long enough password';
const CROSS_SITE = { 'sec-fetch-site': 'cross-site' };
const quiet = { info: () => undefined, warn: () => undefined };

let store: Store;
let app: FastifyInstance;
let token: string;
let remove: () => void;
let clock: number;
const now = () => clock;

async function call(options: InjectOptions & { signedOut?: boolean }) {
  const { signedOut, ...rest } = options;
  return app.inject({ ...rest, cookies: signedOut ? {} : { [SESSION_COOKIE]: token } });
}

/** An application (with a résumé) as the receiver stores it; its id and its résumé's URL. */
async function apply(n: number, overrides: Parameters<typeof applicationBody>[1] = {}) {
  const saved = await store.save({
    form: 'application',
    fields: { ...applicationBody(n, overrides) },
    attachment: pdfAttachment(samplePdf(800, `résumé ${n}`)),
    notify: true,
  });
  if (saved.status !== 'created') throw new Error(saved.status);
  const files = await store.attachmentFiles(saved.id);
  return { id: saved.id, resume: `/admin/api/submissions/${saved.id}/attachments/${files[0]?.id}` };
}

async function setStatus(id: string, status: string, note?: string) {
  const response = await call({
    method: 'PATCH',
    url: `/admin/api/submissions/${id}`,
    headers: SAME_ORIGIN,
    payload: { status, ...(note === undefined ? {} : { note }) },
  });
  expect(response.statusCode).toBe(200);
}

describe.each(engines)('retention and erasure on $name', (engine) => {
  beforeEach(async () => {
    clock = T0;
    const created = await engine.create();
    remove = created.remove;
    store = await openStore(created.database, { now });
    app = await buildApp({ store, admin: { cost, now, retainDays: { application: 0 } } });
    await users(store.database, { cost, now }).add(OWNER, PASSWORD);
    token = await injectSignIn(app, OWNER, PASSWORD);
  });

  afterEach(async () => {
    await app.close();
    await store.close();
    remove();
  });

  it('the daily job erases a Handled application and its résumé, and keeps a New one', async () => {
    const handled = await apply(1);
    const fresh = await apply(2);
    await setStatus(handled.id, 'handled', 'Called back, hired for June.');

    const job = startRetentionJob({
      database: store.database,
      days: { application: 0 },
      log: quiet,
      clock: async () => clock + DAY,
    });
    const erased = await job.runNow();
    await job.stop();

    expect(erased).toMatchObject({ submissions: 1, files: 1 });
    expect(
      (await call({ method: 'GET', url: `/admin/api/submissions/${handled.id}` })).statusCode,
    ).toBe(404);
    expect((await call({ method: 'GET', url: handled.resume })).statusCode).toBe(404);
    expect(
      (await call({ method: 'GET', url: `/admin/api/submissions/${fresh.id}` })).statusCode,
    ).toBe(200);
    expect((await call({ method: 'GET', url: fresh.resume })).statusCode).toBe(200);
    const info = (await call({ method: 'GET', url: '/admin/api/retention' })).json();
    expect(info).toMatchObject({
      days: { application: 0, quote: null },
      erasures: [{ reason: 'retention', by: 'retention job', submissions: 1, files: 1 }],
    });
  });

  it("erases every submission of one person, and the person's data download holds them all", async () => {
    const first = await apply(1, { email: 'Camila.Torres@Example.com', phone: '703-555-0188' });
    const second = await apply(2, { email: 'camila.torres@example.com ', phone: '571 555 0100' });
    const quote = await store.save({
      form: 'quote',
      fields: { ...quoteBody(3, { email: 'events@other.example', phone: '+1 (703) 555-0188' }) },
      notify: true,
    });
    if (quote.status !== 'created') throw new Error(quote.status);
    const other = await apply(4, {
      fullName: 'Dana Brooks',
      email: 'someone.else@example.com',
      phone: '202-555-0199',
    });
    await setStatus(first.id, 'in_progress', 'Interview on Friday.');

    const listed = await call({ method: 'GET', url: `/admin/api/submissions/${first.id}/person` });
    expect(
      listed
        .json()
        .submissions.map((s: { id: string }) => s.id)
        .sort(),
    ).toEqual([first.id, second.id, quote.id].sort());

    const exported = await call({
      method: 'GET',
      url: `/admin/api/submissions/${first.id}/person/export`,
      headers: SAME_ORIGIN,
    });
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-disposition']).toMatch(/^attachment; filename="person-data-/);
    const data = exported.json();
    expect(data.submissions).toHaveLength(3);
    const withNote = data.submissions.find((s: { id: string }) => s.id === first.id);
    expect(withNote).toMatchObject({
      note: 'Interview on Friday.',
      fields: { fullName: 'Camila Torres 1' },
    });
    expect(withNote.history).toEqual(
      expect.arrayContaining([expect.objectContaining({ status: 'in_progress' })]),
    );
    expect(Buffer.from(withNote.files[0].contentBase64, 'base64').toString()).toContain('résumé 1');

    // Searched once, so that SQLite's index holds them too.
    const before = await call({ method: 'GET', url: '/admin/api/submissions?q=camila' });
    expect(before.json().items).toHaveLength(2);
    const erased = await call({
      method: 'POST',
      url: `/admin/api/submissions/${first.id}/person/erase`,
      headers: SAME_ORIGIN,
      payload: { ids: listed.json().submissions.map((s: { id: string }) => s.id) },
    });
    expect(erased.json()).toMatchObject({ ok: true, submissions: 3, files: 2, left: 0 });

    for (const q of ['camila', '7035550188', 'events']) {
      const found = await call({ method: 'GET', url: `/admin/api/submissions?q=${q}` });
      expect(found.json().items, q).toEqual([]);
    }
    const csv = (await call({ method: 'GET', url: '/admin/api/export.csv' })).body;
    expect(csv).not.toMatch(/camila|events@other/i);
    expect(csv).toContain('someone.else@example.com');
    expect((await call({ method: 'GET', url: first.resume })).statusCode).toBe(404);
    expect((await call({ method: 'GET', url: other.resume })).statusCode).toBe(200);
    const outbox = await store.database.db.selectFrom('outbox').select('submission_id').execute();
    expect(outbox.map((row) => row.submission_id)).toEqual([other.id]);

    const records = await store.database.db.selectFrom('erasures').selectAll().execute();
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({ reason: 'person', user_email: OWNER });
    expect(JSON.stringify(records)).not.toMatch(/camila|torres|0188|events@other/i);
    expect(
      (await call({ method: 'GET', url: '/admin/api/retention' })).json().erasures,
    ).toMatchObject([{ reason: 'person', by: OWNER, submissions: 3, files: 2 }]);
  });

  it('erases the submissions the owner saw listed, never one that arrived since', async () => {
    const first = await apply(1, { email: 'erin@example.com' });
    const other = await apply(2, { email: 'someone.else@example.com', phone: '202-555-0199' });
    const listed = await call({ method: 'GET', url: `/admin/api/submissions/${first.id}/person` });
    const seen: string[] = listed.json().submissions.map((s: { id: string }) => s.id);
    expect(seen).toEqual([first.id]);
    // While the dialog is open: another application from the same person arrives.
    const newer = await apply(3, { email: 'Erin@Example.com' });

    const erase = (ids: unknown) =>
      call({
        method: 'POST',
        url: `/admin/api/submissions/${first.id}/person/erase`,
        headers: SAME_ORIGIN,
        payload: { ids },
      });
    // Someone else's id slipped into the list is not theirs: not erased.
    const erased = await erase([...seen, other.id]);
    expect(erased.statusCode).toBe(200);
    expect(erased.json()).toEqual({ ok: true, submissions: 1, files: 1, rows: 4, left: 1 });
    for (const [id, status] of [
      [first.id, 404],
      [newer.id, 200],
      [other.id, 200],
    ] as const) {
      const got = await call({ method: 'GET', url: `/admin/api/submissions/${id}` });
      expect(got.statusCode, id).toBe(status);
    }
    expect((await erase([])).statusCode).toBe(400);
    expect((await erase('everyone')).statusCode).toBe(400);

    // As many ids as the schema takes, each the longest: far above the app's 32 kB, still taken.
    const most = Array.from({ length: 10_000 }, (_, n) => `${newer.id}-${n}`.padEnd(64, 'x'));
    const large = await call({
      method: 'POST',
      url: `/admin/api/submissions/${newer.id}/person/erase`,
      headers: SAME_ORIGIN,
      payload: { ids: [newer.id, ...most.slice(1)] },
    });
    expect(large.statusCode).toBe(200);
    expect(large.json()).toMatchObject({ submissions: 1, left: 0 });
    expect((await erase([...most, 'one more'])).statusCode).toBe(400);
    expect(JSON.stringify({ ids: most }).length).toBeGreaterThan(32 * 1024 * 20);
  });

  it('asks for a session, and refuses an erasure or a download from another site', async () => {
    const { id } = await apply(1);
    const urls = ['/person', '/person/export'].map((end) => `/admin/api/submissions/${id}${end}`);
    for (const url of [...urls, '/admin/api/retention']) {
      expect((await call({ method: 'GET', url, signedOut: true })).statusCode, url).toBe(401);
    }
    const erase = `/admin/api/submissions/${id}/person/erase`;
    const payload = { ids: [id] };
    expect(
      (await call({ method: 'POST', url: erase, signedOut: true, headers: SAME_ORIGIN, payload }))
        .statusCode,
    ).toBe(401);
    expect(
      (await call({ method: 'POST', url: erase, headers: CROSS_SITE, payload })).statusCode,
    ).toBe(403);
    expect((await call({ method: 'POST', url: erase, payload })).statusCode).toBe(403);
    expect(
      (await call({ method: 'GET', url: urls[1] ?? '', headers: CROSS_SITE })).statusCode,
    ).toBe(403);
    expect(
      (
        await call({
          method: 'POST',
          url: '/admin/api/submissions/nope/person/erase',
          headers: SAME_ORIGIN,
          payload,
        })
      ).statusCode,
    ).toBe(404);
    expect((await call({ method: 'GET', url: `/admin/api/submissions/${id}` })).statusCode).toBe(
      200,
    );
  });
});
