// GET /readyz: whether this instance can serve, for a load balancer or an orchestrator: its
// database, migrations, data folder and live site version. Never a shared service such as the
// mail relay: the outbox waits for it, and every instance would go dark together. The relay's
// state is told in the body instead, to requests from this machine only (fromThisMachine). /healthz (app.ts) stays the liveness answer.
import { randomBytes } from 'node:crypto';
import { rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { MailState } from '../../src/admin/contract.ts';
import { currentVersion, LATEST_VERSION } from '../db/upgrade.ts';
import type { Store } from '../store/store.ts';
import { refuse } from '../guard/refusal.ts';

export interface ReadinessOptions {
  /** The data folder (DATA_DIR, or the SQLite file's folder); none with Postgres. */
  dataDir?: string | undefined;
  /** The e-mails waiting and the relay's latest word, when e-mail is set up (told, never a reason). */
  mail?: (() => Promise<MailState>) | undefined;
  /** The owner's site (server/site/live-site.ts): not ready until it serves the newest version. */
  site?: { notReadyBecause(): string | undefined } | undefined;
  /** The clock the data folder's check and the mail's state are held by (CACHE_MS). */
  now?: () => number;
}

/** Like /healthz: a proxy's check gives up after a few seconds; a slow answer reads as not ready. */
const READY_TIMEOUT_MS = 2000;

/**
 * How long the data folder's check and the mail's state hold: a load balancer asking every second
 * costs one small write per this, not one per request; a folder that turns read-only, or the
 * relay's new state, is seen within it.
 */
const CACHE_MS = 10_000;

/** Rejects once `ms` have passed without an answer (the work goes on, unawaited). */
function within<T>(work: Promise<T>, ms: number, reason: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new NotReady(reason)), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

class NotReady extends Error {}

/** Really writes and removes a small file: a read-only or full disk, or a lost mount, fails it. */
async function checkWritable(dir: string): Promise<void> {
  const probe = path.join(dir, `.readyz-${randomBytes(6).toString('hex')}`);
  try {
    await writeFile(probe, 'ready\n', { flag: 'wx' });
  } catch {
    throw new NotReady('data folder is not writable');
  }
  await rm(probe, { force: true });
}

/**
 * `work`'s latest promise, made again once `ms` have passed since it was made: requests that
 * arrive meanwhile share it (its outcome, good or bad, holds as long).
 */
function cached<T>(work: () => Promise<T>, ms: number, now: () => number): () => Promise<T> {
  let last: { at: number; result: Promise<T> } | undefined;
  return () => {
    const at = now();
    if (!last || at - last.at >= ms || at < last.at) last = { at, result: work() };
    return last.result;
  };
}

/** The data folder's check, with its answer in time, held for CACHE_MS. */
function dataFolderCheck(options: ReadinessOptions) {
  const { dataDir } = options;
  if (!dataDir) return () => Promise.resolve();
  return cached(
    () => within(checkWritable(dataDir), READY_TIMEOUT_MS, 'data folder does not answer'),
    CACHE_MS,
    options.now ?? Date.now,
  );
}

/** The first thing that keeps this instance from being ready, or undefined. */
async function notReadyBecause(
  store: Store,
  options: ReadinessOptions,
  dataFolder: () => Promise<void>,
): Promise<string | undefined> {
  try {
    const version = await within(
      store.ping().then(() => currentVersion(store.database.engine)),
      READY_TIMEOUT_MS,
      'database does not answer',
    ).catch((error: unknown) => {
      throw error instanceof NotReady ? error : new NotReady('database does not answer');
    });
    if (version < LATEST_VERSION) return 'migrations are not done';
    await dataFolder();
    return options.site?.notReadyBecause();
  } catch (error) {
    if (error instanceof NotReady) return error.message;
    throw error;
  }
}

/** The mail's state for the body, or nothing when it cannot be read now (the reason is elsewhere). */
function mailStateOf(options: ReadinessOptions) {
  const { mail } = options;
  if (!mail) return () => Promise.resolve(undefined);
  const read = cached(
    () => within(mail(), READY_TIMEOUT_MS, 'database does not answer'),
    CACHE_MS,
    options.now ?? Date.now,
  );
  return () => read().catch(() => undefined);
}

/** Headers a proxy adds to name the client it forwards for. */
const FORWARDED = ['forwarded', 'x-forwarded-for', 'x-real-ip'] as const;

/**
 * Whether the request came straight from this machine (the operator's curl, a local health check,
 * the container's HEALTHCHECK), not through a proxy: its socket is loopback and it names no
 * forwarded client. The mail's state is told to those only. The proxy in front (Caddy) passes
 * every visitor's request from loopback too, but always with X-Forwarded-For; and trusting the
 * proxy's address (TRUST_PROXY) would tell every visitor. Public, the body would let anyone see
 * when submissions arrive (waiting, lastSentAt) and the relay's refusals.
 */
function fromThisMachine(request: FastifyRequest): boolean {
  const address = request.socket.remoteAddress ?? '';
  const loopback =
    address === '::1' || address.startsWith('127.') || address.startsWith('::ffff:127.');
  return loopback && FORWARDED.every((name) => request.headers[name] === undefined);
}

export function readinessRoute(app: FastifyInstance, store: Store, options: ReadinessOptions) {
  const dataFolder = dataFolderCheck(options);
  const mailState = mailStateOf(options);
  app.get('/readyz', async (request, reply) => {
    const reason = await notReadyBecause(store, options, dataFolder);
    if (reason) {
      request.log.warn({ reason }, 'not ready');
      return refuse(reply, 503, 'Not ready', { reason });
    }
    if (!fromThisMachine(request)) return { ok: true };
    const mail = await mailState();
    return mail ? { ok: true, mail } : { ok: true };
  });
}
