/**
 * Each e-mail of the outbox as it leaves: the owner's notification of a submission (with its
 * files), the visitor's acknowledgement, or a reply from the inbox, addressed and headed; the
 * first two's words are mail-text.ts's, a reply's the owner's own.
 */
import type { PublishedVersion } from '../../src/content/published.ts';
import { siteContent } from '../../src/content/site-content.ts';
import type { FormDefinition } from '../intake/forms.ts';
import { replyAddressWith } from '../replies/reply-token.ts';
import { downloadName, extensionOf } from '../store/attachments.ts';
import type { PendingNotification, Store } from '../store/store.ts';
import { acknowledgementMail, notificationMail, type MailForm } from './mail-text.ts';
import type { MailMessage } from './transport.ts';

/** What the e-mails are made from: the forms, the addresses, and the store that keeps the files. */
export interface MessageSource {
  store: Pick<Store, 'attachmentFiles'>;
  forms: readonly FormDefinition[];
  /** NOTIFY_FROM. */
  from: string;
  /** NOTIFY_TO: the owner's addresses. */
  to: string[];
  /** The live version when an e-mail leaves (server/site/live-site.ts): its words and facts. */
  published: () => PublishedVersion;
  /** The clock: an acknowledgement never promises a reply by a time already past. */
  now?: (() => number) | undefined;
  /**
   * REPLY_ADDRESS: a reply's Reply-To is this address with the submission's token; unset, the
   * owner's mailbox (the first NOTIFY_TO).
   */
  replyAddress?: string | undefined;
}

/** The words of a notification whose form this server does not know (any more). */
const FALLBACK_FORM: MailForm = {
  title: 'Form submission',
  labels: {},
  contact: () => ({}),
};

/** The domain of the Message-IDs this server makes: NOTIFY_FROM's. */
export function messageDomain(from: string): string {
  return /@([^\s>]+)>?\s*$/.exec(from)?.[1] ?? 'localhost';
}

/** The acknowledgement's Message-ID: the first of a submission's conversation. */
export function acknowledgementMessageId(submissionId: string, from: string): string {
  return `<${submissionId}.acknowledgement@${messageDomain(from)}>`;
}

/** The address of NOTIFY_FROM (`Name <address>` or bare). */
function addressOf(from: string): string {
  return (/<([^<>]+)>\s*$/.exec(from)?.[1] ?? from).trim();
}

/**
 * The visitor's acknowledgement: to the address they gave, from NOTIFY_FROM, answered by the
 * owner (Reply-To). Marked as automatic (RFC 3834), so that auto-replies do not answer it.
 */
function acknowledgementFor(
  source: MessageSource,
  submission: PendingNotification['submission'],
): MailMessage | undefined {
  const form = source.forms.find((candidate) => candidate.name === submission.form);
  const address = form?.contact(submission.fields).email;
  if (!address) return undefined;
  const published = source.published();
  const mail = acknowledgementMail(submission, published, (source.now ?? Date.now)());
  const [owner] = source.to;
  const { business } = siteContent(published);
  return {
    from: source.from,
    to: [address],
    subject: mail.subject,
    text: mail.text,
    replyTo: owner ? { name: business.name, address: owner } : undefined,
    messageId: acknowledgementMessageId(submission.id, source.from),
    headers: {
      'Auto-Submitted': 'auto-replied',
      'X-Auto-Response-Suppress': 'All',
      'X-Submission-Id': submission.id,
    },
  };
}

/**
 * A reply from the inbox, as it was written: from the business (its name in the live version,
 * NOTIFY_FROM's address) to the visitor alone, answered at the submission's reply address (or
 * the owner's mailbox), threaded on the conversation's Message-IDs.
 */
function replyFor(
  source: MessageSource,
  { submission, reply, replyToken }: PendingNotification,
): MailMessage | undefined {
  if (!reply || reply.direction !== 'out') return undefined;
  const { business } = siteContent(source.published());
  const [owner] = source.to;
  const answerTo =
    source.replyAddress && replyToken ? replyAddressWith(source.replyAddress, replyToken) : owner;
  return {
    from: { name: business.name, address: addressOf(reply.from) },
    to: [reply.to],
    subject: reply.subject,
    text: reply.body,
    replyTo: answerTo ? { name: business.name, address: answerTo } : undefined,
    messageId: reply.messageId,
    inReplyTo: reply.inReplyTo ?? undefined,
    references: reply.references.length > 0 ? reply.references : undefined,
    headers: { 'X-Submission-Id': submission.id },
  };
}

/** The e-mail of one outbox row: the owner's notification (with its files), the acknowledgement, a reply. */
export async function messageFor(
  source: MessageSource,
  notification: PendingNotification,
): Promise<MailMessage | undefined> {
  const { kind, submission } = notification;
  switch (kind) {
    case 'acknowledge':
      return acknowledgementFor(source, submission);
    case 'reply':
      return replyFor(source, notification);
    case 'answer':
      // TODO: the owner's notice of a visitor's answer, answerNotification(source, submission,
      // answer) of server/mail/answer-message.ts (the IMAP watcher's part).
      return undefined;
    case 'notify':
      return notificationFor(source, submission);
  }
}

/** The e-mail of one submission, with its files (a résumé) attached. */
async function notificationFor(
  source: MessageSource,
  submission: PendingNotification['submission'],
): Promise<MailMessage> {
  const form: MailForm =
    source.forms.find((candidate) => candidate.name === submission.form) ?? FALLBACK_FORM;
  const mail = notificationMail(form, submission, source.published());
  const files = submission.attachments.length
    ? await source.store.attachmentFiles(submission.id)
    : [];
  return {
    from: source.from,
    to: source.to,
    subject: mail.subject,
    text: mail.text,
    replyTo: mail.replyTo,
    messageId: `<${submission.id}@${messageDomain(source.from)}>`,
    headers: { 'X-Submission-Id': submission.id, 'X-Form': submission.form },
    attachments: files.map((file) => ({
      filename: downloadName(file.name, extensionOf(file.type)),
      content: Buffer.from(file.content),
      contentType: file.type,
    })),
  };
}
