// `npm run test:reliability`: the receiver under load, killed mid-load, and fed hostile input.
// Prints its figures; with RELIABILITY_REPORT=<file> also writes {"passed": N, "failed": M} there
// (one entry per check) for `npm test`'s summary. Exits 1 when a check fails.
import { writeFileSync } from 'node:fs';
import { createClient } from '@libsql/client';
import { connect } from 'node:net';
import { safeParse } from 'zod/mini';
import { applicationSubmissionSchema } from '../../src/forms/application.ts';
import { quoteSubmissionSchema } from '../../src/forms/quote.ts';
import { sha256Hex as sha256 } from '../../server/store/attachments.ts';
import { databaseConfig } from '../../server/config.ts';
import {
  applicationBody,
  multipartBody,
  quoteBody,
  sampleCompoundFile,
  sampleExecutable,
  samplePdf,
  type UploadFile,
} from '../../server/testing/fixtures.ts';
import {
  closeConnections,
  ensureServerBuild,
  latencySummary,
  load,
  postJson,
  removeDir,
  send,
  startReceiver,
  stopReceiver,
  storedIds,
  storedRecords,
  tempDir,
  type Answer,
  type Request,
} from '../../server/testing/receiver-harness.ts';
import { twoInstancesOnPostgres } from './postgres.ts';

const POSTS = 2000;
const CONCURRENCY = 50;
const UPLOADS = 200;
const UPLOAD_CONCURRENCY = 20;
const UPLOAD_BYTES = 1024 * 1024;

const checks: { name: string; ok: boolean; detail: string }[] = [];

function check(name: string, ok: boolean, detail: string) {
  checks.push({ name, ok, detail });
  console.log(`${ok ? 'PASS' : 'FAIL'}  ${name}\n      ${detail}`);
}

/** Alternating quote and application bodies, unique per `n` (and per run, through `tag`). */
function body(tag: string) {
  return (n: number) =>
    n % 2 === 0
      ? { form: 'quote', body: quoteBody(n, { clientName: `Load ${tag} ${n}` }) }
      : { form: 'application', body: applicationBody(n, { fullName: `Load ${tag} ${n}` }) };
}

function missing(acknowledged: readonly string[], stored: readonly string[]): string[] {
  const storedSet = new Set(stored);
  return acknowledged.filter((id) => !storedSet.has(id));
}

/** The "ok" member of a JSON answer; undefined when the body is not JSON. */
function parseOk(body: string): unknown {
  try {
    return (JSON.parse(body) as { ok?: unknown }).ok;
  } catch {
    return undefined;
  }
}

function statuses(answers: readonly Pick<Answer, 'status'>[]): string {
  const counts = new Map<number, number>();
  for (const { status } of answers) counts.set(status, (counts.get(status) ?? 0) + 1);
  return [...counts]
    .sort(([a], [b]) => a - b)
    .map(([status, count]) => `${status}×${count}`)
    .join(' ');
}

async function steadyLoad() {
  const dataDir = tempDir('reliability-load-');
  try {
    const server = await startReceiver(dataDir);
    const result = await load(server.port, POSTS, CONCURRENCY, body('steady'));
    const exitCode = await stopReceiver(server);
    const stored = storedIds(dataDir);
    const lost = missing(result.acknowledged, stored);
    check(
      `${POSTS} posts at concurrency ${CONCURRENCY}: every one acknowledged`,
      result.acknowledged.length === POSTS && result.errors === 0,
      `${result.acknowledged.length}/${POSTS} acknowledged in ${result.seconds.toFixed(2)} s ` +
        `(${Math.round(POSTS / result.seconds)} req/s, ${latencySummary(result.answers)}); ` +
        `answers ${statuses(result.answers)}; network errors ${result.errors}`,
    );
    check(
      'every acknowledged id is in the database after a graceful stop',
      lost.length === 0 && stored.length === result.acknowledged.length && exitCode === 0,
      `${stored.length} rows, ${lost.length} acknowledged ids missing, exit code ${exitCode}`,
    );
  } finally {
    removeDir(dataDir);
  }
}

