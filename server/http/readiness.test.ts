import { chmodSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { buildApp } from './app.ts';
import { LATEST_VERSION } from '../db/upgrade.ts';
import { trackedSender } from '../mail/smtp-status.ts';
import { smtpSender } from '../mail/transport.ts';
import { openStore, type Store } from '../store/store.ts';
import { tempDataDir } from '../testing/fixtures.ts';

let data: ReturnType<typeof tempDataDir>;
let store: Store;
let app: FastifyInstance | undefined;

beforeEach(async () => {
  data = tempDataDir();
  store = await openStore(data.database);
});

afterEach(async () => {
  await app?.close();
  await store.close();
  data.remove();
});

async function readyz() {
  const started = Date.now();
  if (!app) throw new Error('no app');
  const response = await app.inject('/readyz');
  expect(Date.now() - started).toBeLessThan(2500);
  return { status: response.statusCode, body: response.json() as Record<string, unknown> };
}

describe('GET /readyz', () => {
  it('answers 200 when the database answers, is migrated and the data folder takes a file', async () => {
    app = await buildApp({ store, ready: { dataDir: data.dir } });
    expect(await readyz()).toEqual({ status: 200, body: { ok: true } });
  });

  // Root ignores a folder's permissions (CI runs as root), so the folder is taken away instead:
  // the server's data folder is renamed aside and a plain file put at its path, which no user,
  // root included, can create a file in. The open database goes on working (SQLite holds its
  // files open), as on a disk remounted read-only under a running server.
  it('answers 503 while the data folder cannot be written, and 200 again after', async () => {
    app = await buildApp({ store, ready: { dataDir: data.dir } });
    const aside = `${data.dir}-aside`;
    renameSync(data.dir, aside);
    writeFileSync(data.dir, 'not a folder');
    try {
      expect(await readyz()).toEqual({
        status: 503,
        body: { ok: false, error: 'Not ready', reason: 'data folder is not writable' },
      });
      expect((await app.inject('/healthz')).statusCode).toBe(200);
    } finally {
      rmSync(data.dir);
      renameSync(aside, data.dir);
    }
    expect((await readyz()).status).toBe(200);
  });

  it.skipIf(process.getuid?.() === 0)(
    'answers 503 while the data folder is read-only (permissions; not as root)',
    async () => {
      app = await buildApp({ store, ready: { dataDir: data.dir } });
      chmodSync(data.dir, 0o555);
      try {
        expect((await readyz()).body.reason).toBe('data folder is not writable');
      } finally {
        chmodSync(data.dir, 0o755);
      }
    },
  );

  it('answers 503 while the migrations are not done', async () => {
    app = await buildApp({ store });
    await sql`DELETE FROM schema_migrations WHERE version = ${LATEST_VERSION}`.execute(
      store.database.db,
    );
    expect((await readyz()).body.reason).toBe('migrations are not done');
  });

  it('answers 503 when the SMTP relay was not reachable at the last try', async () => {
    // A port nothing listens on: the relay refuses the connection.
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as { port: number };
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const sender = trackedSender(smtpSender(`smtp://127.0.0.1:${port}`));
    app = await buildApp({ store, ready: { dataDir: data.dir, smtp: sender } });
    expect((await readyz()).status).toBe(200);
    await expect(
      sender.sendMail({
        from: 'site@example.com',
        to: ['owner@example.com'],
        subject: 'test',
        text: 'test',
        messageId: '<readyz@example.com>',
        headers: {},
      }),
    ).rejects.toThrow();
    sender.close?.();
    expect((await readyz()).body).toMatchObject({
      reason: 'SMTP relay was not reachable at the last try',
    });
  });
});
