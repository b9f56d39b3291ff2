/**
 * The reply mailbox's watcher (docs/replies.md, "Answers coming back"): with IMAP_URL set, one
 * instance (watch-lease.ts) reads every unseen message, adds each one matched to a submission as
 * its answer and marks it \Seen, then waits in IDLE for new ones. Unmatched mail is left as it
 * was: unseen, where it is. A dropped connection or a restarted server is tried again after 1 s,
 * doubling to 60 s; nothing here stops the process. The log says counts, UIDs and error codes,
 * never a subject or an address.
 */
import { randomBytes } from 'node:crypto';
import { ImapFlow } from 'imapflow';
import type { Engine } from '../../db/engine.ts';
import { noClues, type OurAddresses } from './answer-match.ts';
import { messageDomain } from '../../mail/message-source.ts';
import { readMessage } from './answer-read.ts';
import { saveAnswer, submissionOfClues } from './answer-store.ts';
import { imapTarget, type ImapTarget } from './imap-url.ts';
import { watchLease, type WatchLease } from './watch-lease.ts';

interface WatchLog {
  info(fields: object, message: string): void;
  warn(fields: object, message: string): void;
}

export interface AnswerWatcherOptions {
  engine: Engine;
  /** IMAP_URL. */
  imapUrl: string;
  /** REPLY_ADDRESS: the address whose replies+TOKEN@ recipients name a submission. */
  replyAddress: string | undefined;
  /** NOTIFY_FROM: the domain of the Message-IDs we send. */
  from: string;
  log: WatchLog;
  /** After an answer was added and its notice queued (the outbox's nudge). */
  onAnswer?: (replyId: number) => void;
  now?: () => number;
  /** The waits before connecting again: from `firstMs`, doubling to `maxMs` (1 s to 60 s). */
  retry?: { firstMs: number; maxMs: number };
  /** How long the watching instance's lease lasts (60 s); renewed, and the mailbox read again, every third. */
  leaseMs?: number;
}

export interface AnswerWatcher {
  /** Ends the session and lets the lease go; resolves once the watcher has stopped. */
  stop(): Promise<void>;
}

/**
 * How much of a message is read (2 MB): enough for any answer's headers and words, never a huge
 * attachment held in memory (attachments are not kept; the message stays in the mailbox).
 */
export const ANSWER_READ_BYTES = 2 * 1024 * 1024;

/** What one message came to: added, matched but already there, or left alone. */
type Outcome = 'added' | 'known' | 'left';

/** Why a connection ended, for the log: an error's code, never its text (it may quote a header). */
function codeOf(error: unknown): string {
  const { code, serverResponseCode, authenticationFailed, responseStatus } = (error ?? {}) as {
    code?: unknown;
    serverResponseCode?: unknown;
    authenticationFailed?: unknown;
    responseStatus?: unknown;
  };
  // The IMAP server's own code first (AUTHENTICATIONFAILED: a wrong user or password).
  if (typeof serverResponseCode === 'string') return serverResponseCode;
  if (authenticationFailed === true) return 'AUTHENTICATIONFAILED';
  if (typeof code === 'string') return code;
  return typeof responseStatus === 'string' ? responseStatus : 'EUNKNOWN';
}

/**
 * Waits that `wake` ends early; a wake while nothing waits (new mail while the mailbox is being
 * read) ends the next wait at once, so that no message waits for the next round.
 */
class Wakeup {
  private waiting: (() => void) | undefined;
  private pending = false;

  wait(ms: number): Promise<void> {
    if (this.pending) {
      this.pending = false;
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.waiting = undefined;
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.waiting = done;
    });
  }

  wake() {
    if (this.waiting) this.waiting();
    else this.pending = true;
  }
}

