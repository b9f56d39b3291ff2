import nodemailer from 'nodemailer';
import { business } from '../../src/content/business.ts';
import { downloadName, extensionOf } from '../store/attachments.ts';
import type { FormDefinition } from '../intake/forms.ts';
import { acknowledgementMail, notificationMail } from './mail-text.ts';
import type { PendingNotification, Store } from '../store/store.ts';

export interface MailMessage {
  from: string;
  to: string[];
  subject: string;
  text: string;
  replyTo?: { name: string; address: string } | undefined;
  messageId: string;
  headers: Record<string, string>;
  /** The files sent with the submission (a résumé). */
  attachments?: { filename: string; content: Buffer; contentType: string }[];
}

/** What the outbox needs of a mail transport (nodemailer's, or a fake in tests). */
export interface MailSender {
  sendMail(message: MailMessage): Promise<unknown>;
  close?(): void;
}

/** The logger calls the outbox makes (pino's, as fastify's `app.log`, fits). */
export interface OutboxLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

export interface OutboxOptions {
  store: Store;
  forms: readonly FormDefinition[];
  sender: MailSender;
  from: string;
  to: string[];
  log: OutboxLog;
  /** First retry delay; each later one doubles, up to `retryMaxMs`. */
  retryBaseMs?: number;
  retryMaxMs?: number;
  /** After this many failed sends the notification is given up (the row itself stays). */
  maxAttempts?: number;
  /** Longest sleep between looks at the outbox (another process may have queued mail). */
  pollMs?: number;
  leaseMs?: number;
  now?: () => number;
}

