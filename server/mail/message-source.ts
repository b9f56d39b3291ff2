/**
 * What every e-mail of the outbox is made from (messages.ts builds them; answer-message.ts the
 * owner's notice of an answer), and the domain of the Message-IDs this server makes.
 */
import type { PublishedVersion } from '../../src/content/published.ts';
import type { FormDefinition } from '../intake/forms.ts';
import type { Store } from '../store/store.ts';

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

/** The domain of the Message-IDs this server makes: NOTIFY_FROM's. */
export function messageDomain(from: string): string {
  return /@([^\s>]+)>?\s*$/.exec(from)?.[1] ?? 'localhost';
}

/** The acknowledgement's Message-ID: the first of a submission's conversation. */
export function acknowledgementMessageId(submissionId: string, from: string): string {
  return `<${submissionId}.acknowledgement@${messageDomain(from)}>`;
}
