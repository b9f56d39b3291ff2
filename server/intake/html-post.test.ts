import type { FastifyInstance } from 'fastify';
import { applicationFormContent } from '../../src/content/application-form.ts';
import { quoteFormContent as esQuoteFormContent } from '../../src/content/es/quote-form.ts';
import { formsContent } from '../../src/content/forms.ts';
import { formsContent as esFormsContent } from '../../src/content/es/forms.ts';
import { quoteFormContent } from '../../src/content/quote-form.ts';
import { LANGUAGE_FIELD, type PostedForm } from '../../src/forms/posted.ts';
import { buildApp, type AppOptions } from '../http/app.ts';
import type { FormAnswers } from '../site/form-answers.ts';
import { sha256Hex } from '../store/attachments.ts';
import { openStore, type Store } from '../store/store.ts';
import {
  applicationBody,
  quoteBody,
  sampleCompoundFile,
  samplePdf,
  tempDataDir,
} from '../testing/fixtures.ts';
import { messagesIn } from './form-messages.ts';
import { escapeHtml } from '../../src/escape-html.ts';
import { NOTHING_PUBLISHED, publishedVersion } from '../../src/content/published.ts';

const { applicationMessages } = applicationFormContent(NOTHING_PUBLISHED);
const { quoteMessages: esQuoteMessages } = esQuoteFormContent(NOTHING_PUBLISHED);
const { formText } = formsContent(NOTHING_PUBLISHED);
const { formText: esFormText } = esFormsContent(NOTHING_PUBLISHED);
const { quoteForm, quoteMessages } = quoteFormContent(NOTHING_PUBLISHED);

let data: ReturnType<typeof tempDataDir>;
let store: Store;
let app: FastifyInstance;

/** What the fake renderer was asked, in order. */
let rendered: { posted: PostedForm; language: string }[];

/** A deterministic page of a PostedForm, every value escaped, as the site's renderer would. */
function fakePage(posted: PostedForm, language: string): string {
  const values = Object.entries(posted.values).map(
    ([name, value]) => `<li data-field="${name}">${escapeHtml(String(value))}</li>`,
  );
  const errors = Object.entries(posted.errors).map(
    ([name, message]) => `<p data-error="${name}">${escapeHtml(message)}</p>`,
  );
  const files = Object.entries(posted.fileNames ?? {}).map(
    ([name, file]) => `<p data-file="${name}">${escapeHtml(file)}</p>`,
  );
  const state = posted.sent ? 'sent' : 'form';
  return `<!doctype html><html lang="${language}"><h1>${posted.form} ${state}</h1><ul>${values.join('')}</ul>${errors.join('')}${files.join('')}</html>`;
}

const fakeAnswers: FormAnswers = {
  render: async (posted, language) => {
    rendered.push({ posted, language });
    return fakePage(posted, language);
  },
};

async function start(options: Partial<AppOptions> = {}) {
  app = await buildApp({ store, formAnswers: fakeAnswers, ...options });
  return app;
}

/** A quote's fields as its page's inputs post them: services once per ticked box. */
function quoteFields(n = 1, overrides: Record<string, string | string[]> = {}) {
  const { services, ...rest } = quoteBody(n);
  return { ...rest, services: services.split(', '), _gotcha: '', ...overrides };
}

function urlencoded(fields: Record<string, string | string[]>): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(fields)) {
    for (const item of Array.isArray(value) ? value : [value]) params.append(name, item);
  }
  return params.toString();
}

function postForm(form: string, fields: Record<string, string | string[]>, headers = {}) {
  return app.inject({
    method: 'POST',
    url: `/api/forms/${form}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    payload: urlencoded(fields),
  });
}

type Part = [name: string, value: string] | { name: string; filename: string; content: Buffer };

/** A page's multipart post, its parts in the order given (text before and after the file). */
function multipartPost(form: string, parts: readonly Part[], headers = {}) {
  const boundary = '----PageFormBoundary5c1e';
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const [disposition, content] = Array.isArray(part)
      ? [`name="${part[0]}"`, Buffer.from(part[1])]
      : [`name="${part.name}"; filename="${part.filename}"`, part.content];
    const type = Array.isArray(part) ? '' : '\r\nContent-Type: application/pdf';
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; ${disposition}${type}\r\n\r\n`),
      content,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return app.inject({
    method: 'POST',
    url: `/api/forms/${form}`,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, ...headers },
    payload: Buffer.concat(chunks),
  });
}

