import { chmodSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { buildApp } from './app.ts';
import { LATEST_VERSION } from '../db/upgrade.ts';
import type { Outbox } from '../mail/outbox.ts';
import { startTestOutbox } from '../testing/outbox.ts';
import { smtpSender } from '../mail/transport.ts';
import { openStore, type Store } from '../store/store.ts';
import { quoteBody, tempDataDir } from '../testing/fixtures.ts';
import type { MailState } from '../../src/admin/contract.ts';

let data: ReturnType<typeof tempDataDir>;
let store: Store;
let app: FastifyInstance | undefined;
let outbox: Outbox | undefined;
/** /readyz's own clock, for its cache (10 s). */
let clock = Date.parse('2030-05-01T12:00:00Z');
const now = () => clock;

beforeEach(async () => {
  data = tempDataDir();
  store = await openStore(data.database);
});

afterEach(async () => {
  await outbox?.stop();
  outbox = undefined;
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

/** A loopback port nothing listens on: a relay there refuses the connection. */
async function closedPort(): Promise<number> {
  const closed = createServer();
  await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
  const { port } = closed.address() as { port: number };
  await new Promise<void>((resolve) => closed.close(() => resolve()));
  return port;
}

async function until(check: () => Promise<boolean>, timeoutMs = 5000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
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
    app = await buildApp({ store, ready: { dataDir: data.dir, now } });
    expect((await readyz()).status).toBe(200);
    const aside = `${data.dir}-aside`;
    renameSync(data.dir, aside);
    writeFileSync(data.dir, 'not a folder');
    // Seen at the next check of the folder, at most 10 s later.
    clock += 10_000;
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
    clock += 10_000;
    expect((await readyz()).status).toBe(200);
  });

  it('writes nothing in the data folder per request: one check holds for 10 s', async () => {
    app = await buildApp({ store, ready: { dataDir: data.dir, now } });
    expect((await readyz()).status).toBe(200);
    // Each file made or removed in the folder moves its modification time.
    const before = statSync(data.dir).mtimeMs;
    await new Promise((resolve) => setTimeout(resolve, 20));
    for (let second = 0; second < 9; second += 1) {
      clock += 1000;
      expect((await readyz()).status).toBe(200);
    }
    expect(statSync(data.dir).mtimeMs).toBe(before);
    clock += 1000;
    expect((await readyz()).status).toBe(200);
    expect(statSync(data.dir).mtimeMs).toBeGreaterThan(before);
  });

  it.skipIf(process.getuid?.() === 0)(
    'answers 503 while the data folder is read-only (permissions; not as root)',
    async () => {
      app = await buildApp({ store, ready: { dataDir: data.dir, now } });
      chmodSync(data.dir, 0o555);
      clock += 10_000;
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

  it('answers 200 with the mail relay down, and its body says mail is waiting and why', async () => {
    const port = await closedPort();
    app = await buildApp({ store, notify: true, ready: { dataDir: data.dir, now } });
    expect(await readyz()).toEqual({
      status: 200,
      body: {
        ok: true,
        mail: {
          waiting: 0,
          oldestWaitingSince: null,
          lastError: null,
          lastSentAt: null,
          paused: null,
          gaveUp: null,
        },
      },
    });
    await store.save({ form: 'quote', fields: quoteBody(1), notify: true });
    outbox = startTestOutbox(
      store,
      smtpSender(`smtp://relay-user:relay-secret@127.0.0.1:${port}`),
      {
        retryBaseMs: 60_000,
        retryMaxMs: undefined,
        pollMs: undefined,
      },
    );
    await until(async () => (await store.mailState()).lastError !== null);
    clock += 10_000;
    const { status, body } = await readyz();
    expect(status).toBe(200);
    const mail = body.mail as MailState;
    expect(mail).toMatchObject({ waiting: 1, lastSentAt: null });
    expect(mail.lastError?.code).toBe('ECONNREFUSED');
    expect(mail.oldestWaitingSince).toBeGreaterThan(0);
    // Counts, times and a code; no address, no relay URL, no words of the submission.
    const text = JSON.stringify(body);
    for (const secret of ['@', 'relay-secret', '127.0.0.1', quoteBody(1).clientName]) {
      expect(text).not.toContain(secret);
    }

    // A visitor, straight or through the proxy in front (Caddy, on this machine, names the client
    // it forwards for), is told the instance is ready and nothing of the mail: not when
    // submissions arrive, nor the relay's refusals.
    const visitors = [
      { remoteAddress: '203.0.113.7' },
      { remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': '203.0.113.7' } },
      { remoteAddress: '::1', headers: { forwarded: 'for=203.0.113.7' } },
      { remoteAddress: '127.0.0.1', headers: { 'x-real-ip': '203.0.113.7' } },
    ];
    for (const visitor of visitors) {
      const response = await app.inject({ url: '/readyz', ...visitor });
      expect({ visitor, status: response.statusCode, body: response.json() as unknown }).toEqual({
        visitor,
        status: 200,
        body: { ok: true },
      });
    }
    // The operator's curl on the server over IPv6 is told.
    const local = await app.inject({ url: '/readyz', remoteAddress: '::1' });
    expect((local.json() as { mail?: MailState }).mail?.waiting).toBe(1);
  });
});
