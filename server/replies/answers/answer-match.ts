/**
 * What in an incoming message can name a submission (docs/replies.md, "Answers coming back"): a
 * recipient written to the reply address with a submission's token (replies+TOKEN@…), or a
 * Message-ID we sent in In-Reply-To / References: a reply's (looked up in `replies`), or an
 * acknowledgement's `<SUBMISSIONID.acknowledgement@DOMAIN>` on our own domain. Pure: the lookups
 * are answer-store.ts's.
 */
import { tokenOfAddress } from '../reply-token.ts';

/** The headers of a message that matching reads. */
export interface AnswerHeaders {
  /** The addresses of To, Cc, Delivered-To and X-Original-To. */
  recipients: readonly string[];
  /** The In-Reply-To header as received, if any. */
  inReplyTo: string | undefined;
  /** The References header's ids, as received. */
  references: readonly string[];
}

/** What may name the submission, most telling first. */
export interface AnswerClues {
  /** Reply tokens of the recipients (each still to be found in `submissions.reply_token`). */
  tokens: string[];
  /** Message-IDs (with angle brackets) named by In-Reply-To, then References newest first. */
  messageIds: string[];
  /** Submission ids of acknowledgements on our domain named there, in the same order. */
  acknowledged: string[];
}

/** What matching is told of our side: REPLY_ADDRESS, and the domain of our Message-IDs. */
export interface OurAddresses {
  replyAddress: string | undefined;
  /** The domain of NOTIFY_FROM (messages.ts writes our Message-IDs on it). */
  messageDomain: string;
}

const MESSAGE_ID = /<[^<>\s]+>/g;
const ACKNOWLEDGEMENT = /^<([^<>@\s]+)\.acknowledgement@([^<>@\s]+)>$/;

/** The `<…>` ids of a header's text, in order, each once. */
export function messageIdsOf(text: string | undefined): string[] {
  return [...new Set(text?.match(MESSAGE_ID) ?? [])];
}

/** The clues of a message, nothing from a header it does not have. */
export function answerClues(headers: AnswerHeaders, ours: OurAddresses): AnswerClues {
  const { replyAddress, messageDomain } = ours;
  const tokens = replyAddress
    ? headers.recipients.flatMap((address) => tokenOfAddress(address, replyAddress) ?? [])
    : [];
  // In-Reply-To names the message answered; References lists the thread oldest first.
  const named = [
    ...messageIdsOf(headers.inReplyTo),
    ...headers.references.flatMap(messageIdsOf).reverse(),
  ];
  const messageIds = [...new Set(named)];
  const acknowledged = messageIds.flatMap((id) => {
    const found = ACKNOWLEDGEMENT.exec(id);
    return found?.[1] && found[2]?.toLowerCase() === messageDomain.toLowerCase() ? [found[1]] : [];
  });
  return { tokens: [...new Set(tokens)], messageIds, acknowledged };
}

/** Whether a message has nothing that could name a submission (no lookup needed). */
export function noClues({ tokens, messageIds }: AnswerClues): boolean {
  return tokens.length === 0 && messageIds.length === 0;
}