/** An application's text parts in page order, the résumé between other companies and references. */
function applicationParts(file?: { filename: string; content: Buffer }, n = 1): Part[] {
  const body = applicationBody(n, { references: 'Ana Ruiz, 571-555-0100' });
  const parts: Part[] = [];
  for (const [name, value] of Object.entries(body)) {
    if (name === 'references' || name === 'additionalInfo') continue;
    for (const item of Array.isArray(value) ? value : [value]) parts.push([name, String(item)]);
  }
  parts.push({
    name: 'resume',
    filename: file?.filename ?? '',
    content: file?.content ?? Buffer.alloc(0),
  });
  parts.push(['references', body.references], ['additionalInfo', body.additionalInfo]);
  parts.push(['_gotcha', ''], [LANGUAGE_FIELD, 'en']);
  return parts;
}

beforeEach(async () => {
  data = tempDataDir();
  store = await openStore(data.database);
  rendered = [];
});

afterEach(async () => {
  await app?.close();
  store.close();
  data.remove();
});

describe('a form posted without JavaScript', () => {
  it('stores a valid urlencoded quote and answers the confirmation page', async () => {
    await start();
    const response = await postForm('quote', { ...quoteFields(1), [LANGUAGE_FIELD]: 'es' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.body).toContain('<h1>quote sent</h1>');
    expect(rendered[0]).toMatchObject({ language: 'es', posted: { sent: true, errors: {} } });
    const [row] = await store.list();
    expect(row).toMatchObject({ form: 'quote', siteLanguage: 'es' });
    expect(row?.fields).toEqual(quoteBody(1));
  });

  it('answers the form again with the values (escaped) and the messages: 400, nothing stored', async () => {
    await start();
    const response = await postForm('quote', {
      ...quoteFields(1, { clientName: '<script>alert(1)</script>', email: 'not an e-mail' }),
      services: [],
      [LANGUAGE_FIELD]: 'en',
    });
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.body).not.toContain('<script>alert(1)');
    expect(response.body).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(response.body).toContain('not an e-mail');
    const { posted } = rendered[0] ?? {};
    expect(posted).toMatchObject({ form: 'quote', sent: false });
    expect(posted?.values.clientName).toBe('<script>alert(1)</script>');
    expect(posted?.values.services).toEqual([]);
    expect(posted?.errors).toEqual({
      email: quoteMessages.email,
      services: quoteMessages.services,
    });
    expect(await store.list()).toEqual([]);
  });

  it('gives the messages in the page language, as the owner published them', async () => {
    const published = publishedVersion({
      version: 1,
      es: { 'quote.messages/services': 'Elija un servicio, por favor' },
    });
    await start({ published: () => published });
    const response = await postForm('quote', {
      ...quoteFields(1, { email: 'nope', additionalInfo: 'x'.repeat(5001) }),
      services: [],
      [LANGUAGE_FIELD]: 'es',
    });
    expect(response.statusCode).toBe(400);
    expect(rendered[0]?.language).toBe('es');
    expect(rendered[0]?.posted.errors).toEqual({
      email: esQuoteMessages.email,
      services: 'Elija un servicio, por favor',
      additionalInfo: esFormText.tooLong(5000),
    });
  });

  it('reads inputs as the page names them: a list whole, a repeated text once, others ignored', async () => {
    await start();
    const body = `${urlencoded(quoteFields(2))}&clientName=Second&isAdmin=1&__proto__=x`;
    const response = await app.inject({
      method: 'POST',
      url: '/api/forms/quote',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: body,
    });
    expect(response.statusCode).toBe(200);
    const [row] = await store.list();
    expect(row?.fields).toEqual(quoteBody(2));
    // No language named: the English page, and no site language stored.
    expect(row?.siteLanguage ?? undefined).toBeUndefined();
    expect(rendered[0]?.language).toBe('en');
  });

  it('stores a multipart application with its résumé, text parts before and after the file', async () => {
    await start();
    const pdf = samplePdf(20_000);
    const response = await multipartPost(
      'application',
      applicationParts({ filename: 'Camila CV.pdf', content: pdf }),
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    const [listed] = await store.list({ form: 'application' });
    const stored = await store.get(listed?.id ?? '');
    expect(stored?.fields).toMatchObject({
      fullName: applicationBody(1).fullName,
      skills: ['Teamwork', 'Customer service'],
      references: 'Ana Ruiz, 571-555-0100',
    });
    expect(stored?.attachments).toEqual([
      expect.objectContaining({ field: 'resume', name: 'Camila CV.pdf', sha256: sha256Hex(pdf) }),
    ]);
  });

  it('takes an empty file input as no file', async () => {
    await start();
    const response = await multipartPost('application', applicationParts());
    expect(response.statusCode).toBe(200);
    const [listed] = await store.list({ form: 'application' });
    expect((await store.get(listed?.id ?? ''))?.attachments).toEqual([]);
  });

  it("refuses a résumé the browser would refuse, in the browser's words, and names the file", async () => {
    await start();
    const response = await multipartPost(
      'application',
      applicationParts({ filename: 'cv.pdf', content: Buffer.from('just text') }),
    );
    expect(response.statusCode).toBe(400);
    expect(rendered[0]?.posted).toMatchObject({
      sent: false,
      errors: { resume: applicationMessages.resumeType },
      fileNames: { resume: 'cv.pdf' },
    });
    expect(await store.list()).toEqual([]);
  });

  it("refuses a file the browser's check lets through but its content does not", async () => {
    await start();
    const spreadsheet = sampleCompoundFile(false);
    const response = await multipartPost(
      'application',
      applicationParts({ filename: 'cv.doc', content: spreadsheet }),
    );
    expect(response.statusCode).toBe(400);
    expect(rendered[0]?.posted.errors).toEqual({ resume: applicationMessages.resumeType });
    expect(await store.list()).toEqual([]);
  });

  it('stores the same post once, however often the answer page is reloaded', async () => {
    await start();
    const fields = { ...quoteFields(3), [LANGUAGE_FIELD]: 'en' };
    const first = await postForm('quote', fields);
    const again = await postForm('quote', fields);
    expect([first.statusCode, again.statusCode]).toEqual([200, 200]);
    const pdf = samplePdf(5000);
    const parts = applicationParts({ filename: 'cv.pdf', content: pdf }, 4);
    const upload = await multipartPost('application', parts);
    const uploadAgain = await multipartPost('application', parts);
    expect([upload.statusCode, uploadAgain.statusCode]).toEqual([200, 200]);
    expect(await store.list({ form: 'quote' })).toHaveLength(1);
    expect(await store.list({ form: 'application' })).toHaveLength(1);
  });

  it('answers a filled spam trap with the confirmation and keeps it in Spam, telling no one', async () => {
    await start({ notify: true, acknowledge: true });
    const response = await postForm('quote', quoteFields(5, { _gotcha: 'https://spam.example' }));
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<h1>quote sent</h1>');
    const row = await store.database.db
      .selectFrom('submissions')
      .select(['status', 'spam_reasons'])
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('spam');
    expect(JSON.parse(row.spam_reasons ?? '[]')).toEqual(['honeypot', 'pow-missing']);
    expect(await store.outboxSummary()).toEqual({ pending: 0, sent: 0, failed: 0 });
  });

  it('answers a plain page, escaped, when there is no renderer or it fails', async () => {
    await start({ formAnswers: undefined });
    const invalid = await postForm('quote', {
      ...quoteFields(6, { email: '<b>x</b>' }),
      [LANGUAGE_FIELD]: 'es',
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(invalid.body).toContain('<html lang="es">');
    expect(invalid.body).toContain(escapeHtml(esQuoteMessages.email));
    expect(invalid.body).toContain(escapeHtml(esFormText.errorSummaryTitle));
    expect(invalid.body).not.toContain('<b>x</b>');
    await app.close();

    await start({ formAnswers: { render: () => Promise.reject(new Error('broken')) } });
    const sent = await postForm('quote', quoteFields(7));
    expect(sent.statusCode).toBe(200);
    expect(sent.body).toContain('<html lang="en">');
    expect(sent.body).toContain(escapeHtml(quoteForm.confirmation.heading));
    expect(await store.list()).toHaveLength(1);
  });

  it('shares the route limits: rate limited like a script post', async () => {
    await start({ rateLimitMax: 2 });
    const statuses = [];
    for (let n = 1; n <= 3; n += 1)
      statuses.push((await postForm('quote', quoteFields(n))).statusCode);
    expect(statuses).toEqual([200, 200, 429]);
  });

  it('still answers the script in JSON, multipart with Accept: application/json too', async () => {
    await start();
    const json = await app.inject({
      method: 'POST',
      url: '/api/forms/quote',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      payload: JSON.stringify(quoteBody(8)),
    });
    expect(json.json()).toMatchObject({ ok: true });
    const multipart = await multipartPost(
      'application',
      applicationParts(undefined, 9).filter(
        (part) => !Array.isArray(part) || !part[0].startsWith('_'),
      ),
      { accept: 'application/json' },
    );
    expect(multipart.statusCode).toBe(200);
    expect(multipart.json()).toMatchObject({ ok: true });
    expect(rendered).toEqual([]);
  });
});

describe('messagesIn', () => {
  it('gives each known message in the page language, and any other as it is', () => {
    expect(
      messagesIn(
        { email: quoteMessages.email, x: 'Something else', skills: formText.invalidOption },
        'es',
        NOTHING_PUBLISHED,
      ),
    ).toEqual({
      email: esQuoteMessages.email,
      x: 'Something else',
      skills: esFormText.invalidOption,
    });
    expect(messagesIn({ email: quoteMessages.email }, 'en', NOTHING_PUBLISHED)).toEqual({
      email: quoteMessages.email,
    });
  });
});
