import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { ReplyComposer, ReplyTemplates } from '../../src/admin/contract.ts';
import { defaultReplyTemplates } from '../../src/content/reply-templates.ts';
import { parsePhone } from '../../src/content/site-fields.ts';
import { buildApp } from '../http/app.ts';
import { liveSite, type LiveSite } from '../site/live-site.ts';
import { siteStore } from '../site/site-store.ts';
import { openStore, type NewSubmission, type Store } from '../store/store.ts';
import { injectSignIn, SAME_ORIGIN } from '../testing/admin-session.ts';
import { engines, type TestEngine } from '../testing/engines.ts';
import { applicationBody, quoteBody, tempDataDir } from '../testing/fixtures.ts';
import { users } from './users.ts';

const cost = { log2N: 10, r: 8, p: 1 };
const OWNER = 'owner@example.com';
const PASSWORD = 'a long enough password';
/** A stand-in for the publish's renderer (its pages are not what this test reads): no file. */
const NO_PAGES = `import { parentPort } from 'node:worker_threads'; parentPort.postMessage([]);`;

let data: Awaited<ReturnType<TestEngine['create']>>;
let folder: ReturnType<typeof tempDataDir>;
let store: Store;
let live: LiveSite;
let app: FastifyInstance;
let token: string;

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

function call(method: Method, url: string, payload?: object, session: string | null = token) {
  return app.inject({
    method,
    url: `/admin/api${url}`,
    headers: {
      ...SAME_ORIGIN,
      ...(session === null ? {} : { cookie: `admin_session=${session}` }),
    },
    ...(payload ? { payload } : {}),
  });
}

async function ok<T>(method: Method, url: string, payload?: object): Promise<T> {
  const answer = await call(method, url, payload);
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json<T>();
}

async function saved(submission: Omit<NewSubmission, 'notify'>): Promise<string> {
  const result = await store.save({ notify: false, ...submission });
  if (result.status !== 'created') throw new Error(`not saved: ${result.status}`);
  return result.id;
}

/** The owner publishes new phones and a new name (as another instance would), and this one syncs. */
async function publishNewFacts() {
  await siteStore(store.database).addVersion({
    after: 0,
    fields: {
      'business/phones.direct': parsePhone('202-555-2368'),
      'business/phones.office': parsePhone('301-555-7719'),
      'business/name': 'Capital Shift Events',
    },
    changes: [],
    by: OWNER,
  });
  await live.sync();
}

const TEMPLATE = { form: 'quote', name: 'Menu tasting', bodyEn: 'Hello {name}.', bodyEs: '' };