export interface Outbox {
  /** Sends what is due now and schedules the rest; call after a submission is stored. */
  nudge(): void;
  /** Resolves when the current pass over the outbox has finished. */
  idle(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * The outbox's transport to `smtpUrl`. With `envelopeFrom` (MAIL_ENVELOPE_FROM), every e-mail's
 * SMTP envelope sender (MAIL FROM, where bounces go) is that address, while its From header stays
 * NOTIFY_FROM: a bounce of an acknowledgement to a mistyped address lands there, not in the
 * owner's inbox.
 */
export function smtpSender(smtpUrl: string, envelopeFrom?: string): MailSender {
  const transport = nodemailer.createTransport({
    url: smtpUrl,
    // A few connections kept open: a burst of submissions is not one SMTP handshake per e-mail.
    pool: true,
    maxConnections: 5,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  if (!envelopeFrom) return transport;
  return {
    // An envelope names its recipients too: the message's own.
    sendMail: (message) =>
      transport.sendMail({ ...message, envelope: { from: envelopeFrom, to: message.to } }),
    close: () => transport.close(),
  };
}

const FALLBACK_FORM: Omit<FormDefinition, 'name'> = {
  title: 'Form submission',
  schema: undefined as never,
  labels: {},
  contact: () => ({}),
  summaryFields: [],
};

/** A short, personal-data-free description of a send failure: codes only, never the server's text. */
function failureCode(error: unknown): string {
  if (typeof error !== 'object' || error === null) return 'ERROR';
  const { code, responseCode } = error as { code?: unknown; responseCode?: unknown };
  return [
    typeof code === 'string' ? code : 'ERROR',
    typeof responseCode === 'number' ? responseCode : '',
  ]
    .join(' ')
    .trim();
}

function messageDomain(from: string): string {
  return /@([^\s>]+)>?\s*$/.exec(from)?.[1] ?? 'localhost';
}

/**
 * The visitor's acknowledgement: to the address they gave, from NOTIFY_FROM, answered by the
 * owner (Reply-To). Marked as automatic (RFC 3834), so that auto-replies do not answer it.
 */
function acknowledgementFor(
  options: OutboxOptions,
  submission: PendingNotification['submission'],
): MailMessage | undefined {
  const form = options.forms.find((candidate) => candidate.name === submission.form);
  const address = form?.contact(submission.fields).email;
  if (!address) return undefined;
  const mail = acknowledgementMail(submission);
  const [owner] = options.to;
  return {
    from: options.from,
    to: [address],
    subject: mail.subject,
    text: mail.text,
    replyTo: owner ? { name: business.name, address: owner } : undefined,
    messageId: `<${submission.id}.acknowledgement@${messageDomain(options.from)}>`,
    headers: {
      'Auto-Submitted': 'auto-replied',
      'X-Auto-Response-Suppress': 'All',
      'X-Submission-Id': submission.id,
    },
  };
}

/** The e-mail of one outbox row: the owner's notification (with its files), or the acknowledgement. */
async function messageFor(
  options: OutboxOptions,
  { kind, submission }: PendingNotification,
): Promise<MailMessage | undefined> {
  if (kind === 'acknowledge') return acknowledgementFor(options, submission);
  return notificationFor(options, submission);
}

/** The e-mail of one submission, with its files (a résumé) attached. */
async function notificationFor(
  options: OutboxOptions,
  submission: PendingNotification['submission'],
): Promise<MailMessage> {
  const form = options.forms.find((candidate) => candidate.name === submission.form) ?? {
    ...FALLBACK_FORM,
    name: submission.form,
  };
  const mail = notificationMail(form, submission);
  const files = submission.attachments.length
    ? await options.store.attachmentFiles(submission.id)
    : [];
  return {
    from: options.from,
    to: options.to,
    subject: mail.subject,
    text: mail.text,
    replyTo: mail.replyTo,
    messageId: `<${submission.id}@${messageDomain(options.from)}>`,
    headers: { 'X-Submission-Id': submission.id, 'X-Form': submission.form },
    attachments: files.map((file) => ({
      filename: downloadName(file.name, extensionOf(file.type)),
      content: Buffer.from(file.content),
      contentType: file.type,
    })),
  };
}

interface RetryPolicy {
  maxAttempts: number;
  /** The wait before the next try, after `attempts` failed ones. */
  delay(attempts: number): number;
  now(): number;
}

/** Sends one notification and records the outcome: sent, retry later, or given up. */
async function deliver(
  notification: PendingNotification,
  options: OutboxOptions,
  retry: RetryPolicy,
) {
  const { outboxId, attempts, submission, kind } = notification;
  const { store, log } = options;
  try {
    const message = await messageFor(options, notification);
    // Nothing to send (an acknowledgement without an address): done, like a sent one.
    if (message) await options.sender.sendMail(message);
  } catch (error) {
    const failed = attempts + 1;
    const code = failureCode(error);
    const retryAt = failed >= retry.maxAttempts ? null : retry.now() + retry.delay(failed);
    await store.markNotificationFailed(outboxId, { attempts: failed, retryAt, error: code });
    const details = { submissionId: submission.id, kind, attempts: failed, code };
    if (retryAt === null) log.error(details, 'notification given up');
    else
      log.warn({ ...details, retryInMs: retryAt - retry.now() }, 'notification failed, will retry');
    return;
  }
  await store.markNotificationSent(outboxId);
  log.info({ submissionId: submission.id, kind }, 'notification sent');
}

/**
 * Sends the e-mail of each stored submission from the outbox table. Rows are leased while being
 * sent, so a crash mid-send means one more send after restart, never none.
 */
export function startOutbox(options: OutboxOptions): Outbox {
  const {
    store,
    sender,
    log,
    retryBaseMs = 30_000,
    retryMaxMs = 60 * 60_000,
    pollMs = 60_000,
    leaseMs = 2 * 60_000,
    now = Date.now,
  } = options;
  const retry: RetryPolicy = {
    maxAttempts: options.maxAttempts ?? 30,
    delay(attempts) {
      const delay = Math.min(retryMaxMs, retryBaseMs * 2 ** (attempts - 1));
      return Math.round(delay * (0.8 + Math.random() * 0.4));
    },
    now,
  };
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let again = false;
  let stopped = false;

  async function pass() {
    for (;;) {
      const due = await store.claimNotifications(10, leaseMs);
      if (due.length === 0) return;
      if (stopped) return;
      // Side by side, over the transport's pool; each is marked on its own.
      await Promise.all(due.map((notification) => deliver(notification, options, retry)));
    }
  }

  function schedule(delayMs: number) {
    clearTimeout(timer);
    if (stopped) return;
    timer = setTimeout(run, Math.max(0, Math.min(pollMs, delayMs)));
    timer.unref();
  }

  function run() {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = (async () => {
      try {
        do {
          again = false;
          await pass();
        } while (again && !stopped);
        const next = await store.nextNotificationDue();
        schedule(next === undefined ? pollMs : next - now());
      } catch (error) {
        log.error({ code: failureCode(error) }, 'outbox pass failed');
        schedule(retryBaseMs);
      } finally {
        running = undefined;
      }
      if (again) run();
    })();
  }

  run();

  return {
    nudge: run,
    async idle() {
      while (running) await running;
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
      sender.close?.();
    },
  };
}
