// The reliability run's hostile corpus: requests the receiver must refuse with a 4xx (JSON from its
// own routes), never a 5xx, a crash or a stored row. Sent by scripts/reliability/hostile.ts.
import { safeParse } from 'zod/mini';
import { applicationSubmissionSchema } from '../../src/forms/application.ts';
import { quoteSubmissionSchema } from '../../src/forms/quote.ts';
import {
  applicationBody,
  multipartBody,
  quoteBody,
  sampleCompoundFile,
  sampleExecutable,
  samplePdf,
  type UploadFile,
} from '../../server/testing/fixtures.ts';
import type { Request } from '../../server/testing/receiver-harness.ts';

export interface HostileRequest {
  name: string;
  request: Request;
  /** Answered by the receiver's own routes, so in JSON (not by Node's HTTP parser). */
  api: boolean;
}

const json = { 'content-type': 'application/json' };

function postRaw(path: string, raw: string | Buffer, headers: Record<string, string> = json) {
  return { path, headers, body: raw } satisfies Request;
}

function isValid(form: string, value: unknown): boolean {
  const schema = form === 'quote' ? quoteSubmissionSchema : applicationSubmissionSchema;
  return safeParse(schema, value).success;
}

/** What each part of the corpus starts from: valid bodies, and the ways to add a request. */
interface Seeds {
  add(name: string, request: Request, api?: boolean): void;
  /** A JSON body, skipped when it is in fact valid (then it is no hostile input). */
  addBody(name: string, form: 'quote' | 'application', value: unknown): void;
  quote: ReturnType<typeof quoteBody>;
  application: ReturnType<typeof applicationBody>;
  valid: { quote: ReturnType<typeof quoteBody>; application: ReturnType<typeof applicationBody> };
  quoteJson: string;
}

/** Malformed JSON. */
function malformedJson({ add, quoteJson }: Seeds) {
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
}

/** Wrong types, every field. */
function wrongTypes({ add, addBody, valid, quoteJson }: Seeds) {
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
}

/** Top-level values that are not objects. */
function topLevelValues({ add, quoteJson }: Seeds) {
  for (const raw of ['[]', '[{}]', '"quote"', '0', 'null', 'true', `[${quoteJson}]`]) {
    add(`top-level ${raw.slice(0, 12)}`, postRaw('/api/forms/quote', raw));
  }
}

/** Huge strings: over each field's limit but under the body limit, then over the body limit. */
function hugeBodies({ add, addBody, quote }: Seeds) {
  for (const field of Object.keys(quote)) {
    addBody(`huge ${field}`, 'quote', { ...quote, [field]: 'x'.repeat(30_000) });
  }
  add(
    'body of 33 kB',
    postRaw('/api/forms/quote', JSON.stringify({ ...quote, x: 'x'.repeat(33_000) })),
  );
  add('body of 1 MB', postRaw('/api/forms/quote', JSON.stringify({ x: 'y'.repeat(1_000_000) })));
}

/** Deep nesting. */
function deepNesting({ add, quoteJson }: Seeds) {
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
}

/** Prototype pollution. */
function prototypeKeys({ add, application, quoteJson }: Seeds) {
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
}

/** Control characters: raw ones inside a JSON string are invalid JSON… */
function controlCharacters({ add, addBody, quote, quoteJson }: Seeds) {
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
}

/** Wrong content types. */
function contentTypes({ add, quoteJson }: Seeds) {
  for (const type of [
    'text/plain',
    'text/html',
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
  // An HTML form's post: refused with the form's page again (HTML, not JSON).
  const urlencoded = { 'content-type': 'application/x-www-form-urlencoded' };
  add('JSON sent as a form post', postRaw('/api/forms/quote', quoteJson, urlencoded), false);
}

/** Missing and extra fields. */
function missingAndExtraFields({ add, addBody, quote, valid, quoteJson }: Seeds) {
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
}

/** Wrong paths, methods and headers. */
function pathsMethodsHeaders({ add, quoteJson }: Seeds) {
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
}

/** Multipart posts that must be refused: wrong files, too many parts, broken bodies. */
function uploadRequests({ add }: Seeds) {
  const application = applicationBody(1, { fullName: 'Hostile upload' });
  const multipart = (
    fields: Record<string, unknown>,
    files: UploadFile[],
    form = 'application',
  ) => {
    const { payload, contentType } = multipartBody(fields, files);
    // As the page's script posts it: answered in JSON (a page's own post gets a page).
    const headers = { 'content-type': contentType, accept: 'application/json' };
    return postRaw(`/api/forms/${form}`, payload, headers);
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

/** The owner's inbox from outside: nobody is signed in (there is no account), so all are 4xx. */
function inboxRequests({ add }: Seeds) {
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

export function hostileCorpus(): HostileRequest[] {
  const corpus: HostileRequest[] = [];
  const add = (name: string, request: Request, api = true) => corpus.push({ name, request, api });
  const quote = quoteBody(1, { clientName: 'Hostile' });
  const application = applicationBody(1, { fullName: 'Hostile' });
  const seeds: Seeds = {
    add,
    addBody: (name, form, value) => {
      if (!isValid(form, value)) add(name, postRaw(`/api/forms/${form}`, JSON.stringify(value)));
    },
    quote,
    application,
    valid: { quote, application },
    quoteJson: JSON.stringify(quote),
  };
  for (const part of [
    malformedJson,
    wrongTypes,
    topLevelValues,
    hugeBodies,
    deepNesting,
    prototypeKeys,
    controlCharacters,
    contentTypes,
    missingAndExtraFields,
    pathsMethodsHeaders,
    inboxRequests,
    uploadRequests,
  ]) {
    part(seeds);
  }
  return corpus;
}
