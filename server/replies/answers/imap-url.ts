/** IMAP_URL (docs/replies.md): imap:// or imaps://user:password@host:port/MAILBOX, INBOX by default. */

export interface ImapTarget {
  host: string;
  port: number;
  /** imaps://: TLS from the start (993); imap://: STARTTLS when the server offers it (143). */
  secure: boolean;
  user: string;
  password: string;
  mailbox: string;
}

/** The parts of IMAP_URL, user and password percent-decoded. */
export function imapTarget(imapUrl: string): ImapTarget {
  const url = new URL(imapUrl);
  const secure = url.protocol === 'imaps:';
  if (!secure && url.protocol !== 'imap:') throw new Error('IMAP_URL must be imap:// or imaps://');
  const mailbox = decodeURIComponent(url.pathname.replace(/^\/+/, '').replace(/\/+$/, ''));
  return {
    host: url.hostname.replace(/^\[(.*)\]$/, '$1'),
    port: url.port ? Number(url.port) : secure ? 993 : 143,
    secure,
    user: decodeURIComponent(url.username),
    password: decodeURIComponent(url.password),
    mailbox: mailbox || 'INBOX',
  };
}