async function sigtermUnderLoad() {
  const dataDir = tempDir('reliability-term-');
  try {
    const server = await startReceiver(dataDir);
    let signalled = false;
    const result = await load(server.port, 1000, CONCURRENCY, body('term'), (_answer, acks) => {
      if (acks >= 300 && !signalled) {
        signalled = true;
        server.child.kill('SIGTERM');
      }
      return true;
    });
    const exitCode = await server.exited;
    const stored = storedIds(dataDir);
    const lost = missing(result.acknowledged, stored);
    const serverErrors = result.answers.filter(
      (answer) => answer.status >= 500 && answer.status !== 503,
    );
    // Turned away while stopping: the same JSON refusal as any other, with a time to retry.
    const badRefusals = result.answers.filter(
      (answer) =>
        answer.status === 503 &&
        (parseOk(answer.body) !== false || answer.headers['retry-after'] === undefined),
    );
    check(
      'SIGTERM during load: in-flight posts answered, clean exit, nothing acknowledged lost',
      exitCode === 0 && lost.length === 0 && serverErrors.length === 0 && badRefusals.length === 0,
      `${result.acknowledged.length} acknowledged, answers ${statuses(result.answers)}, ` +
        `${result.errors} refused after close; exit code ${exitCode}; ${lost.length} missing; ` +
        `${badRefusals.length} 503 without {"ok": false} and Retry-After`,
    );
  } finally {
    removeDir(dataDir);
  }
}

async function sigkillMidLoad() {
  const dataDir = tempDir('reliability-kill-');
  try {
    const server = await startReceiver(dataDir);
    let killedAt = 0;
    const result = await load(server.port, POSTS, CONCURRENCY, body('kill'), (_answer, acks) => {
      if (acks >= 700 && !killedAt) {
        killedAt = acks;
        server.child.kill('SIGKILL');
      }
      return !killedAt;
    });
    await server.exited;

    const started = Date.now();
    const restarted = await startReceiver(dataDir);
    const restartMs = Date.now() - started;
    const stored = storedIds(dataDir);
    const lost = missing(result.acknowledged, stored);
    check(
      'SIGKILL mid-load: every id acknowledged before the kill is there after restart',
      killedAt > 0 && lost.length === 0,
      `killed after ${killedAt} acknowledgements (${result.acknowledged.length} in all, ` +
        `${result.errors} cut off); ${stored.length} rows after restart; ${lost.length} missing`,
    );
    const health = await send(restarted.port, { method: 'GET', path: '/healthz' });
    const fresh = await postJson(
      restarted.port,
      'quote',
      quoteBody(1, { clientName: 'After kill' }),
    );
    const exitCode = await stopReceiver(restarted);
    check(
      'the restarted server answers and stores',
      health.status === 200 && fresh.status === 200 && exitCode === 0,
      `restart to healthy in ${restartMs} ms; healthz ${health.status}, new post ${fresh.status}, ` +
        `exit code ${exitCode}`,
    );
  } finally {
    removeDir(dataDir);
  }
}

// ---- uploads ----

/** Applications with a 1 MB résumé each, a different file per `n`. */
function withResume(tag: string) {
  return (n: number) => ({
    form: 'application',
    body: applicationBody(n, { fullName: `Upload ${tag} ${n}` }),
    file: samplePdf(UPLOAD_BYTES, `${tag} ${n}`),
  });
}

/**
 * What the database file holds after uploads: each file's content against its SHA-256, files
 * without their submission, and applications of the run without their file.
 */
async function uploadIntegrity(dataDir: string) {
  const client = createClient({ url: databaseConfig({ DATA_DIR: dataDir }).url });
  try {
    const files = await client.execute('SELECT sha256, content FROM attachments');
    const corrupt = files.rows.filter(
      (row) => sha256(new Uint8Array(row.content as ArrayBuffer)) !== row.sha256,
    ).length;
    const counts = await client.execute(
      `SELECT (SELECT COUNT(*) FROM attachments
                WHERE submission_id NOT IN (SELECT id FROM submissions)) AS orphans,
              (SELECT COUNT(*) FROM submissions WHERE form = 'application'
                AND id NOT IN (SELECT submission_id FROM attachments)) AS partial`,
    );
    const row = counts.rows[0];
    return {
      files: files.rows.length,
      corrupt,
      orphans: Number(row?.orphans),
      partial: Number(row?.partial),
    };
  } finally {
    client.close();
  }
}

