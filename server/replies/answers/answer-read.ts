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
  /**
   * Sent by a machine: an auto-reply or a bounce is no answer (isAutomatic). Left alone, it never
   * re-opens a submission.
   */
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

/** Precedence values of mail no person wrote (RFC 3834 2: a responder answers none of them). */
const MACHINE_PRECEDENCE = new Set(['auto_reply', 'bulk', 'junk', 'list']);
/** The senders of bounces (RFC 5321 4.5.5 null sender; RFC 2142 mailboxes). */
const MACHINE_SENDER = /^(mailer-daemon|postmaster)@/i;

/**
 * Whether a machine sent it: RFC 3834 Auto-Submitted (other than 'no'); an auto-responder's
 * X-Autoreply / X-Autorespond or Precedence; a bounce: the null sender (Return-Path: <>), a
 * MAILER-DAEMON or postmaster From, or a delivery or read report (multipart/report).
 */
function isAutomatic(parsed: ParsedMail): boolean {
  const header = (name: string) => headerText(parsed.headers.get(name)).toLowerCase();
  const auto = header('auto-submitted');
  if (auto !== '' && auto !== 'no') return true;
  if (headerValues(parsed, 'x-autoreply').length + headerValues(parsed, 'x-autorespond').length) {
    return true;
  }
  if (MACHINE_PRECEDENCE.has(header('precedence'))) return true;
  if (headerValues(parsed, 'return-path').some((path) => /^<\s*>$/.test(path))) return true;
  if (addresses(parsed.from).some((address) => MACHINE_SENDER.test(address))) return true;
  const type = parsed.headers.get('content-type');
  const contentType = typeof type === 'object' && type && 'value' in type ? type.value : type;
  return String(contentType ?? '').toLowerCase() === 'multipart/report';
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
  return {
    clues,
    automatic: isAutomatic(parsed),
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
