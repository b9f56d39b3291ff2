/**
 * Each e-mail of the outbox as it leaves: the owner's notification of a submission (with its
 * files) or the visitor's acknowledgement, addressed and headed; their words are mail-text.ts's.
 */
import type { PublishedVersion } from '../../src/content/published.ts';
import { siteContent } from '../../src/content/site-content.ts';
import type { FormDefinition } from '../intake/forms.ts';
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
}

/** The words of a notification whose form this server does not know (any more). */
const FALLBACK_FORM: MailForm = {
  title: 'Form submission',
  labels: {},
  contact: () => ({}),
};

function messageDomain(from: string): string {
  return /@([^\s>]+)>?\s*$/.exec(from)?.[1] ?? 'localhost';
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
    messageId: `<${submission.id}.acknowledgement@${messageDomain(source.from)}>`,
    headers: {
      'Auto-Submitted': 'auto-replied',
      'X-Auto-Response-Suppress': 'All',
      'X-Submission-Id': submission.id,
    },
  };
}

/** The e-mail of one outbox row: the owner's notification (with its files), or the acknowledgement. */
export async function messageFor(
  source: MessageSource,
  { kind, submission }: PendingNotification,
): Promise<MailMessage | undefined> {
  if (kind === 'acknowledge') return acknowledgementFor(source, submission);
  return notificationFor(source, submission);
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