/** Acknowledged ids whose stored file is not one of the files sent, byte for byte. */
function incompleteUploads(dataDir: string, acknowledged: readonly string[], tag: string) {
  const sent = new Set(Array.from({ length: UPLOADS }, (_, n) => sha256(withResume(tag)(n).file)));
  const stored = new Map(storedRecords(dataDir).map((record) => [record.id, record]));
  return acknowledged.filter((id) => {
    const files = stored.get(id)?.attachments ?? [];
    return !(files.length === 1 && files[0]?.size === UPLOAD_BYTES && sent.has(files[0].sha256));
  });
}

async function uploadLoad() {
  const dataDir = tempDir('reliability-upload-');
  try {
    const server = await startReceiver(dataDir);
    const result = await load(server.port, UPLOADS, UPLOAD_CONCURRENCY, withResume('load'));
    const exitCode = await stopReceiver(server);
    const incomplete = incompleteUploads(dataDir, result.acknowledged, 'load');
    const integrity = await uploadIntegrity(dataDir);
    const megabytes = (UPLOADS * UPLOAD_BYTES) / 1024 / 1024;
    check(
      `${UPLOADS} applications with a 1 MB résumé at concurrency ${UPLOAD_CONCURRENCY}: every file stored whole`,
      result.acknowledged.length === UPLOADS &&
        incomplete.length === 0 &&
        integrity.corrupt + integrity.orphans + integrity.partial === 0 &&
        exitCode === 0,
      `${result.acknowledged.length}/${UPLOADS} acknowledged in ${result.seconds.toFixed(2)} s ` +
        `(${(megabytes / result.seconds).toFixed(1)} MB/s, ${latencySummary(result.answers)}); ` +
        `answers ${statuses(result.answers)}; ${incomplete.length} without their exact file; ` +
        `${integrity.files} files, ${integrity.corrupt} corrupt, ${integrity.orphans} orphans, ` +
        `${integrity.partial} applications without their file; exit code ${exitCode}`,
    );
  } finally {
    removeDir(dataDir);
  }
}

async function sigkillMidUpload() {
  const dataDir = tempDir('reliability-upload-kill-');
  try {
    const server = await startReceiver(dataDir);
    let killedAt = 0;
    const result = await load(
      server.port,
      UPLOADS,
      UPLOAD_CONCURRENCY,
      withResume('kill'),
      (_answer, acks) => {
        if (acks >= 60 && !killedAt) {
          killedAt = acks;
          server.child.kill('SIGKILL');
        }
        return !killedAt;
      },
    );
    await server.exited;
    const restarted = await startReceiver(dataDir);
    const incomplete = incompleteUploads(dataDir, result.acknowledged, 'kill');
    const integrity = await uploadIntegrity(dataDir);
    const exitCode = await stopReceiver(restarted);
    check(
      'SIGKILL mid-upload: every acknowledged file complete, no partial row, no orphan file',
      killedAt > 0 &&
        incomplete.length === 0 &&
        integrity.corrupt + integrity.orphans + integrity.partial === 0 &&
        exitCode === 0,
      `killed after ${killedAt} acknowledgements (${result.acknowledged.length} in all, ` +
        `${result.errors} cut off); after restart ${integrity.files} files, ` +
        `${incomplete.length} acknowledged without their exact file, ${integrity.corrupt} corrupt, ` +
        `${integrity.orphans} orphans, ${integrity.partial} applications without their file`,
    );
  } finally {
    removeDir(dataDir);
  }
}

// ---- the hostile corpus ----

const json = { 'content-type': 'application/json' };

function postRaw(path: string, raw: string | Buffer, headers: Record<string, string> = json) {
  return { path, headers, body: raw } satisfies Request;
}

function isValid(form: string, value: unknown): boolean {
  const schema = form === 'quote' ? quoteSubmissionSchema : applicationSubmissionSchema;
  return safeParse(schema, value).success;
}

