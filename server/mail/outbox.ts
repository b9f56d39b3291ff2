/**
 * The outbox's loop: it leases the due e-mails of the queue (../store/outbox-queue.ts), has each
 * one built (messages.ts) and sent (transport.ts), and records the outcome: sent, tried again
 * after a back-off, or given up.
 */
import type { PendingNotification, Store } from '../store/store.ts';
import { MAIL_MAX_TRIES, MAIL_MAX_WAIT_DAYS } from '../../src/admin/contract.ts';
import { messageFor, type MessageSource } from './messages.ts';
import { startPassLoop } from './pass-loop.ts';
import { SENDS_AT_ONCE, type MailSender } from './transport.ts';
import {
  failureCode,
  isPermanent,
  isRelayFailure,
  pausesOutbox,
  storedCode,
} from './send-failures.ts';

/** The logger calls the outbox makes (pino's, as fastify's `app.log`, fits). */
export interface OutboxLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

export interface OutboxOptions extends MessageSource {
  store: Store;
  sender: MailSender;
  log: OutboxLog;
  /** First retry delay; each later one doubles, up to `retryMaxMs`. */
  retryBaseMs?: number;
  retryMaxMs?: number;
  /**
   * After this many tries the notification is given up (the row itself stays). A try counts when
   * it is claimed, so one that takes its instance down counts as well.
   */
  maxAttempts?: number;
  /**
   * How long an e-mail may wait for a relay that cannot be reached (before MAIL FROM): such a
   * failure uses up none of its tries, and past this (from when it was queued, or sent again from its
   * page) the e-mail is given up. Seven days unless told. A refused sign-in or TLS pauses the outbox
   * instead, with no such bound: nothing is tried, so nothing is given up, while paused.
   */
  maxWaitMs?: number;
  /** Longest sleep between looks at the outbox (another process may have queued mail). */
  pollMs?: number;
  /** How long a claim holds before another instance may take the e-mail over; renewed while sending. */
  leaseMs?: number;
  /**
   * While the outbox is paused (the relay refuses our sign-in or its TLS), how often the relay is
   * asked again, with a sign-in and no message: one probe per this among all instances.
   */
  probeEveryMs?: number;
  /**
   * A send still running after this is abandoned as a temporary failure that uses a try
   * (ETIMEDOUT SENDING): the message may have gone out before the relay stopped answering.
   */
  sendDeadlineMs?: number;
}

export interface Outbox {
  /** Sends what is due now and schedules the rest; call after a submission is stored. */
  nudge(): void;
  /** Resolves when the current pass over the outbox has finished. */
  idle(): Promise<void>;
  stop(): Promise<void>;
}

interface RetryPolicy {
  maxAttempts: number;
  maxWaitMs: number;
  /** The wait before the next try, after `attempts` failed ones. */
  delay(attempts: number): number;
  /** The wait before the next try of an e-mail that has waited `waitedMs` for the relay. */
  relayDelay(waitedMs: number): number;
}

interface SendPolicy {
  retry: RetryPolicy;
  leaseMs: number;
  deadlineMs: number;
  probeEveryMs: number;
}

/** Rejects with ETIMEDOUT once `deadlineMs` has passed; `cancel` clears the timer. */
function deadline(deadlineMs: number): { expired: Promise<never>; cancel(): void } {
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(
      () => reject(Object.assign(new Error('send deadline passed'), { code: 'ETIMEDOUT' })),
      deadlineMs,
    );
  });
  return { expired, cancel: () => clearTimeout(timer) };
}

/**
 * Renews the claim's lease every third of it while a send runs: a slow relay does not let the
 * lease run out, so no other instance takes the e-mail over and sends it a second time.
 */
function keepLease(notification: PendingNotification, options: OutboxOptions, leaseMs: number) {
  const details = { submissionId: notification.submission.id, kind: notification.kind };
  const timer = setInterval(
    () => {
      options.store.renewLease(notification, leaseMs).then(
        (held) => {
          if (!held) options.log.warn(details, 'notification lease lost while sending');
        },
        (error: unknown) =>
          options.log.warn(
            { ...details, code: failureCode(error) },
            'notification lease not renewed',
          ),
      );
    },
    Math.max(1, Math.floor(leaseMs / 3)),
  );
  timer.unref();
  return () => clearInterval(timer);
}

/** Sends the message of `notification` (if it has one) under its deadline. */
async function send(notification: PendingNotification, options: OutboxOptions, policy: SendPolicy) {
  const message = await messageFor(options, notification);
  // Nothing to send (an acknowledgement without an address): done, like a sent one.
  if (!message) return;
  const limit = deadline(policy.deadlineMs);
  try {
    // Past the deadline the send is abandoned: the pool's socket timeout ends its connection.
    await Promise.race([options.sender.sendMail(message), limit.expired]);
  } finally {
    limit.cancel();
  }
}

