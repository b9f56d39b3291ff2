import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { mkdirSync, writeFileSync } from 'node:fs';
import net, { type AddressInfo } from 'node:net';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { buildApp, type AppOptions } from './app.ts';
import type { QuoteSubmission } from '../../src/forms/quote.ts';
import { openStore, type Store } from '../store/store.ts';
import { applicationBody, quoteBody, tempDataDir } from '../testing/fixtures.ts';

let data: ReturnType<typeof tempDataDir>;
let store: Store;
let app: FastifyInstance;

async function start(options: Partial<AppOptions> = {}) {
  app = await buildApp({ store, ...options });
  return app;
}

function post(form: string, body: unknown, headers: Record<string, string> = {}) {
  return app.inject({
    method: 'POST',
    url: `/api/forms/${form}`,
    headers: { 'content-type': 'application/json', ...headers },
    payload: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

beforeEach(async () => {
  data = tempDataDir();
  store = await openStore(data.database);
});

afterEach(async () => {
  await app?.close();
  store.close();
  data.remove();
});

describe('POST /api/forms/:form', () => {
  it('stores a valid quote and answers its id only once committed', async () => {
    await start();
    const response = await post('quote', quoteBody(1, { clientName: '  Jordan Rivera  ' }), {
      'user-agent': 'vitest',
    });
    expect(response.statusCode).toBe(200);
    const { ok, id } = response.json();
    expect(ok).toBe(true);
    const [row] = await store.list();
    expect(row).toMatchObject({ id, form: 'quote', userAgent: 'vitest' });
    expect(row?.fields.clientName).toBe('Jordan Rivera');
    expect(row?.fields).not.toHaveProperty('_gotcha');
    expect(row?.clientHash).toMatch(/^[0-9a-f]{32}$/);
  });

  it('stores a valid application with its lists', async () => {
    await start();
    const response = await post('application', applicationBody());
    expect(response.statusCode).toBe(200);
    const [row] = await store.list({ form: 'application' });
    expect(row?.id).toBe(response.json().id);
    expect(row?.fields.languages).toEqual(['Spanish', 'English']);
  });

  it('records the language of the page it came from (Content-Language), not in the fields', async () => {
    await start();
    await post('application', applicationBody(1), { 'content-language': 'es' });
    await post('quote', quoteBody(2), { 'content-language': 'en', 'accept-language': 'es-US' });
    await post('quote', quoteBody(3), { 'content-language': 'fr' });
    await post('quote', quoteBody(4));
    const rows = await store.list();
    const byName = (name: string) =>
      rows.find((row) => row.fields.clientName === name || row.fields.fullName === name);
    expect(byName(applicationBody(1).fullName)).toMatchObject({ siteLanguage: 'es' });
    expect(byName(quoteBody(2).clientName)).toMatchObject({
      siteLanguage: 'en',
      language: 'es-US',
    });
    // A language the site does not have, or none: not recorded.
    expect(byName(quoteBody(3).clientName)?.siteLanguage).toBeNull();
    expect(byName(quoteBody(4).clientName)?.siteLanguage).toBeNull();
    expect(Object.keys(byName(quoteBody(2).clientName)?.fields ?? {})).toHaveLength(8);
  });

  it('answers 400 with the schema messages for each invalid field', async () => {
    await start();
    const response = await post('quote', quoteBody(1, { clientName: 'J', services: '' }));
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body).toMatchObject({ ok: false, error: expect.any(String) });
    expect(body.errors).toEqual(
      expect.arrayContaining([
        { field: 'clientName', message: 'Full name is required' },
        { field: 'services', message: 'Please select at least one service' },
      ]),
    );
    expect(await store.list()).toEqual([]);
  });

  it('answers 400 for missing fields, unknown fields and wrong types', async () => {
    await start();
    const withoutEmail: Partial<QuoteSubmission> = quoteBody();
    delete withoutEmail.email;
    expect((await post('quote', withoutEmail)).json().errors).toEqual([
      { field: 'email', message: 'A valid email is required' },
    ]);

    const extra = await post('quote', { ...quoteBody(), isAdmin: true });
    expect(extra.statusCode).toBe(400);
    expect(extra.json().errors[0].message).toContain('isAdmin');

    const wrongType = await post('application', { ...applicationBody(), languages: 'Spanish' });
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json().errors[0].field).toBe('languages');

    for (const body of ['[]', '"text"', '42', 'null', '[{"clientName":"x"}]']) {
      const response = await post('quote', body);
      expect(response.statusCode, body).toBe(400);
      expect(response.json().ok).toBe(false);
    }
    expect(await store.list()).toEqual([]);
  });

  it('answers 400 for malformed JSON without quoting it back', async () => {
    await start();
    for (const body of ['{"clientName": "Jo', '{clientName: 1}', "{'a':1}", '{"a":1}}']) {
      const response = await post('quote', body);
      expect(response.statusCode, body).toBe(400);
      expect(response.json()).toEqual({ ok: false, error: 'The body is not valid JSON' });
    }
    const empty = await post('quote', '');
    expect(empty.statusCode).toBe(400);
  });

  it('refuses __proto__ and constructor keys harmlessly', async () => {
    await start();
    const bodies = [
      `{"__proto__": {"isAdmin": true}, "clientName": "x"}`,
      `{"constructor": {"prototype": {"isAdmin": true}}}`,
      JSON.stringify(quoteBody()).replace('{', '{"__proto__":{"polluted":1},'),
    ];
    for (const body of bodies) {
      const response = await post('quote', body);
      expect(response.statusCode, body).toBe(400);
    }
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect((await app.inject('/healthz')).statusCode).toBe(200);
  });

  it('answers 404 for an unknown form, also for names like __proto__', async () => {
    await start();
    for (const name of ['newsletter', '__proto__', 'constructor', 'toString']) {
      const response = await post(name, quoteBody());
      expect(response.statusCode, name).toBe(404);
      expect(response.json()).toEqual({ ok: false, error: 'Unknown form' });
    }
    const other = await app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(other.statusCode).toBe(404);
    expect(other.json().ok).toBe(false);
  });

  it('answers 405 to other methods on a form', async () => {
    await start();
    const response = await app.inject({ method: 'GET', url: '/api/forms/quote' });
    expect(response.statusCode).toBe(405);
    expect(response.headers.allow).toContain('POST');
  });

  it('answers 415 to anything but JSON, multipart or an HTML form post', async () => {
    await start();
    const cases = [{ 'content-type': 'text/plain' }, { 'content-type': 'application/xml' }];
    for (const headers of cases) {
      const response = await post('quote', 'clientName=Jo', headers);
      expect(response.statusCode, headers['content-type']).toBe(415);
      expect(response.json()).toEqual({
        ok: false,
        error: 'Send the form as application/json or multipart/form-data',
      });
    }
    const none = await app.inject({ method: 'POST', url: '/api/forms/quote', payload: '{}' });
    expect(none.statusCode).toBe(415);
  });

  it('accepts JSON with a charset', async () => {
    await start();
    const response = await post('quote', quoteBody(), {
      'content-type': 'application/json; charset=utf-8',
    });
    expect(response.statusCode).toBe(200);
  });

  it('answers 413 to a body over 32 kB', async () => {
    await start();
    const response = await post('quote', quoteBody(1, { additionalInfo: 'x'.repeat(33_000) }));
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ ok: false, error: 'The body is larger than 32 kB' });
  });

  it('answers 429 with Retry-After after too many posts from one address', async () => {
    await start({ rateLimitMax: 3 });
    for (let n = 1; n <= 3; n++) expect((await post('quote', quoteBody(n))).statusCode).toBe(200);
    const limited = await post('quote', quoteBody(4));
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.json()).toMatchObject({ ok: false });
    // Another address is not affected.
    const other = await app.inject({
      method: 'POST',
      url: '/api/forms/quote',
      remoteAddress: '203.0.113.9',
      headers: { 'content-type': 'application/json' },
      payload: quoteBody(5),
    });
    expect(other.statusCode).toBe(200);
    expect(await store.list()).toHaveLength(4);
  });

  it('limits by the forwarded address only when the proxy is trusted', async () => {
    const spoofed = (n: number) =>
      post('quote', quoteBody(n), { 'x-forwarded-for': `198.51.100.${n}` });
    await start({ rateLimitMax: 1 });
    expect((await spoofed(1)).statusCode).toBe(200);
    expect((await spoofed(2)).statusCode).toBe(429);
    await app.close();

    await start({ rateLimitMax: 1, trustProxy: { proxies: ['loopback'] } });
    expect((await spoofed(3)).statusCode).toBe(200);
    expect((await spoofed(4)).statusCode).toBe(200);
  });

  it('answers a filled honeypot with a normal 200 and keeps it in Spam, telling no one', async () => {
    await start({ notify: true, acknowledge: true, rateLimitMax: 2 });
    const response = await post('quote', { ...quoteBody(), _gotcha: 'http://spam.example' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true, id: expect.any(String) });
    const row = await store.database.db
      .selectFrom('submissions')
      .select(['id', 'status', 'spam_reasons', 'fields'])
      .executeTakeFirstOrThrow();
    expect(row.id).toBe(response.json().id);
    expect(row.status).toBe('spam');
    expect(JSON.parse(row.spam_reasons ?? '[]')).toContain('honeypot');
    expect(JSON.parse(row.fields)).not.toHaveProperty('_gotcha');
    expect(await store.outboxSummary()).toEqual({ pending: 0, sent: 0, failed: 0 });
    // Under the same limit as any post: the third within the window is refused.
    const again = await post('quote', { ...quoteBody(2), _gotcha: 'bot' });
    expect(again.statusCode).toBe(200);
    expect((await post('quote', { ...quoteBody(3), _gotcha: 'bot' })).statusCode).toBe(429);
    expect((await store.list()).map((item) => item.status)).toEqual(['spam', 'spam']);
  });

  it('answers a filled honeypot on a body no form could send as usual, with nothing to keep', async () => {
    await start();
    const response = await post('quote', { clientName: 'x', _gotcha: 'bot' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true, id: expect.any(String) });
    expect(await store.list()).toEqual([]);
  });

  it('accepts an empty honeypot as a normal lead', async () => {
    await start();
    expect((await post('quote', { ...quoteBody(), _gotcha: '' })).statusCode).toBe(200);
    expect(await store.list()).toHaveLength(1);
  });

  it('stores the same body posted twice once and answers the same id', async () => {
    await start();
    const first = await post('quote', quoteBody(7));
    const second = await post('quote', quoteBody(7));
    expect(second.statusCode).toBe(200);
    expect(second.json().id).toBe(first.json().id);
    // Whitespace the schema trims away is the same submission.
    const third = await post('quote', quoteBody(7, { address: `  ${quoteBody(7).address} ` }));
    expect(third.json().id).toBe(first.json().id);
    expect(await store.list()).toHaveLength(1);
  });

  it('stores one row per Idempotency-Key and refuses the key for another body', async () => {
    await start();
    const key = { 'idempotency-key': 'a1b2c3d4e5f6' };
    const first = await post('application', applicationBody(1), key);
    const again = await post('application', applicationBody(1), key);
    expect(again.json().id).toBe(first.json().id);
    const changed = await post('application', applicationBody(2), key);
    expect(changed.statusCode).toBe(422);
    expect(await store.list()).toHaveLength(1);

    const bad = await post('application', applicationBody(3), {
      'idempotency-key': 'x'.repeat(300),
    });
    expect(bad.statusCode).toBe(400);
  });

  it('answers 503, not 200, when the database cannot store the row', async () => {
    await start();
    store.close();
    const response = await post('quote', quoteBody());
    expect(response.statusCode).toBe(503);
    expect(response.json().ok).toBe(false);
    expect(response.headers['retry-after']).toBe('30');
    expect((await app.inject('/healthz')).statusCode).toBe(503);
    store = await openStore(data.database);
  });

  it('queues a notification in the same transaction when notifications are on', async () => {
    const onStored = vi.fn();
    await start({ notify: true, onStored });
    await post('quote', quoteBody(1));
    await post('quote', quoteBody(1));
    await post('quote', { ...quoteBody(2), _gotcha: 'bot' });
    expect(onStored).toHaveBeenCalledTimes(1);
    expect(await store.outboxSummary()).toEqual({ pending: 1, sent: 0, failed: 0 });
  });

  it('answers CORS preflights for allowed origins only', async () => {
    await start({ corsOrigins: ['https://staffing.example'] });
    const preflight = (origin: string) =>
      app.inject({
        method: 'OPTIONS',
        url: '/api/forms/quote',
        headers: {
          origin,
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'content-type',
        },
      });
    const allowed = await preflight('https://staffing.example');
    expect(allowed.statusCode).toBe(204);
    expect(allowed.headers['access-control-allow-origin']).toBe('https://staffing.example');
    expect(allowed.headers['access-control-allow-headers']).toContain('Content-Type');
    const other = await preflight('https://evil.example');
    expect(other.headers['access-control-allow-origin']).toBeUndefined();

    // The post itself, and nothing but the form endpoints.
    const posted = await post('quote', quoteBody(1), { origin: 'https://staffing.example' });
    expect(posted.statusCode).toBe(200);
    expect(posted.headers['access-control-allow-origin']).toBe('https://staffing.example');
    const health = await app.inject({
      url: '/healthz',
      headers: { origin: 'https://staffing.example' },
    });
    expect(health.headers['access-control-allow-origin']).toBeUndefined();
    const inbox = await app.inject({
      method: 'OPTIONS',
      url: '/admin/api/session',
      headers: { origin: 'https://staffing.example', 'access-control-request-method': 'GET' },
    });
    expect(inbox.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('GET /healthz and static files', () => {
  it('reports health', async () => {
    await start();
    const response = await app.inject('/healthz');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true });
  });

  it('serves the site with cache rules, compression and security headers', async () => {
    const dist = path.join(data.dir, 'dist');
    mkdirSync(path.join(dist, 'assets'), { recursive: true });
    writeFileSync(
      path.join(dist, 'index.html'),
      "<!doctype html><title>x</title><script>document.title='y'</script>",
    );
    writeFileSync(path.join(dist, 'assets', 'index-AbCd1234.js'), 'console.log(1);'.repeat(200));
    await start({ distDir: dist, connectSources: ['https://formspree.io'] });

    const index = await app.inject('/');
    expect(index.statusCode).toBe(200);
    expect(index.headers['cache-control']).toBe('no-cache');
    const csp = String(index.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    // The document's one inline script runs, by its hash, and no other.
    const inlineHash = createHash('sha256').update("document.title='y'").digest('base64');
    expect(csp).toContain(`script-src 'self' 'sha256-${inlineHash}';`);
    expect(csp).toContain("connect-src 'self' https://formspree.io");
    // Without JavaScript the form posts there itself.
    expect(csp).toContain("form-action 'self' https://formspree.io");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(index.headers['x-content-type-options']).toBe('nosniff');
    expect(index.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(index.headers['x-frame-options']).toBe('DENY');
    expect(index.headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(index.headers['strict-transport-security']).toBe('max-age=15552000');
    expect(index.headers['permissions-policy']).toBe(
      'camera=(), microphone=(), geolocation=(), payment=(), usb=()',
    );

    const asset = await app.inject({
      url: '/assets/index-AbCd1234.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(asset.headers['content-encoding']).toBe('br');
    const gzip = await app.inject({
      url: '/assets/index-AbCd1234.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gzip.headers['content-encoding']).toBe('gzip');

    expect((await app.inject('/missing.html')).statusCode).toBe(404);
  });

  it("serves the build's compressed twins as they are (the bytes a static host sends), varying by Accept-Encoding", async () => {
    const dist = path.join(data.dir, 'dist');
    mkdirSync(path.join(dist, 'assets'), { recursive: true });
    const page = '<!doctype html><title>x</title>'.padEnd(4000, ' ');
    const script = 'console.log(2);'.repeat(300);
    writeFileSync(path.join(dist, 'index.html'), page);
    writeFileSync(path.join(dist, 'assets', 'index-AbCd1234.js'), script);
    // Made by scripts/build/compress.mjs at build time: the server sends these bytes, not its own.
    const twins = {
      'index.html.br': brotliCompressSync(page),
      'index.html.gz': gzipSync(page),
      'assets/index-AbCd1234.js.br': brotliCompressSync(script),
    };
    for (const [file, bytes] of Object.entries(twins)) writeFileSync(path.join(dist, file), bytes);
    await start({ distDir: dist });

    const index = await app.inject({ url: '/', headers: { 'accept-encoding': 'gzip, br' } });
    expect(index.headers['content-encoding']).toBe('br');
    expect(index.rawPayload.equals(twins['index.html.br'])).toBe(true);
    expect(index.headers['cache-control']).toBe('no-cache');
    expect(String(index.headers.vary)).toMatch(/accept-encoding/i);
    const gzipped = await app.inject({ url: '/', headers: { 'accept-encoding': 'gzip' } });
    expect(gzipped.rawPayload.equals(twins['index.html.gz'])).toBe(true);
    const plain = await app.inject({ url: '/', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(page);
    expect(String(plain.headers.vary)).toMatch(/accept-encoding/i);

    const asset = await app.inject({
      url: '/assets/index-AbCd1234.js',
      headers: { 'accept-encoding': 'br' },
    });
    expect(asset.rawPayload.equals(twins['assets/index-AbCd1234.js.br'])).toBe(true);
    expect(asset.headers['content-type']).toMatch(/javascript/);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('serves the Spanish document at /es/, its inline script allowed by hash too', async () => {
    const dist = path.join(data.dir, 'dist');
    mkdirSync(path.join(dist, 'es'), { recursive: true });
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><script>en()</script>');
    writeFileSync(
      path.join(dist, 'es', 'index.html'),
      '<!doctype html><html lang="es"><script>es()</script>',
    );
    await start({ distDir: dist });
    const hashOf = (text: string) => createHash('sha256').update(text).digest('base64');

    const spanish = await app.inject('/es/');
    expect(spanish.statusCode).toBe(200);
    expect(spanish.body).toContain('lang="es"');
    expect(spanish.headers['cache-control']).toBe('no-cache');
    const csp = String(spanish.headers['content-security-policy']);
    expect(csp).toContain(`'sha256-${hashOf('es()')}'`);
    expect(csp).toContain(`'sha256-${hashOf('en()')}'`);

    const bare = await app.inject('/es');
    expect(bare.statusCode).toBe(301);
    expect(bare.headers.location).toBe('/es/');
    // A page's own document has one address too, its folder's, the query kept.
    for (const [asked, folder] of [
      ['/team', '/team/'],
      ['/es/join-our-team?field=resume', '/es/join-our-team/?field=resume'],
      ['/es/privacy', '/es/privacy/'],
    ] as const) {
      const page = await app.inject(asked);
      expect(page.statusCode).toBe(301);
      expect(page.headers.location).toBe(folder);
    }
  });
});

describe('logging', () => {
  it('logs no bodies, e-mails, names or addresses at info level', async () => {
    const lines: string[] = [];
    await start({ logLevel: 'info', logStream: { write: (line) => lines.push(line) } });
    const visitor = { 'x-forwarded-for': '198.51.100.23', 'user-agent': 'Secret-Agent/1.0' };
    await post('quote', quoteBody(9), visitor);
    await post('quote', { ...quoteBody(9), clientName: 'J' }, visitor);
    await post('quote', '{"email": "jordan.rivera+9@example.com", oops', visitor);
    await post('quote', { ...quoteBody(9), _gotcha: 'spam' }, visitor);
    await app.inject({ url: '/?email=jordan.rivera%2B9%40example.com' });
    const log = lines.join('');
    expect(log).toContain('submission stored');
    expect(log).not.toMatch(
      /jordan|rivera|example\.com|555-0143|127\.0\.0\.1|198\.51|Secret-Agent/i,
    );
  });
});

describe('graceful stop', () => {
  it('finishes the running post and turns later requests away with a JSON 503 and Retry-After', async () => {
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    let saving = false;
    const slowStore: Store = Object.create(store) as Store;
    slowStore.save = async (submission) => {
      saving = true;
      await gate;
      return store.save(submission);
    };
    await start({ store: slowStore });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;

    // One keep-alive connection: the first post is held in the store while the server stops,
    // the second request arrives on the same connection after the stop began.
    const socket = net.connect(port, '127.0.0.1');
    let received = '';
    socket.on('data', (chunk: Buffer) => (received += chunk.toString()));
    const socketClosed = once(socket, 'close');
    await once(socket, 'connect');
    const body = JSON.stringify(quoteBody(1));
    socket.write(
      'POST /api/forms/quote HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n' +
        `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
    );
    await vi.waitFor(() => expect(saving).toBe(true));
    const closed = app.close();
    await vi.waitFor(() => expect(app.server.listening).toBe(false));
    socket.write('GET /healthz HTTP/1.1\r\nHost: localhost\r\n\r\n');
    release();
    await closed;
    await socketClosed;

    const [first, second] = received.split(/(?=HTTP\/1\.1 )/);
    expect(first).toMatch(/^HTTP\/1\.1 200/);
    expect(first).toContain('"ok":true');
    expect(second).toMatch(/^HTTP\/1\.1 503/);
    expect(second).toMatch(/^retry-after: 5$/im);
    expect(JSON.parse(second?.slice(second.indexOf('\r\n\r\n') + 4) ?? '')).toEqual({
      ok: false,
      error: 'The server is restarting; please try again in a moment',
    });
    expect(await store.list()).toHaveLength(1);
  });
});
