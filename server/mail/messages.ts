/**
 * Each e-mail of the outbox as it leaves: the owner's notification of a submission (with its
 * files), the visitor's acknowledgement, or a reply from the inbox, addressed and headed; the
 * first two's words are mail-text.ts's, a reply's the owner's own.
 */
import { siteContent } from '../../src/content/site-content.ts';
import { replyAddressWith } from '../replies/reply-token.ts';
import { downloadName, extensionOf } from '../store/attachments.ts';
import type { PendingNotification } from '../store/store.ts';
import { acknowledgementMail, notificationMail, type MailForm } from './mail-text.ts';
import type { MailMessage } from './transport.ts';
import { answerNotification } from './answer-message.ts';
import { acknowledgementMessageId, messageDomain, type MessageSource } from './message-source.ts';

export { acknowledgementMessageId, messageDomain, type MessageSource };

/** The words of a notification whose form this server does not know (any more). */
const FALLBACK_FORM: MailForm = {
  title: 'Form submission',
  labels: {},
  contact: () => ({}),
};

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
    // No Auto-Submitted: the owner wrote this one, a person's e-mail (RFC 3834 §5), which the
    // visitor's out-of-office may answer like any other (docs/mail-delivery.md).
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
      return notification.reply && answerNotification(source, submission, notification.reply);
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
    // Made by the server, not written by a person (RFC 3834): an out-of-office at the owner's
    // mailbox does not answer it.
    headers: {
      'X-Submission-Id': submission.id,
      'X-Form': submission.form,
      'Auto-Submitted': 'auto-generated',
      'X-Auto-Response-Suppress': 'All',
    },
    attachments: files.map((file) => ({
      filename: downloadName(file.name, extensionOf(file.type)),
      content: Buffer.from(file.content),
      contentType: file.type,
    })),
  };
}