/**
 * In how long to try a failed one again, or null to give up. A 5xx gives up at once and a failure
 * of the message (or after MAIL FROM) uses up a try; a failure at the relay before MAIL FROM uses
 * none (the outbox is there to wait for it), with waits that grow as the e-mail has waited (since
 * it was queued, or sent again from its page, or the last pause ended if later), until
 * `maxWaitMs`. One that paused the outbox is due again as soon as the pause ends, and is never
 * given up meanwhile.
 */
function nextTry(notification: PendingNotification, error: unknown, retry: RetryPolicy) {
  if (pausesOutbox(error)) return 0;
  if (isRelayFailure(error)) {
    const waited = notification.waitedMs;
    return waited >= retry.maxWaitMs ? null : retry.relayDelay(waited);
  }
  const giveUp = isPermanent(error) || notification.attempts >= retry.maxAttempts;
  return giveUp ? null : retry.delay(notification.attempts);
}

/**
 * Records a failed try: given up, or tried again after a back-off; a failure of our account or
 * settings pauses the outbox (every instance) first, so that no other e-mail is tried meanwhile.
 */
async function recordFailure(
  notification: PendingNotification,
  error: unknown,
  options: OutboxOptions,
  policy: SendPolicy,
) {
  const { attempts, submission, kind } = notification;
  const relay = isRelayFailure(error) || pausesOutbox(error);
  const code = storedCode(error, relay);
  if (pausesOutbox(error)) {
    const { state, again } = await options.store.pauseRelay(code, policy.probeEveryMs);
    if (state === 'new') {
      options.log.warn({ code }, 'the mail relay refuses our sign-in or TLS: outbox paused');
    } else if (state === 'again' && again === 1) {
      options.log.warn({ code }, 'the mail relay let the probe in but refuses the sends: paused');
    }
  }
  const retryInMs = nextTry(notification, error, policy.retry);
  // Given back even when given up: an e-mail given up after waiting for the relay has used no try,
  // and its page says so (src/content/admin.ts's notificationStates.failed).
  const marked = await options.store.markNotificationFailed(notification, {
    retryInMs,
    error: code,
    refund: relay,
  });
  const details = { submissionId: submission.id, kind, attempts, code };
  if (!marked) options.log.warn(details, 'notification failed after its claim had passed on');
  else if (retryInMs === null) options.log.error(details, 'notification given up');
  else options.log.warn({ ...details, retryInMs }, 'notification failed, will retry');
}

/** Sends one notification and records the outcome: sent, retry later, or given up. */
async function deliver(
  notification: PendingNotification,
  options: OutboxOptions,
  policy: SendPolicy,
) {
  // From the claim until its outcome is recorded: the lease never runs out in between (the
  // message's files read, the send, the mark), or another instance would send it again.
  const release = keepLease(notification, options, policy.leaseMs);
  try {
    await sendAndRecord(notification, options, policy);
  } finally {
    release();
  }
}

/** Sends, then records the outcome: sent, retry later, or given up. */
async function sendAndRecord(
  notification: PendingNotification,
  options: OutboxOptions,
  policy: SendPolicy,
) {
  const { submission, kind } = notification;
  try {
    await send(notification, options, policy);
  } catch (error) {
    await recordFailure(notification, error, options, policy);
    return;
  }
  if (await options.store.markNotificationSent(notification)) {
    options.log.info({ submissionId: submission.id, kind }, 'notification sent');
    // The pause last ended is over for good: one that had come back is said to have ended now.
    const again = await options.store.relayDelivered();
    if (again !== undefined && again > 0) options.log.info({}, 'e-mail delivered: outbox resumed');
  } else {
    // Another instance holds the e-mail now (this one's lease ran out): its outcome stands.
    options.log.warn(
      { submissionId: submission.id, kind },
      'notification sent after its claim had passed on',
    );
  }
}

/** The options' retries, lease and deadline, with their defaults. */
function sendPolicy(options: OutboxOptions): SendPolicy {
  const { retryBaseMs = 30_000, retryMaxMs = 60 * 60_000 } = options;
  const jitter = (delay: number) => Math.round(delay * (0.8 + Math.random() * 0.4));
  return {
    retry: {
      maxAttempts: options.maxAttempts ?? MAIL_MAX_TRIES,
      maxWaitMs: options.maxWaitMs ?? MAIL_MAX_WAIT_DAYS * 24 * 60 * 60_000,
      delay: (attempts) => jitter(Math.min(retryMaxMs, retryBaseMs * 2 ** (attempts - 1))),
      // As long again as it has waited: the waits double, as above, whatever the tries given back.
      relayDelay: (waitedMs) => jitter(Math.min(retryMaxMs, Math.max(retryBaseMs, waitedMs))),
    },
    leaseMs: options.leaseMs ?? 2 * 60_000,
    deadlineMs: options.sendDeadlineMs ?? 5 * 60_000,
    probeEveryMs: options.probeEveryMs ?? 60_000,
  };
}

