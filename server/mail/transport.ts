/**
 * The outbox's transport: an e-mail as the outbox hands it over, and nodemailer's SMTP pool that
 * sends it (or a fake, in tests).
 */
import nodemailer from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport';
import type { NotifyConfig } from '../config.ts';

export interface MailMessage {
  /** An address (`Name <address>` or bare), or a name and an address nodemailer encodes. */
  from: string | { name: string; address: string };
  to: string[];
  subject: string;
  text: string;
  /** An HTML part beside the text (the weekly e-mail's), every value in it escaped. */
  html?: string | undefined;
  replyTo?: { name: string; address: string } | undefined;
  messageId: string;
  /** A reply's thread: the message it answers, and the conversation's ids, oldest first. */
  inReplyTo?: string | undefined;
  references?: string[] | undefined;
  headers: Record<string, string>;
  /** The files sent with the submission (a résumé). */
  attachments?: { filename: string; content: Buffer; contentType: string }[];
}

/** What the outbox needs of a mail transport (nodemailer's, or a fake in tests). */
export interface MailSender {
  sendMail(message: MailMessage): Promise<unknown>;
  /** A session up to the sign-in, sending nothing: rejects as a send would (the outbox's probe). */
  verify?(): Promise<unknown>;
  close?(): void;
}

/**
 * How many e-mails go at once: the SMTP pool's connections, and so the most a pass claims (a claimed
 * e-mail waiting for a free connection would only wear its lease down).
 */
export const SENDS_AT_ONCE = 5;

/** The settings of every connection to the relay: the outbox's pool and the mail check's session. */
export type MailTransportSettings = Pick<NotifyConfig, 'smtpUrl' | 'envelopeFrom' | 'dkim'>;

/**
 * The headers a DKIM signature covers (those a message has): who it is from and to, what it says
 * and when, its place in a conversation, that it is automatic, and how its body is encoded. A
 * relay or list that changes one of them breaks the signature, as it should.
 */
export const DKIM_SIGNED_HEADERS = [
  'From',
  'Sender',
  'To',
  'Cc',
  'Subject',
  'Date',
  'Message-ID',
  'Reply-To',
  'In-Reply-To',
  'References',
  'Auto-Submitted',
  'MIME-Version',
  'Content-Type',
  'Content-Transfer-Encoding',
].join(':');

/**
 * nodemailer's options for the relay at `smtpUrl` (one connection: the mail check's; the outbox
 * adds its pool). DKIM: with a private key (DKIM_PRIVATE_KEY_FILE), every message sent through
 * these options is signed as `selector._domainkey.domain` (docs/mail-delivery.md#dkim-signing);
 * a selector alone names the relay's, for the check, and signs nothing.
 */
export function transportOptions(settings: MailTransportSettings): SMTPTransport.Options {
  const { dkim } = settings;
  return {
    url: settings.smtpUrl,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
    ...(dkim?.privateKey
      ? {
          dkim: {
            domainName: dkim.domain,
            keySelector: dkim.selector,
            privateKey: dkim.privateKey,
            headerFieldNames: DKIM_SIGNED_HEADERS,
          },
        }
      : {}),
  };
}

/**
 * The outbox's transport to `smtpUrl`. With `envelopeFrom` (MAIL_ENVELOPE_FROM), every e-mail's
 * SMTP envelope sender (MAIL FROM, where bounces go) is that address, while its From header stays
 * NOTIFY_FROM: a bounce of an acknowledgement to a mistyped address lands there, not in the
 * owner's inbox.
 */
export function smtpSender(to: MailTransportSettings | string): MailSender {
  // A bare URL: the tests' relays, without an envelope sender or DKIM.
  const settings = typeof to === 'string' ? { smtpUrl: to } : to;
  const { envelopeFrom } = settings;
  const transport = nodemailer.createTransport({
    ...transportOptions(settings),
    // A few connections kept open: a burst of submissions is not one SMTP handshake per e-mail.
    pool: true,
    maxConnections: SENDS_AT_ONCE,
  });
  if (!envelopeFrom) return transport;
  return {
    // An envelope names its recipients too: the message's own.
    sendMail: (message) =>
      transport.sendMail({ ...message, envelope: { from: envelopeFrom, to: message.to } }),
    verify: () => transport.verify(),
    close: () => transport.close(),
  };
}
