/**
 * The mailbox an e-mail address reaches, as a limit counts it: one person's many spellings of
 * their own address are one address. Lower case; the `+tag` of the local part removed (most
 * providers deliver `victim+1@` to `victim@`); at Gmail, whose addresses ignore dots, the dots
 * removed, and googlemail.com is gmail.com. A provider without `+tags` whose users' names hold a
 * `+` would see two of them count as one: fewer acknowledgements, never more.
 */

export interface Mailbox {
  /** The normalised address (`victim@gmail.com`). */
  address: string;
  /** Its domain, lower case, without a trailing dot. */
  domain: string;
}

const GMAIL_DOMAINS = new Set(['gmail.com', 'googlemail.com']);

/** The mailbox of `address`, or undefined when it has no local part or no domain. */
export function mailbox(address: string): Mailbox | undefined {
  const text = address.trim().toLowerCase();
  const at = text.lastIndexOf('@');
  if (at <= 0) return undefined;
  let local = text.slice(0, at);
  let domain = text.slice(at + 1).replace(/\.$/, '');
  if (!domain) return undefined;
  // A local part that is all tag (`+news@`) stays as it is: there is no name before it.
  const plus = local.indexOf('+');
  if (plus > 0) local = local.slice(0, plus);
  if (GMAIL_DOMAINS.has(domain)) {
    domain = 'gmail.com';
    local = local.replaceAll('.', '') || local;
  }
  return { address: `${local}@${domain}`, domain };
}
