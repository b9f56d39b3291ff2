// GET /readyz: whether this instance can do its work, for a load balancer or an orchestrator.
// /healthz (app.ts) stays the liveness answer: the process runs and its database answers.
import { randomBytes } from 'node:crypto';
import { rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { currentVersion, LATEST_VERSION } from '../db/upgrade.ts';
import type { SmtpStatus } from '../mail/smtp-status.ts';
import type { Store } from '../store/store.ts';
import { refuse } from '../guard/refusal.ts';

export interface ReadinessOptions {
  /** The data folder (DATA_DIR, or the SQLite file's folder); none with Postgres. */
  dataDir?: string | undefined;
  /** The SMTP relay's last outcome, when e-mail is set up. */
  smtp?: SmtpStatus | undefined;
  /** The owner's site (server/site/live-site.ts): not ready until it serves the newest version. */
  site?: { notReadyBecause(): string | undefined } | undefined;
}

/** Like /healthz: a proxy's check gives up after a few seconds; a slow answer reads as not ready. */
const READY_TIMEOUT_MS = 2000;

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

/** The first thing that keeps this instance from being ready, or undefined. */
async function notReadyBecause(
  store: Store,
  options: ReadinessOptions,
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
    if (options.dataDir)
      await within(checkWritable(options.dataDir), READY_TIMEOUT_MS, 'data folder does not answer');
    const site = options.site?.notReadyBecause();
    if (site) return site;
    const smtp = options.smtp?.reachable();
    if (smtp && !smtp.ok) return 'SMTP relay was not reachable at the last try';
    return undefined;
  } catch (error) {
    if (error instanceof NotReady) return error.message;
    throw error;
  }
}

export function readinessRoute(app: FastifyInstance, store: Store, options: ReadinessOptions) {
  app.get('/readyz', async (request, reply) => {
    const reason = await notReadyBecause(store, options);
    if (!reason) return { ok: true };
    request.log.warn({ reason }, 'not ready');
    return refuse(reply, 503, 'Not ready', { reason });
  });
}