function hostileCorpus(): { name: string; request: Request; api: boolean }[] {
  const corpus: { name: string; request: Request; api: boolean }[] = [];
  const add = (name: string, request: Request, api = true) => corpus.push({ name, request, api });
  const quote = quoteBody(1, { clientName: 'Hostile' });
  const application = applicationBody(1, { fullName: 'Hostile' });
  const valid = { quote, application } as const;
  /** A JSON body, skipped when it is in fact valid (then it is no hostile input). */
  const addBody = (name: string, form: 'quote' | 'application', value: unknown) => {
    if (!isValid(form, value)) add(name, postRaw(`/api/forms/${form}`, JSON.stringify(value)));
  };
  const quoteJson = JSON.stringify(quote);

  // Malformed JSON.
  for (let cut = 1; cut < quoteJson.length; cut += Math.ceil(quoteJson.length / 20)) {
    add(`truncated at ${cut}`, postRaw('/api/forms/quote', quoteJson.slice(0, cut)));
  }
  for (const raw of [
    '{',
    '}',
    '{"clientName":}',
    "{'clientName':'x'}",
    '{clientName:"x"}',
    'NaN',
    'undefined',
    '{"a":1,}',
    `${quoteJson}}`,
    `${quoteJson} trailing`,
    `/* comment */${quoteJson}`,
    `\ufeff${quoteJson.replace('Hostile', '')}`,
    '{"a":01}',
    '{"a":0x10}',
    '{"a":"\\x41"}',
    '{"a":"\\u12"}',
    '',
    ' ',
  ]) {
    add(`malformed ${JSON.stringify(raw.slice(0, 20))}`, postRaw('/api/forms/quote', raw));
  }

  // Wrong types, every field.
  const wrongValues: unknown[] = [42, true, null, [], {}, ['x'], { $gt: '' }, 1e308];
  for (const form of ['quote', 'application'] as const) {
    for (const field of Object.keys(valid[form])) {
      for (const wrong of wrongValues) {
        addBody(`${form}.${field} = ${JSON.stringify(wrong)}`, form, {
          ...valid[form],
          [field]: wrong,
        });
      }
    }
  }
  add('Infinity', postRaw('/api/forms/quote', quoteJson.replace('"120"', '1e999999')));

  // Top-level values that are not objects.
  for (const raw of ['[]', '[{}]', '"quote"', '0', 'null', 'true', `[${quoteJson}]`]) {
    add(`top-level ${raw.slice(0, 12)}`, postRaw('/api/forms/quote', raw));
  }

  // Huge strings: over each field's limit but under the body limit, then over the body limit.
  for (const field of Object.keys(quote)) {
    addBody(`huge ${field}`, 'quote', { ...quote, [field]: 'x'.repeat(30_000) });
  }
  add(
    'body of 33 kB',
    postRaw('/api/forms/quote', JSON.stringify({ ...quote, x: 'x'.repeat(33_000) })),
  );
  add('body of 1 MB', postRaw('/api/forms/quote', JSON.stringify({ x: 'y'.repeat(1_000_000) })));

  // Deep nesting.
  for (const depth of [100, 1000, 5000, 10_000, 15_000]) {
    add(
      `array nesting ${depth}`,
      postRaw('/api/forms/quote', `${'['.repeat(depth)}${']'.repeat(depth)}`),
    );
    if (depth <= 5000) {
      add(
        `object nesting ${depth}`,
        postRaw('/api/forms/quote', `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`),
      );
      add(
        `nested under clientName ${depth}`,
        postRaw(
          '/api/forms/quote',
          quoteJson.replace('"Hostile"', `${'['.repeat(depth)}${']'.repeat(depth)}`),
        ),
      );
    }
  }

  // Prototype pollution.
  for (const raw of [
    '{"__proto__":{"isAdmin":true}}',
    quoteJson.replace('{', '{"__proto__":{"polluted":true},'),
    quoteJson.replace('"Hostile"', '{"__proto__":{"polluted":true}}'),
    '{"constructor":{"prototype":{"polluted":true}}}',
    quoteJson.replace('{', '{"constructor":{"prototype":{"polluted":true}},'),
    JSON.stringify(application).replace('{', '{"__proto__":null,'),
    '{"__proto__":[]}',
    '{"prototype":{}}',
    quoteJson.replace('{', '{"toString":"x",'),
    quoteJson.replace('{', '{"hasOwnProperty":"x",'),
  ]) {
    add(`prototype keys ${raw.slice(0, 30)}`, postRaw('/api/forms/quote', raw));
  }

  // Control characters: raw ones inside a JSON string are invalid JSON…
  for (let code = 0; code < 0x20; code++) {
    add(
      `raw control character ${code}`,
      postRaw(
        '/api/forms/quote',
        quoteJson.replace('Hostile', `Hos${String.fromCharCode(code)}tile`),
      ),
    );
  }
  // …escaped ones are valid JSON, in a body missing its e-mail or with one in a key.
  const withoutEmail: Partial<typeof quote> = { ...quote };
  delete withoutEmail.email;
  addBody('escaped control characters', 'quote', {
    ...withoutEmail,
    clientName: 'a\u0000b\u001b[31m\u0007',
  });
  addBody('control character key', 'quote', { ...quote, 'a\u0000': 'x' });
  add(
    'invalid UTF-8 in a key',
    postRaw(
      '/api/forms/quote',
      Buffer.concat([Buffer.from('{"\xff'), Buffer.from([0xfe, 0xff]), Buffer.from('":1}')]),
    ),
  );

  // Wrong content types.
  for (const type of [
    'text/plain',
    'text/html',
    'application/x-www-form-urlencoded',
    'multipart/form-data; boundary=xyz',
    'application/xml',
    'application/octet-stream',
    'image/png',
    'application/javascript',
    'application/csp-report',
    'application/jsonp',
    'json',
    '*/*',
  ]) {
    add(`content type ${type}`, postRaw('/api/forms/quote', quoteJson, { 'content-type': type }));
  }
  add('no content type', postRaw('/api/forms/quote', quoteJson, {}));

  // Missing and extra fields.
  for (const form of ['quote', 'application'] as const) {
    for (const field of Object.keys(valid[form])) {
      const rest = Object.fromEntries(
        Object.entries(valid[form]).filter(([name]) => name !== field),
      );
      addBody(`${form} without ${field}`, form, rest);
    }
  }
  addBody('empty object', 'quote', {});
  for (const key of [
    'isAdmin',
    'id',
    'received_at',
    '',
    ' ',
    'x'.repeat(2000),
    'email ',
    'Email',
  ]) {
    addBody(`extra field ${JSON.stringify(key.slice(0, 10))}`, 'quote', { ...quote, [key]: 'x' });
  }
  add(
    'duplicate key, last one wrong',
    postRaw(
      '/api/forms/quote',
      quoteJson.replace('{', '{"clientName":"A",').replace(/}$/, ',"clientName":{}}'),
    ),
  );

  // Wrong paths, methods and headers.
  for (const path of [
    '/api/forms/newsletter',
    '/api/forms/',
    '/api/forms/quote/extra',
    '/api/forms/__proto__',
    '/api/forms/constructor',
    '/api/forms/%2e%2e%2fquote',
    '/api/forms/quote%00',
    '/api/forms/QUOTE',
  ]) {
    add(`path ${path}`, postRaw(path, quoteJson));
  }
  for (const method of ['GET', 'PUT', 'PATCH', 'DELETE']) {
    add(`${method} a form`, { method, path: '/api/forms/quote', headers: json, body: quoteJson });
  }
  add(
    'Idempotency-Key too long',
    postRaw('/api/forms/quote', quoteJson, { ...json, 'idempotency-key': 'k'.repeat(500) }),
  );
  add(
    'Idempotency-Key with spaces',
    postRaw('/api/forms/quote', quoteJson, { ...json, 'idempotency-key': 'a b c' }),
  );
  addInboxRequests(add);
  addUploadRequests(add);
  return corpus;
}

