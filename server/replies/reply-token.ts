/**
 * A submission's reply address (docs/replies.md): REPLY_ADDRESS with the submission's token after a
 * `+` (replies+TOKEN@staffing.example), so that an answer finds its submission by the address it
 * was sent to. The token is 128 random bits in lower-case base32 (RFC 4648, no padding): 26
 * letters and digits that survive any mail system's case folding; unguessable, so a forged one
 * matches nothing.
 */
import { randomBytes } from 'node:crypto';

const ALPHABET = 'abcdefghijklmnopqrstuvwxyz234567';
export const REPLY_TOKEN_LENGTH = 26;
const TOKEN = new RegExp(`^[${ALPHABET}]{${REPLY_TOKEN_LENGTH}}$`);

/** A new token: 16 random bytes, base32. */
export function newReplyToken(): string {
  const bytes = randomBytes(16);
  let bits = 0;
  let value = 0;
  let token = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      token += ALPHABET[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) token += ALPHABET[(value << (5 - bits)) & 31];
  return token;
}

/** `replies@staffing.example` and a token: `replies+TOKEN@staffing.example`. */
export function replyAddressWith(replyAddress: string, token: string): string {
  const at = replyAddress.lastIndexOf('@');
  return `${replyAddress.slice(0, at)}+${token}${replyAddress.slice(at)}`;
}

/**
 * The token of an address written to the reply address (any case, with or without a display
 * name's brackets); undefined when it is another address or its token is malformed.
 */
export function tokenOfAddress(address: string, replyAddress: string): string | undefined {
  const bare = address
    .trim()
    .replace(/^.*<([^>]*)>.*$/, '$1')
    .toLowerCase();
  const at = replyAddress.lastIndexOf('@');
  const local = replyAddress.slice(0, at).toLowerCase();
  const domain = replyAddress.slice(at).toLowerCase();
  if (!bare.startsWith(`${local}+`) || !bare.endsWith(domain)) return undefined;
  const token = bare.slice(local.length + 1, bare.length - domain.length);
  return TOKEN.test(token) ? token : undefined;
}
