import { sql } from 'kysely';
import { once } from 'node:events';
import net, { type AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../http/app.ts';
import { sha256Hex as sha256 } from '../store/attachments.ts';
import { RESUME_MAX_BYTES } from '../../src/forms/resume.ts';
import { openStore, type Store } from '../store/store.ts';
import {
  applicationBody,
  multipartBody,
  quoteBody,
  sampleCompoundFile,
  sampleDocx,
  sampleExecutable,
  samplePdf,
  tempDataDir,
  type UploadFile,
} from '../testing/fixtures.ts';

let data: ReturnType<typeof tempDataDir>;
let store: Store;
let app: FastifyInstance;

async function upload(
  files: readonly UploadFile[],
  options: { form?: string; fields?: Record<string, unknown> } = {},
) {
  const form = options.form ?? 'application';
  const { payload, contentType } = multipartBody(
    options.fields ?? (form === 'quote' ? quoteBody() : applicationBody()),
    files,
  );
  return app.inject({
    method: 'POST',
    url: `/api/forms/${form}`,
    headers: { 'content-type': contentType, accept: 'application/json' },
    payload,
  });
}

async function storedCount() {
  const result = await sql<{ n: number }>`
    SELECT (SELECT COUNT(*) FROM submissions) + (SELECT COUNT(*) FROM attachments) AS n`.execute(
    store.database.db,
  );
  return Number(result.rows[0]?.n);
}

beforeEach(async () => {
  data = tempDataDir();
  store = await openStore(data.database);
  app = await buildApp({ store });
});

afterEach(async () => {
  await app.close();
  store.close();
  data.remove();
});

describe('an application with a résumé (multipart/form-data)', () => {
  it('stores the fields as the JSON body would and the file byte for byte', async () => {
    const pdf = samplePdf(40_000);
    const response = await upload([{ name: 'Camila CV.pdf', content: pdf, type: 'text/plain' }]);
    expect(response.statusCode).toBe(200);
    const { id } = response.json<{ id: string }>();

    const stored = await store.get(id);
    expect(stored?.fields).toEqual({
      ...applicationBody(),
      skills: ['Teamwork', 'Customer service'],
    });
    expect(stored?.attachments).toEqual([
      expect.objectContaining({
        field: 'resume',
        name: 'Camila CV.pdf',
        type: 'application/pdf',
        size: pdf.length,
        sha256: sha256(pdf),
      }),
    ]);
    const [file] = await store.attachmentFiles(id);
    expect(sha256(file?.content ?? new Uint8Array())).toBe(sha256(pdf));
  });

  it('sends empty lists as no part at all and reads them back as empty lists', async () => {
    const fields = applicationBody(2, { skills: [] });
    const response = await upload([], { fields });
    expect(response.statusCode).toBe(200);
    const stored = await store.get(response.json<{ id: string }>().id);
    expect(stored?.fields.skills).toEqual([]);
    expect(stored?.attachments).toEqual([]);
  });

  it('accepts Word documents, new and old, by their content', async () => {
    const docx = await upload([{ name: 'cv.docx', content: sampleDocx() }]);
    const doc = await upload([{ name: 'cv.doc', content: sampleCompoundFile() }], {
      fields: applicationBody(3),
    });
    expect([docx.statusCode, doc.statusCode]).toEqual([200, 200]);
    const types = await Promise.all(
      [docx, doc].map(async (response) => {
        const stored = await store.get(response.json<{ id: string }>().id);
        return stored?.attachments[0]?.type;
      }),
    );
    expect(types).toEqual([
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      'application/msword',
    ]);
  });

  it('trusts the content over the name: a PDF called cv.exe is a PDF', async () => {
    const response = await upload([{ name: 'cv.exe', content: samplePdf() }]);
    expect(response.statusCode).toBe(200);
    const stored = await store.get(response.json<{ id: string }>().id);
    expect(stored?.attachments[0]).toMatchObject({ name: 'cv.exe', type: 'application/pdf' });
  });

  it('takes a file of exactly 5 MB', async () => {
    const response = await upload([{ name: 'big.pdf', content: samplePdf(RESUME_MAX_BYTES) }]);
    expect(response.statusCode).toBe(200);
  });

  it('keeps only the name of a path, without control characters', async () => {
    const response = await upload([{ name: 'C:\\Users\\cam\\cv\u0007.pdf', content: samplePdf() }]);
    const stored = await store.get(response.json<{ id: string }>().id);
    expect(stored?.attachments[0]?.name).toBe('cv.pdf');
  });

  it('stores one row when the same application and file come twice, two for another file', async () => {
    const file = { name: 'cv.pdf', content: samplePdf() };
    const first = await upload([file]);
    const again = await upload([file]);
    const other = await upload([{ name: 'cv.pdf', content: samplePdf(700, 'another') }]);
    expect(again.json<{ id: string }>().id).toBe(first.json<{ id: string }>().id);
    expect(other.json<{ id: string }>().id).not.toBe(first.json<{ id: string }>().id);
    expect(await storedCount()).toBe(4);
  });

  it("takes an HTML form's empty file input (no name, no bytes) as no file", async () => {
    const response = await upload([{ name: '', content: new Uint8Array() }]);
    expect(response.statusCode).toBe(200);
    const stored = await store.get(response.json<{ id: string }>().id);
    expect(stored?.attachments).toEqual([]);
  });

  it('answers a filled spam trap as usual and keeps its row in Spam, not its file', async () => {
    const response = await upload([{ name: 'cv.pdf', content: samplePdf() }], {
      fields: { ...applicationBody(), _gotcha: 'http://spam.example' },
    });
    expect(response.statusCode).toBe(200);
    expect(await storedCount()).toBe(1);
    const stored = await store.get(response.json<{ id: string }>().id);
    expect(stored?.status).toBe('spam');
    expect(stored?.attachments).toEqual([]);
  });
});

describe('uploads that are refused, with a JSON message and nothing stored', () => {
  const refusals: [string, () => Promise<{ statusCode: number; json(): unknown }>, number][] = [
    [
      'an executable renamed .pdf',
      () => upload([{ name: 'cv.pdf', content: sampleExecutable() }]),
      415,
    ],
    [
      'an Excel-style compound file',
      () => upload([{ name: 'cv.doc', content: sampleCompoundFile(false) }]),
      415,
    ],
    ['a text file', () => upload([{ name: 'cv.pdf', content: Buffer.from('my resume') }]), 415],
    [
      'a file of 5 MB + 1 byte',
      () => upload([{ name: 'cv.pdf', content: samplePdf(RESUME_MAX_BYTES + 1) }]),
      413,
    ],
    ['a zero-byte file', () => upload([{ name: 'cv.pdf', content: new Uint8Array() }]), 400],
    [
      'a second file',
      () =>
        upload([
          { name: 'a.pdf', content: samplePdf() },
          { name: 'b.pdf', content: samplePdf() },
        ]),
      400,
    ],
    [
      'a file on the quote form',
      () => upload([{ name: 'cv.pdf', content: samplePdf() }], { form: 'quote' }),
      400,
    ],
    [
      'a file in another field',
      () => upload([{ field: 'photo', name: 'cv.pdf', content: samplePdf() }]),
      400,
    ],
    [
      'a field sent twice',
      () => upload([], { fields: { ...applicationBody(), fullName: ['A B', 'C D'] } }),
      400,
    ],
    [
      'more than 100 fields',
      () =>
        upload([], {
          fields: { ...applicationBody(), skills: Array.from({ length: 120 }, () => 'Teamwork') },
        }),
      413,
    ],
    [
      'more text than a JSON body may hold',
      () => upload([], { fields: { ...applicationBody(), additionalInfo: 'x'.repeat(40_000) } }),
      413,
    ],
    [
      'invalid fields',
      () => upload([{ name: 'cv.pdf', content: samplePdf() }], { fields: { fullName: 'A' } }),
      400,
    ],
  ];

  it.each(refusals)('%s', async (_name, send, status) => {
    const response = await send();
    expect(response.statusCode).toBe(status);
    expect(response.json()).toMatchObject({ ok: false, error: expect.any(String) });
    expect(await storedCount()).toBe(0);
  });

  it('a body cut off in the middle', async () => {
    const { payload, contentType } = multipartBody(applicationBody(), [
      { name: 'cv.pdf', content: samplePdf(20_000) },
    ]);
    const response = await app.inject({
      method: 'POST',
      url: '/api/forms/application',
      headers: { 'content-type': contentType },
      payload: payload.subarray(0, payload.length / 2),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ ok: false, error: expect.stringMatching(/multipart/) });
    expect(await storedCount()).toBe(0);
  });

  it('a multipart body without a boundary', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/forms/application',
      headers: { 'content-type': 'multipart/form-data' },
      payload: 'fullName=Camila',
    });
    expect(response.statusCode).toBe(400);
    expect(await storedCount()).toBe(0);
  });

  it('a connection that closes in the middle of the file, and the server goes on', async () => {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    const { payload, contentType } = multipartBody(applicationBody(), [
      { name: 'cv.pdf', content: samplePdf(200_000) },
    ]);
    const socket = net.connect(port, '127.0.0.1');
    await once(socket, 'connect');
    socket.write(
      `POST /api/forms/application HTTP/1.1\r\nHost: localhost\r\nContent-Type: ${contentType}\r\n` +
        `Content-Length: ${payload.length}\r\n\r\n`,
    );
    socket.write(payload.subarray(0, payload.length / 2));
    socket.destroy();

    const after = await upload([{ name: 'cv.pdf', content: samplePdf() }]);
    expect(after.statusCode).toBe(200);
    expect(await storedCount()).toBe(2);
  });
});