export function startAnswerWatcher(options: AnswerWatcherOptions): AnswerWatcher {
  const { engine, log } = options;
  const now = options.now ?? Date.now;
  const retry = options.retry ?? { firstMs: 1000, maxMs: 60_000 };
  const leaseMs = options.leaseMs ?? 60_000;
  const target = imapTarget(options.imapUrl);
  const ours: OurAddresses = {
    replyAddress: options.replyAddress,
    messageDomain: messageDomain(options.from),
  };
  const lease = watchLease(engine, randomBytes(12).toString('hex'));
  const signal = new Wakeup();
  let stopped = false;
  let client: ImapFlow | undefined;

  async function handle(source: Buffer): Promise<Outcome> {
    const message = await readMessage(source, ours);
    if (message.automatic || noClues(message.clues)) return 'left';
    const submissionId = await submissionOfClues(engine, message.clues);
    if (!submissionId) return 'left';
    const replyId = await saveAnswer(engine, message.answer(submissionId, now()));
    if (replyId === undefined) return 'known';
    options.onAnswer?.(replyId);
    return 'added';
  }

  const session = { lease, target, handle, log, leaseMs, signal, stopped: () => stopped };

  async function run() {
    let waitMs = retry.firstMs;
    while (!stopped) {
      const held = await lease.hold(leaseMs).catch((error: unknown) => {
        log.warn({ errorCode: codeOf(error) }, 'reply mailbox: the lease could not be read');
        return false;
      });
      if (!held) {
        await signal.wait(leaseMs / 3);
        continue;
      }
      client = newClient(target);
      const outcome = await watchSession(client, session, () => (waitMs = retry.firstMs));
      client = undefined;
      if (stopped) break;
      if (outcome.error !== undefined) {
        log.warn({ errorCode: codeOf(outcome.error), retryInMs: waitMs }, 'reply mailbox lost');
        await signal.wait(waitMs);
        waitMs = Math.min(waitMs * 2, retry.maxMs);
      }
    }
  }

  const running = run().catch((error: unknown) =>
    log.warn({ errorCode: codeOf(error) }, 'reply mailbox watcher stopped'),
  );
  return {
    async stop() {
      stopped = true;
      signal.wake();
      client?.close();
      await running;
      await lease.release().catch(() => undefined);
    },
  };
}

function newClient(target: ImapTarget): ImapFlow {
  return new ImapFlow({
    host: target.host,
    port: target.port,
    secure: target.secure,
    auth: { user: target.user, pass: target.password },
    logger: false,
    // IDLE is entered by the session itself, as soon as the mailbox was read (auto-IDLE waits 15 s).
    disableAutoIdle: true,
    // The server may have answered nothing for a long time: a dead connection is noticed.
    socketTimeout: 5 * 60_000,
  });
}

interface Session {
  lease: WatchLease;
  target: ImapTarget;
  handle(source: Buffer): Promise<Outcome>;
  log: WatchLog;
  leaseMs: number;
  signal: Wakeup;
  stopped(): boolean;
}

/**
 * One connection: the mailbox read, then IDLE until new mail (or, every third of the lease, to
 * renew it and read again), until the connection ends, the lease is lost or the watcher stops.
 */
async function watchSession(
  client: ImapFlow,
  session: Session,
  connected: () => void,
): Promise<{ error?: unknown }> {
  const { signal } = session;
  let closed: unknown;
  client.on('error', (error: unknown) => (closed = error));
  client.on('exists', () => signal.wake());
  client.on('close', () => {
    closed ??= Object.assign(new Error('closed'), { code: 'ECLOSED' });
    signal.wake();
  });
  try {
    await client.connect();
    await client.mailboxOpen(session.target.mailbox);
    connected();
    const left = new Set<number>();
    while (!session.stopped() && closed === undefined) {
      await readUnseen(client, session, left);
      if (!(await session.lease.hold(session.leaseMs))) break;
      if (closed !== undefined) break;
      // IDLE until new mail, a dropped connection or the stop wakes the wait; the next command ends it.
      client.idle().catch(() => undefined);
      await signal.wait(session.leaseMs / 3);
    }
    return closed === undefined || session.stopped() ? {} : { error: closed };
  } catch (error) {
    return { error: session.stopped() ? undefined : (closed ?? error) };
  } finally {
    client.close();
  }
}

/** Reads every unseen message not already left alone on this connection. */
async function readUnseen(client: ImapFlow, session: Session, left: Set<number>) {
  const uids = (await client.search({ seen: false }, { uid: true })) || [];
  const counts = { added: 0, known: 0, left: 0, failed: 0 };
  for (const uid of uids) {
    if (left.has(uid) || session.stopped()) continue;
    // The first bytes only: the headers and the words come first, an attachment of any size after.
    const query = { source: { start: 0, maxLength: ANSWER_READ_BYTES } };
    const message = await client.fetchOne(String(uid), query, { uid: true });
    if (!message || !message.source) continue;
    let outcome: Outcome;
    try {
      outcome = await session.handle(message.source);
    } catch (error) {
      // The database may be back at the next reading; the message stays unseen until then.
      counts.failed += 1;
      session.log.warn({ uid, errorCode: codeOf(error) }, 'reply mailbox: a message was not read');
      continue;
    }
    counts[outcome] += 1;
    if (outcome === 'left') left.add(uid);
    else await client.messageFlagsAdd(String(uid), ['\\Seen'], { uid: true });
  }
  if (counts.added + counts.known + counts.failed > 0) {
    session.log.info(counts, 'reply mailbox read');
  }
}
