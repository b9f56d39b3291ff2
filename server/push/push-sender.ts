/**
 * The push queue's sender (push-queue.ts), a loop like the outbox's (../mail/outbox.ts): it claims
 * the due pushes under a lease, makes each one's words from its submission as it is now
 * (push-message.ts), encrypts and signs it with web-push (RFC 8291, VAPID), and records the
 * outcome: sent; the device gone (404, 410: removed with its queue); tried again with growing waits
 * (429, 5xx, the network); given up (another 4xx, or every try used).
 */
import { createHash } from 'node:crypto';
import type { Agent } from 'node:https';
import webPush, { type RequestOptions } from 'web-push';
import type { Engine } from '../db/engine.ts';
import type { StoredSubmission } from '../store/store.ts';
import { checkEndpoint } from './endpoint-policy.ts';
import { pushMessage } from './push-message.ts';
import {
  claimPushes,
  dropPush,
  giveUpExhaustedPushes,
  markPushFailed,
  markPushSent,
  nextPushDue,
  removeDevice,
  type PendingPush,
} from './push-queue.ts';
import { stillWanted } from './push-events.ts';
import { startPassLoop } from '../mail/pass-loop.ts';
import type { VapidKeys } from './vapid-keys.ts';

export interface PushLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

export interface PushSenderOptions {
  engine: Engine;
  /** A submission as it is now (the store's `get`). */
  submission: (id: string) => Promise<StoredSubmission | undefined>;
  keys: { load(): Promise<VapidKeys> };
  /** The business's time zone now (the live version's), for a deadline's time. */
  timeZone: () => string;
  log: PushLog;
  /** The clock a 'due' push's deadline is compared with (tests inject one). */
  now?: () => number;
  /** PUSH_ENDPOINT_ORIGINS: origins a device's endpoint may name besides the push services (tests). */
  extraEndpointOrigins?: readonly string[];
  /** The connection's agent (the tests' trust their local push service's certificate). */
  agent?: Agent | undefined;
  /** First retry delay; each later one doubles, up to `retryMaxMs`. */
  retryBaseMs?: number;
  retryMaxMs?: number;
  /** Tries before a push is given up. */
  maxAttempts?: number;
  pollMs?: number;
  leaseMs?: number;
  /** A push service that has not answered after this: a failed try (the network's). */
  timeoutMs?: number;
  /** Pushes sent side by side. */
  atOnce?: number;
}

export interface PushSender {
  /** Sends what is due now; call after a push was queued. */
  nudge(): void;
  /** Resolves when the current pass has finished. */
  idle(): Promise<void>;
  stop(): Promise<void>;
}

/** How long a push service keeps a push for a device that is offline, by kind (seconds). */
const TTL = { lead: 60 * 60, due: 30 * 60, mail: 60 * 60 } as const;
const URGENCY = { lead: 'high', due: 'high', mail: 'normal' } as const;

/**
 * The push's Topic (RFC 8030, 5.4: at most 32 base64url characters), one per event: a push sent
 * again after a lease ran out mid-send (its instance died) replaces the first at the push service
 * while the device has not fetched it, as its notification's tag replaces it on the device.
 */
export function topicOf(event: string): string {
  return createHash('sha256').update(event).digest('base64url').slice(0, 32);
}

/** The push service's status from web-push's error; undefined for a network failure. */
function statusOf(error: unknown): number | undefined {
  return error instanceof webPush.WebPushError ? error.statusCode : undefined;
}

/** What a failure is kept as: the status ('HTTP 429') or the error's code. */
function codeOf(error: unknown): string {
  const status = statusOf(error);
  if (status !== undefined) return `HTTP ${status}`;
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : 'ERROR';
}

interface Policy {
  maxAttempts: number;
  leaseMs: number;
  delay(attempts: number): number;
}

/** What becomes of a failed try: the device gone, tried again later, or given up. */
function failureOutcome(
  error: unknown,
  attempts: number,
  policy: Pick<Policy, 'maxAttempts' | 'delay'>,
): 'gone' | { retryInMs: number | null } {
  const status = statusOf(error);
  if (status === 404 || status === 410) return 'gone';
  const temporary = status === undefined || status === 429 || status >= 500;
  if (!temporary || attempts >= policy.maxAttempts) return { retryInMs: null };
  return { retryInMs: policy.delay(attempts) };
}

