/**
 * A receiver of a test file's own, for the files whose tests need their own database, e-mail or
 * first account: `npm start`'s built server on a database of its own, started once per worker
 * (the tests of a worker share it), with what the file asks for. Every other file uses the
 * server playwright.config.ts starts.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test as base } from '@playwright/test';
import { unsettledMail } from '../server/testing/outbox-state';
import { createTestDatabase, startTestPostgres } from '../server/testing/postgres';
import {
  addOwner,
  signIn,
  startReceiver,
  stopReceiver,
  type Owner,
  type ReceiverProcess,
} from '../server/testing/receiver-harness';
import { startSmtp, type Received } from '../server/testing/smtp';
import { startPushService, type LocalPushService } from '../server/testing/push-service';

const buildDir = process.env.BUILD_DIR ?? 'build';

/** Where the owner's notifications go when e-mail is on. */
export const OWNER_MAILBOX = 'bookings@staffing.example';

export interface ReceiverOptions {
  /** The start of its temporary folder's name: `e2e-spam-`. */
  folder: string;
  /** More of the server's environment: `RETAIN_APPLICATIONS_DAYS`, `RATE_LIMIT_MAX`… */
  env?: Record<string, string>;
  /** E-mail on: a local SMTP server that keeps what it is sent, the owner at OWNER_MAILBOX. */
  mail?: boolean;
  /** An inbox account, made as `npm run admin -- add-user` makes it. */
  owner?: Owner;
  /** The owner's session cookie too, for the API (`owner` required). */
  signedIn?: boolean;
  /** Two instances on one database of a Postgres server of the worker's own. */
  postgres?: boolean;
  /**
   * A local push service (server/testing/push-service.ts) the receiver may push to: named by
   * PUSH_ENDPOINT_ORIGINS, its certificate trusted through NODE_EXTRA_CA_CERTS.
   */
  push?: boolean;
}

export interface Receiver {
  /** The (first) instance's address. */
  url: string;
  /** Every instance's address: two on Postgres. */
  urls: readonly string[];
  dataDir: string;
  /** The (first) instance, whose output says what it printed. */
  server: ReceiverProcess;
  /** What the SMTP server was sent (none without `mail`). */
  mail: Received[];
  /** The local push service (only with `push`). */
  push: LocalPushService | undefined;
  /** The owner's session cookie's `name=value` (empty unless `signedIn`). */
  cookie: string;
  /** The instances' environment, to start one more on the same database and data. */
  env: Readonly<Record<string, string>>;
  /**
   * Resolves once the outbox has nothing left to send (each e-mail sent or given up): what it sent
   * is in `mail` then, so that "nothing was sent" can be said however slow it is. SQLite only.
   */
  outboxSettled(): Promise<void>;
}

/** What is started around the receiver, and how to stop it all. */
async function services(options: ReceiverOptions) {
  const smtp = options.mail ? await startSmtp() : undefined;
  const postgres = options.postgres ? await startTestPostgres() : undefined;
  const push = options.push ? await startPushService() : undefined;
  const env: Record<string, string> = {
    DIST_DIR: process.env.DIST_DIR ?? 'dist',
    BUILD_DIR: buildDir,
    ...(smtp && {
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      NOTIFY_TO: OWNER_MAILBOX,
      NOTIFY_FROM: 'Potomac Staffing website <forms@staffing.example>',
    }),
    ...(postgres && {
      DATABASE_URL: await createTestDatabase(postgres.url, 'e2e'),
      ADDRESS_HASH_SECRET: 'e2e-address-hash-secret-0123456789abcdef',
    }),
    ...(push && { PUSH_ENDPOINT_ORIGINS: push.origin, NODE_EXTRA_CA_CERTS: push.caFile }),
    ...options.env,
  };
  const stop = async () => {
    await smtp?.close();
    await postgres?.stop();
    await push?.close();
  };
  return { env, mail: smtp?.received ?? [], push, stop };
}

/** Playwright's `test` with a worker's own receiver as `receiver`, and the pages' base URL its. */
export function receiverTest(options: ReceiverOptions) {
  return base.extend<object, { receiver: Receiver }>({
    receiver: [
      // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's needs from this pattern
      async ({}, use) => {
        const around = await services(options);
        const dataDir = mkdtempSync(path.join(os.tmpdir(), options.folder));
        const count = options.postgres ? 2 : 1;
        const servers = await Promise.all(
          Array.from({ length: count }, () => startReceiver(dataDir, around.env)),
        );
        const [server] = servers;
        if (!server) throw new Error('no receiver started');
        if (options.owner) addOwner({ ...around.env, DATA_DIR: dataDir }, options.owner);
        const cookie =
          options.owner && options.signedIn ? await signIn(server.port, options.owner) : '';
        const urls = servers.map((each) => `http://127.0.0.1:${each.port}`);
        const outboxSettled = async () => {
          if (options.postgres) throw new Error('outboxSettled() reads the SQLite file only');
          await expect.poll(() => unsettledMail(dataDir), { timeout: 15_000 }).toBe(0);
        };
        await use({
          url: urls[0] ?? '',
          urls,
          dataDir,
          server,
          mail: around.mail,
          push: around.push,
          cookie,
          env: around.env,
          outboxSettled,
        });
        await Promise.all(servers.map((each) => stopReceiver(each)));
        await around.stop();
        rmSync(dataDir, { recursive: true, force: true });
      },
      { scope: 'worker' },
    ],
    baseURL: async ({ receiver }, use) => use(receiver.url),
  });
}