/**
 * One pass over the outbox. Keeps the pool busy without claiming more than it sends at once: each
 * send that ends frees a slot, which the next claim fills. Ends when nothing is due and nothing is
 * under way.
 */
async function sendDue(options: OutboxOptions, policy: SendPolicy, stopped: () => boolean) {
  const { store, log } = options;
  const { leaseMs } = policy;
  const { maxAttempts } = policy.retry;
  const sending = new Set<Promise<void>>();
  const exhausted = await store.giveUpExhausted(policy.retry.maxAttempts);
  if (exhausted > 0) log.error({ count: exhausted }, 'notifications given up: every try was used');
  try {
    for (;;) {
      const free = SENDS_AT_ONCE - sending.size;
      const due =
        free > 0 && !stopped()
          ? await store.claimNotifications({ limit: free, leaseMs, maxAttempts })
          : [];
      for (const notification of due) {
        const sent = deliver(notification, options, policy)
          // A mark the database refused (it went away): the lease ends and the e-mail is retried.
          .catch((error: unknown) => log.error({ code: failureCode(error) }, 'outbox mark failed'))
          .finally(() => sending.delete(sent));
        sending.add(sent);
      }
      if (sending.size === 0) return;
      // Side by side, over the transport's pool; each is marked on its own.
      await Promise.race(sending);
    }
  } finally {
    // A claim that failed leaves the sends under way to finish before the pass ends.
    await Promise.all(sending);
  }
}

/**
 * Asks the relay for a session up to the sign-in, sending nothing (nodemailer's verify); the
 * failure's code unless it accepts. Only an accepting relay ends the pause: one that cannot be
 * reached stays paused (the e-mails' 7 days do not run while paused: none is tried, and once the
 * pause ends each one's wait counts from its end, kept by `resumeRelay`). A transport that cannot
 * be asked (a fake) lets the next send tell.
 */
async function probeFailure(options: OutboxOptions, policy: SendPolicy) {
  if (!options.sender.verify) return undefined;
  const limit = deadline(policy.deadlineMs);
  try {
    await Promise.race([options.sender.verify(), limit.expired]);
    return undefined;
  } catch (error) {
    return { code: failureCode(error), refused: pausesOutbox(error) };
  } finally {
    limit.cancel();
  }
}

/**
 * The outbox's pause as this instance looks at it before each pass: whether it is paused after the
 * look. A due probe (one per `probeEveryMs` among all instances, and one at this instance's start:
 * it may have new settings) that the relay accepts ends the pause for every instance. A pause that
 * comes back (the probe passes, the sends are refused) is logged once, not at every probe.
 */
function pauseWatch(options: OutboxOptions, policy: SendPolicy) {
  const { store, log } = options;
  let starting = true;
  return async function paused(): Promise<boolean> {
    const pause = await store.relayPause();
    const first = starting;
    starting = false;
    if (!pause) return false;
    const claimed = await store.claimProbe(policy.probeEveryMs);
    if (!claimed && !first) return true;
    const failure = await probeFailure(options, policy);
    if (failure) {
      const { code, refused } = failure;
      const message = refused ? 'still refuses' : 'cannot be reached';
      if (pause.again === 0)
        log.warn({ code, pausedSince: pause.since }, `the mail relay ${message}: paused`);
      return true;
    }
    const ended = await store.resumeRelay();
    if (ended?.again === 0) {
      log.info({ pausedSince: ended.since }, 'the mail relay accepts again: outbox resumed');
    }
    return false;
  };
}

/**
 * Sends the e-mail of each stored submission from the outbox table. Rows are leased while being
 * sent, so a crash mid-send means one more send after restart, never none. The lease is renewed
 * while a send runs and each claim carries a fencing token, so while instances live, each e-mail
 * goes once and only the current holder's outcome is recorded.
 */
export function startOutbox(options: OutboxOptions): Outbox {
  const { store, sender, log, retryBaseMs = 30_000, pollMs = 60_000 } = options;
  const policy = sendPolicy(options);
  const paused = pauseWatch(options, policy);
  const loop = startPassLoop({
    async pass(stopped) {
      if (!(await paused())) await sendDue(options, policy, stopped);
    },
    // In how long to look again: the next probe while paused, else the next e-mail due.
    async nextLookMs() {
      const pause = await store.relayPause();
      if (pause) return pause.probeInMs;
      return (await store.nextNotificationDue()) ?? pollMs;
    },
    failed: (error) => log.error({ code: failureCode(error) }, 'outbox pass failed'),
    pollMs,
    retryMs: retryBaseMs,
  });

  return {
    nudge: loop.nudge,
    idle: loop.idle,
    async stop() {
      await loop.stop();
      sender.close?.();
    },
  };
}