/** The owner's inbox from outside: nobody is signed in (there is no account), so all are 4xx. */
/** Multipart posts that must be refused: wrong files, too many parts, broken bodies. */
function addUploadRequests(add: (name: string, request: Request) => void) {
  const application = applicationBody(1, { fullName: 'Hostile upload' });
  const multipart = (
    fields: Record<string, unknown>,
    files: UploadFile[],
    form = 'application',
  ) => {
    const { payload, contentType } = multipartBody(fields, files);
    return postRaw(`/api/forms/${form}`, payload, { 'content-type': contentType });
  };
  const pdf = { name: 'cv.pdf', content: samplePdf() };
  add(
    'executable named .pdf',
    multipart(application, [{ name: 'cv.pdf', content: sampleExecutable() }]),
  );
  add(
    'spreadsheet named .doc',
    multipart(application, [{ name: 'cv.doc', content: sampleCompoundFile(false) }]),
  );
  add(
    'file of 6 MB',
    multipart(application, [{ name: 'cv.pdf', content: samplePdf(6 * 1024 * 1024) }]),
  );
  add('two files', multipart(application, [pdf, pdf]));
  add('file on the quote form', multipart(quoteBody(1), [pdf], 'quote'));
  add('empty file', multipart(application, [{ name: 'cv.pdf', content: new Uint8Array() }]));
  add('file in another field', multipart(application, [{ ...pdf, field: 'photo' }]));
  add('__proto__ field', multipart({ ...application, ['__proto__']: 'x' }, [pdf]));
  add('150 fields', multipart({ ...application, skills: Array(150).fill('Teamwork') }, [pdf]));
  add('40 kB of text', multipart({ ...application, references: 'r'.repeat(40_000) }, [pdf]));
  add('invalid fields with a file', multipart({ fullName: 'x' }, [pdf]));
  const whole = multipart(application, [pdf]).body as Buffer;
  const type = multipart(application, [pdf]).headers?.['content-type'] ?? '';
  for (const fraction of [0.1, 0.5, 0.9, 0.99]) {
    const cut = Math.floor(whole.length * fraction);
    add(
      `multipart cut at ${fraction * 100}%`,
      postRaw('/api/forms/application', whole.subarray(0, cut), { 'content-type': type }),
    );
  }
  add(
    'multipart without boundary',
    postRaw('/api/forms/application', whole, { 'content-type': 'multipart/form-data' }),
  );
  add(
    'multipart with a wrong boundary',
    postRaw('/api/forms/application', whole, {
      'content-type': 'multipart/form-data; boundary=nope',
    }),
  );
  add(
    'multipart of garbage',
    postRaw('/api/forms/application', Buffer.alloc(4096, 0xff), { 'content-type': type }),
  );
}

