/**
 * One message of the reply mailbox read with mailparser: what matching needs (answer-match.ts)
 * and the answer it would add (answer-store.ts), its text split from what it quotes.
 */
import { createHash } from 'node:crypto';
import { simpleParser, type AddressObject, type ParsedMail } from 'mailparser';
import { answerClues, type AnswerClues, type OurAddresses } from './answer-match.ts';
import type { IncomingAnswer } from './answer-store.ts';
import { splitAnswer } from './answer-text.ts';

/** A message read: its clues, and the answer it makes once its submission is known. */
export interface ReadMessage {
  clues: AnswerClues;
  /** Sent by a machine (RFC 3834 Auto-Submitted, other than 'no'): an auto-reply is no answer. */
  automatic: boolean;
  answer(submissionId: string, at: number): IncomingAnswer;
}

function addresses(value: AddressObject | AddressObject[] | undefined): string[] {
  const objects = value === undefined ? [] : Array.isArray(value) ? value : [value];
  return objects.flatMap((object) => object.value.flatMap((entry) => entry.address ?? []));
}

/** A header's raw values (Delivered-To and X-Original-To may each come several times). */
function headerValues(parsed: ParsedMail, name: string): string[] {
  return parsed.headerLines
    .filter((line) => line.key === name)
    .map((line) => line.line.slice(line.line.indexOf(':') + 1).trim());
}

/** A message without a Message-ID gets one of its bytes: the same message, the same id. */
function syntheticMessageId(source: Buffer): string {
  return `<${createHash('sha256').update(source).digest('hex').slice(0, 40)}@answer.invalid>`;
}

function headerText(value: unknown): string {
  return typeof value === 'string' ? value.trim() : '';
}

/** Reads one raw message. */
export async function readMessage(source: Buffer, ours: OurAddresses): Promise<ReadMessage> {
  const parsed = await simpleParser(source, { skipImageLinks: true, skipTextToHtml: true });
  const references =
    parsed.references === undefined
      ? []
      : Array.isArray(parsed.references)
        ? parsed.references
        : [parsed.references];
  const recipients = [
    ...addresses(parsed.to),
    ...addresses(parsed.cc),
    ...headerValues(parsed, 'delivered-to'),
    ...headerValues(parsed, 'x-original-to'),
  ];
  const clues = answerClues({ recipients, inReplyTo: parsed.inReplyTo, references }, ours);
  const auto = headerText(parsed.headers.get('auto-submitted')).toLowerCase();
  return {
    clues,
    automatic: auto !== '' && auto !== 'no',
    answer(submissionId, at) {
      // mailparser gives the text part, or the HTML part made into text when there is none.
      const { body, quoted } = splitAnswer(parsed.text ?? '');
      return {
        submissionId,
        at,
        fromAddress: addresses(parsed.from)[0] ?? '',
        toAddress: addresses(parsed.to).join(', '),
        subject: parsed.subject ?? '',
        body,
        quoted,
        messageId: parsed.messageId ?? syntheticMessageId(source),
        inReplyTo: parsed.inReplyTo ?? null,
        refIds: references.length > 0 ? references.join(' ') : null,
      };
    },
  };
}