describe.each(engines)('the reply templates and the composer on $name', (engine) => {
  beforeEach(async () => {
    data = await engine.create();
    folder = tempDataDir();
    store = await openStore(data.database);
    const renderer = path.join(folder.dir, 'render-site.mjs');
    writeFileSync(renderer, NO_PAGES);
    live = liveSite({ store: siteStore(store.database), renderer });
    await live.sync();
    app = await buildApp({
      store,
      logLevel: false,
      published: () => live.published(),
      admin: { cost },
    });
    await users(store.database, { cost }).add(OWNER, PASSWORD);
    token = await injectSignIn(app, OWNER, PASSWORD);
  });

  afterEach(async () => {
    await app.close();
    await store.close();
    data.remove();
    folder.remove();
  });

  it('answers 401 to every route signed out, and 403 to a change from another site', async () => {
    const id = await saved({ form: 'quote', fields: { ...quoteBody(1) } });
    const routes: [Method, string, object?][] = [
      ['GET', '/reply-templates'],
      ['POST', '/reply-templates', TEMPLATE],
      ['PUT', '/reply-templates/1', TEMPLATE],
      ['DELETE', '/reply-templates/1'],
      ['PUT', '/account/display-name', { displayName: 'Eve' }],
      ['GET', `/submissions/${id}/reply`],
    ];
    for (const [method, url, payload] of routes) {
      const answer = await call(method, url, payload, null);
      expect(answer.statusCode, `${method} ${url}`).toBe(401);
      expect(answer.body).not.toContain('Jordan');
      expect((await call(method, url, payload, 'not-a-session')).statusCode).toBe(401);
    }
    const crossSite = await app.inject({
      method: 'POST',
      url: '/admin/api/reply-templates',
      headers: { 'sec-fetch-site': 'cross-site', cookie: `admin_session=${token}` },
      payload: TEMPLATE,
    });
    expect(crossSite.statusCode).toBe(403);
    expect((await ok<ReplyTemplates>('GET', '/reply-templates')).templates).toHaveLength(
      defaultReplyTemplates.length,
    );
  });

  it('adds, changes and deletes a template, recording who and when; 404 for an unknown one', async () => {
    const before = Date.now();
    const added = await ok<ReplyTemplates>('POST', '/reply-templates', TEMPLATE);
    const made = added.templates.find(({ name }) => name === 'Menu tasting');
    expect(made).toMatchObject({ ...TEMPLATE, updatedBy: OWNER });
    expect(made?.updatedAt).toBeGreaterThanOrEqual(before);
    expect(added.displayName).toBeNull();

    const changed = await ok<ReplyTemplates>('PUT', `/reply-templates/${made?.id}`, {
      ...TEMPLATE,
      bodyEs: 'Hola, {name}.',
    });
    expect(changed.templates.find(({ id }) => id === made?.id)).toMatchObject({
      bodyEs: 'Hola, {name}.',
      updatedBy: OWNER,
    });

    const deleted = await ok<ReplyTemplates>('DELETE', `/reply-templates/${made?.id}`);
    expect(deleted.templates.map(({ id }) => id)).not.toContain(made?.id);
    for (const [method, url] of [
      ['DELETE', `/reply-templates/${made?.id}`],
      ['PUT', `/reply-templates/${made?.id}`],
      ['PUT', '/reply-templates/abc'],
      ['DELETE', '/reply-templates/-1'],
    ] as const) {
      expect((await call(method, url, TEMPLATE)).statusCode, `${method} ${url}`).toBe(404);
    }
  });

  it('refuses a template that could split a header or is not one (400), and changes nothing', async () => {
    const [first] = (await ok<ReplyTemplates>('GET', '/reply-templates')).templates;
    const invalid = [
      { ...TEMPLATE, name: 'Quote\r\nBcc: victim@example.com' },
      { ...TEMPLATE, name: 'Tab\there' },
      { ...TEMPLATE, name: '  ' },
      { ...TEMPLATE, name: 'x'.repeat(81) },
      { ...TEMPLATE, bodyEn: '   ' },
      { ...TEMPLATE, form: 'newsletter' },
      { ...TEMPLATE, key: 'quote-on-its-way' },
      { form: 'quote', name: 'No Spanish key', bodyEn: 'Hi' },
    ];
    for (const body of invalid) {
      expect((await call('POST', '/reply-templates', body)).statusCode, JSON.stringify(body)).toBe(
        400,
      );
      expect((await call('PUT', `/reply-templates/${first?.id}`, body)).statusCode).toBe(400);
    }
    const after = await ok<ReplyTemplates>('GET', '/reply-templates');
    expect(after.templates).toHaveLength(defaultReplyTemplates.length);
    expect(after.templates[0]).toEqual(first);
  });

  it("sets and clears the user's display name, one line only", async () => {
    expect(
      (await ok<ReplyTemplates>('PUT', '/account/display-name', { displayName: ' Daniela ' }))
        .displayName,
    ).toBe('Daniela');
    expect((await ok<ReplyTemplates>('GET', '/reply-templates')).displayName).toBe('Daniela');
    const refused = await call('PUT', '/account/display-name', {
      displayName: 'Dan\nBcc: x@example.com',
    });
    expect(refused.statusCode).toBe(400);
    expect(
      (await ok<ReplyTemplates>('PUT', '/account/display-name', { displayName: '' })).displayName,
    ).toBeNull();
  });

  it('starts a reply to an English quote: the address, the subject continued, its templates filled', async () => {
    const id = await saved({
      form: 'quote',
      siteLanguage: 'en',
      fields: { ...quoteBody(1, { clientName: 'Jordan Rivera', eventDate: '2026-12-26' }) },
    });
    await ok('PUT', '/account/display-name', { displayName: 'Daniela' });
    const composer = await ok<ReplyComposer>('GET', `/submissions/${id}/reply`);
    expect(composer).toMatchObject({
      to: 'jordan.rivera+1@example.com',
      subject: 'Re: We received your quote request – Potomac Staffing',
      language: 'en',
      refused: null,
    });
    const quoteNames = defaultReplyTemplates
      .filter(({ form }) => form === 'quote')
      .map(({ name }) => name);
    expect(composer.templates.map(({ name }) => name)).toEqual(quoteNames);
    expect(composer.suggested).toBe(composer.templates[0]?.id);
    const [first] = composer.templates;
    expect(first?.en).toMatch(/^Hello Jordan Rivera,$/m);
    expect(first?.en).toContain('for your event on Saturday, December 26, 2026');
    expect(first?.en).toContain('for 120 guests');
    expect(first?.en).toContain('call us at (703) 555-0142');
    expect(first?.en).toMatch(/^Daniela$/m);
    expect(first?.es).toContain('su evento del sábado, 26 de diciembre de 2026');
  });

  it("starts a reply to a Spanish application in Spanish, in the live version's words and phone", async () => {
    await publishNewFacts();
    const id = await saved({
      form: 'application',
      siteLanguage: 'es',
      fields: { ...applicationBody(1, { fullName: 'Camila Torres' }) },
    });
    await ok('POST', '/reply-templates', {
      ...TEMPLATE,
      form: 'application',
      name: 'English only',
    });
    const composer = await ok<ReplyComposer>('GET', `/submissions/${id}/reply`);
    expect(composer).toMatchObject({
      to: 'camila.torres+1@example.com',
      subject: 'Re: Recibimos su solicitud de empleo – Capital Shift Events',
      language: 'es',
      refused: null,
    });
    expect(composer.templates.map(({ name }) => name)).toEqual([
      'Interview invitation',
      'Thank you, not now',
      'English only',
    ]);
    const [interview] = composer.templates;
    expect(interview?.es).toMatch(/^Hola, Camila Torres:$/m);
    expect(interview?.es).toContain('trabajar con Capital Shift Events como bartender o mixólogo.');
    expect(interview?.es).toContain('llámenos al (301) 555-7719');
    // No display name: the business signs.
    expect(interview?.es).toMatch(/^Capital Shift Events$/m);
    expect(interview?.en).toContain('as Bartender or Mixologist');
    expect(`${interview?.en}${interview?.es}`).not.toMatch(/555-01\d\d|Potomac/);
    expect(composer.templates[2]).toMatchObject({ en: 'Hello Camila Torres.', es: null });
  });

  it("the quote's phone follows a publish: the direct line", async () => {
    await publishNewFacts();
    const id = await saved({ form: 'quote', fields: { ...quoteBody(2) } });
    const composer = await ok<ReplyComposer>('GET', `/submissions/${id}/reply`);
    expect(composer.language).toBe('en');
    expect(composer.templates[0]?.en).toContain('call us at (202) 555-2368');
  });

  it('refuses a reply to spam and to a visitor with no address; 404 for an unknown submission', async () => {
    const spam = await saved({
      form: 'quote',
      fields: { ...quoteBody(3) },
      spam: { score: 9, reasons: ['links'], spam: true },
    });
    expect(await ok<ReplyComposer>('GET', `/submissions/${spam}/reply`)).toMatchObject({
      refused: 'spam',
      to: 'jordan.rivera+3@example.com',
    });
    const silent = await saved({ form: 'quote', fields: { ...quoteBody(4), email: '' } });
    expect(await ok<ReplyComposer>('GET', `/submissions/${silent}/reply`)).toMatchObject({
      refused: 'no-address',
      to: null,
    });
    expect((await call('GET', '/submissions/no-such-id/reply')).statusCode).toBe(404);
  });
});