/** Sends one claimed push (unless no longer wanted) and records the outcome. */
async function deliver(push: PendingPush, options: PushSenderOptions, policy: Policy) {
  const { engine, log } = options;
  const details = { pushId: push.id, kind: push.kind, deviceId: push.device.id };
  const submission = await options.submission(push.submissionId);
  const wanted = submission
    ? await stillWanted(engine, push, submission, (options.now ?? Date.now)())
    : 'erased';
  if (!submission || wanted !== true) {
    await dropPush(engine, push, wanted === true ? 'erased' : wanted);
    log.info({ ...details, reason: wanted }, 'push dropped');
    return;
  }
  // Checked again at each send (a row kept from before a stricter policy), and sent to the URL as
  // the URL standard spells it, so that web-push's own parsing finds the same host.
  const endpoint = checkEndpoint(push.device.endpoint, options.extraEndpointOrigins);
  if (!endpoint.ok) {
    await dropPush(engine, push, 'refused');
    log.warn(details, 'push dropped: its endpoint is not a push service');
    return;
  }
  const keys = await options.keys.load();
  const message = pushMessage(push.kind, submission, {
    timeZone: options.timeZone(),
    deadline: deadlineOf(push.event),
  });
  const sendOptions: RequestOptions = {
    vapidDetails: keys,
    TTL: TTL[push.kind],
    urgency: URGENCY[push.kind],
    topic: topicOf(push.event),
    timeout: options.timeoutMs ?? 30_000,
    contentEncoding: 'aes128gcm',
    ...(options.agent ? { agent: options.agent } : {}),
  };
  const subscription = {
    endpoint: endpoint.url.href,
    keys: { p256dh: push.device.p256dh, auth: push.device.auth },
  };
  try {
    await webPush.sendNotification(subscription, JSON.stringify(message), sendOptions);
  } catch (error) {
    await recordFailure(push, error, options, policy);
    return;
  }
  if (await markPushSent(engine, push)) log.info(details, 'push sent');
  else log.warn(details, 'push sent after its claim had passed on');
}

async function recordFailure(
  push: PendingPush,
  error: unknown,
  options: PushSenderOptions,
  policy: Policy,
) {
  const { engine, log } = options;
  const details = { pushId: push.id, kind: push.kind, deviceId: push.device.id };
  const code = codeOf(error);
  const outcome = failureOutcome(error, push.attempts, policy);
  if (outcome === 'gone') {
    await removeDevice(engine, push.device.id);
    log.info({ ...details, code }, 'push device gone: removed');
    return;
  }
  const marked = await markPushFailed(engine, push, { retryInMs: outcome.retryInMs, error: code });
  if (!marked) log.warn({ ...details, code }, 'push failed after its claim had passed on');
  else if (outcome.retryInMs === null) log.warn({ ...details, code }, 'push given up');
  else log.info({ ...details, code, retryInMs: outcome.retryInMs }, 'push failed, will retry');
}

/** A 'due:ID:DEADLINE' event's deadline. */
function deadlineOf(event: string): number | undefined {
  const deadline = Number(event.split(':')[2]);
  return Number.isFinite(deadline) ? deadline : undefined;
}

/** One pass: claims and sends until nothing is due. */
async function sendDue(options: PushSenderOptions, policy: Policy, stopped: () => boolean) {
  const { engine, log } = options;
  const atOnce = options.atOnce ?? 8;
  const exhausted = await giveUpExhaustedPushes(engine, policy.maxAttempts);
  if (exhausted > 0) log.warn({ count: exhausted }, 'pushes given up: every try was used');
  while (!stopped()) {
    const due = await claimPushes(engine, {
      limit: atOnce,
      leaseMs: policy.leaseMs,
      maxAttempts: policy.maxAttempts,
    });
    if (due.length === 0) return;
    await Promise.all(
      due.map((push) =>
        deliver(push, options, policy).catch((error: unknown) =>
          log.error({ pushId: push.id, code: codeOf(error) }, 'push mark failed'),
        ),
      ),
    );
  }
}

/**
 * Sends the queued pushes. A claim's lease outlasts a send (its timeout is well under it), so no
 * other instance takes a push over while it is being sent; a crash mid-send means one more try
 * after the lease, never none.
 */
export function startPushSender(options: PushSenderOptions): PushSender {
  const { log, retryBaseMs = 60_000, retryMaxMs = 6 * 60 * 60_000, pollMs = 60_000 } = options;
  const jitter = (delay: number) => Math.round(delay * (0.8 + Math.random() * 0.4));
  const policy: Policy = {
    // 1, 2, 4 … minutes, up to 6 hours: ten tries span about a day.
    maxAttempts: options.maxAttempts ?? 10,
    leaseMs: options.leaseMs ?? 2 * 60_000,
    delay: (attempts) => jitter(Math.min(retryMaxMs, retryBaseMs * 2 ** (attempts - 1))),
  };
  return startPassLoop({
    pass: (stopped) => sendDue(options, policy, stopped),
    nextLookMs: async () => (await nextPushDue(options.engine)) ?? pollMs,
    failed: (error) => log.error({ code: codeOf(error) }, 'push pass failed'),
    pollMs,
    retryMs: retryBaseMs,
  });
}