function addInboxRequests(add: (name: string, request: Request) => void) {
  const sameOrigin = { ...json, 'sec-fetch-site': 'same-origin' };
  for (const raw of [
    '{',
    '[]',
    'null',
    '"text"',
    '{"email":1,"password":2}',
    '{"email":"a@b.co"}',
    `{"email":"a@b.co","password":"${'p'.repeat(5000)}"}`,
    '{"__proto__":{"admin":true},"email":"a@b.co","password":"x"}',
    `{"email":"${'a'.repeat(40_000)}","password":"x"}`,
  ]) {
    add(`sign-in ${raw.slice(0, 40)}`, postRaw('/admin/api/sign-in', raw, sameOrigin));
  }
  add(
    'sign-in from another site',
    postRaw('/admin/api/sign-in', '{"email":"a@b.co","password":"x"}', {
      ...json,
      'sec-fetch-site': 'cross-site',
    }),
  );
  add(
    'sign-in as a form post',
    postRaw('/admin/api/sign-in', 'email=a&password=b', {
      'content-type': 'application/x-www-form-urlencoded',
      origin: 'https://attacker.example',
    }),
  );
  const forged = { cookie: `admin_session=${'A'.repeat(43)}` };
  for (const path of [
    '/admin/api/session',
    '/admin/api/submissions',
    '/admin/api/submissions?status=bogus&from=-1',
    '/admin/api/submissions/..%2F..%2Fetc%2Fpasswd',
    '/admin/api/export.csv?q=%22*(',
    '/admin/api/nothing-here',
  ]) {
    add(`GET ${path} with a made-up session`, { method: 'GET', path, headers: forged });
  }
  add('GET the inbox with a malformed cookie', {
    method: 'GET',
    path: '/admin/api/submissions',
    headers: { cookie: 'admin_session=%%%; admin_session=x' },
  });
  add('PATCH a submission with a made-up session', {
    method: 'PATCH',
    path: '/admin/api/submissions/x',
    headers: { ...sameOrigin, ...forged },
    body: '{"status":"spam"}',
  });
  add(
    'sign-out from another site',
    postRaw('/admin/api/sign-out', '', {
      'sec-fetch-site': 'cross-site',
    }),
  );
}

/** Requests no HTTP client would send, written to a socket; answered by Node's parser. */
const rawHttp: { name: string; data: string }[] = [
  { name: 'garbage request line', data: 'HELLO WORLD\r\n\r\n' },
  {
    name: 'header without a colon',
    data: 'POST /api/forms/quote HTTP/1.1\r\nHost: x\r\nBroken\r\n\r\n',
  },
  {
    name: 'headers over 16 kB',
    data: `POST /api/forms/quote HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
  },
  {
    name: 'both Content-Length and chunked',
    data: 'POST /api/forms/quote HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 2\r\nTransfer-Encoding: chunked\r\n\r\n{}',
  },
  {
    name: 'Content-Length over the limit',
    data: 'POST /api/forms/quote HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 40000\r\n\r\n{}',
  },
  {
    name: 'bad chunk size',
    data: 'POST /api/forms/quote HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n{}\r\n0\r\n\r\n',
  },
];

function rawStatus(port: number, data: string): Promise<number> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(data));
    let received = '';
    const status = () => Number(/^HTTP\/1\.[01] (\d{3})/.exec(received)?.[1] ?? 0);
    socket.setTimeout(5000, () => socket.destroy());
    socket.on('data', (chunk) => {
      received += chunk.toString();
      if (status()) socket.destroy();
    });
    socket.on('close', () => resolve(status()));
    socket.on('error', () => undefined);
  });
}

async function hostileInput() {
  const dataDir = tempDir('reliability-hostile-');
  try {
    const server = await startReceiver(dataDir);
    const corpus = hostileCorpus();
    const answers: { name: string; status: number; ok: unknown; api: boolean }[] = [];
    for (let start = 0; start < corpus.length; start += 20) {
      const batch = corpus.slice(start, start + 20);
      const results = await Promise.all(
        batch.map(async ({ name, request, api }) => {
          try {
            const answer = await send(server.port, request);
            return { name, status: answer.status, ok: parseOk(answer.body), api };
          } catch {
            return { name, status: 0, ok: undefined, api };
          }
        }),
      );
      answers.push(...results);
    }
    for (const { name, data } of rawHttp) {
      answers.push({ name, status: await rawStatus(server.port, data), ok: false, api: false });
    }

    const not4xx = answers.filter(({ status }) => status < 400 || status > 499);
    check(
      `${answers.length} hostile requests: every one answered 4xx, never 5xx`,
      answers.length >= 200 && not4xx.length === 0,
      `answers ${statuses(answers)}` +
        (not4xx.length
          ? `; not 4xx: ${not4xx
              .slice(0, 10)
              .map(({ name, status }) => `${name} → ${status || 'no answer'}`)
              .join('; ')}`
          : ''),
    );
    const notJson = answers.filter(({ api, ok }) => api && ok !== false);
    check(
      'every refusal from the receiver is JSON {"ok": false, …}',
      notJson.length === 0,
      notJson.length
        ? `not JSON: ${notJson
            .slice(0, 10)
            .map(({ name }) => name)
            .join('; ')}`
        : `${answers.filter(({ api }) => api).length} JSON refusals`,
    );

    const alive = server.child.exitCode === null;
    const health = await send(server.port, { method: 'GET', path: '/healthz' });
    const fresh = await postJson(
      server.port,
      'quote',
      quoteBody(2, { clientName: 'After the storm' }),
    );
    const exitCode = await stopReceiver(server);
    const stored = storedIds(dataDir);
    check(
      'the server still answers afterwards, and no hostile request was stored',
      alive &&
        health.status === 200 &&
        fresh.status === 200 &&
        stored.length === 1 &&
        exitCode === 0,
      `process alive ${alive}; healthz ${health.status}; valid post ${fresh.status}; ` +
        `${stored.length} row(s) stored; exit code ${exitCode}`,
    );
  } finally {
    removeDir(dataDir);
  }
}

const started = Date.now();
try {
  ensureServerBuild();
  for (const scenario of [
    steadyLoad,
    sigtermUnderLoad,
    sigkillMidLoad,
    uploadLoad,
    sigkillMidUpload,
    hostileInput,
    function postgresTwoInstances() {
      return twoInstancesOnPostgres(check);
    },
  ]) {
    try {
      await scenario();
    } catch (error) {
      check(scenario.name, false, `crashed: ${(error as Error).stack ?? String(error)}`);
    }
  }
} finally {
  closeConnections();
}

const passed = checks.filter((entry) => entry.ok).length;
const failed = checks.length - passed;
console.log(
  `\nreliability: ${passed} passed, ${failed} failed in ${((Date.now() - started) / 1000).toFixed(1)} s`,
);
if (process.env.RELIABILITY_REPORT) {
  writeFileSync(process.env.RELIABILITY_REPORT, JSON.stringify({ passed, failed }));
}
process.exit(failed > 0 ? 1 : 0);
