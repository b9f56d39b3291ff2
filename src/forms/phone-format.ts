/**
 * A visitor's phone number as the owner reads it, in the inbox and in the owner's e-mail: US and
 * Canadian numbers as the site writes its own, '(703) 555-0123'; others in international form.
 */

/**
 * The international digits of a phone number as people type it in the US: ten digits get the
 * country code 1, and a leading 00 or 011 (dialling abroad) is dropped. Undefined when it cannot
 * be a phone number.
 */
export function phoneDigits(phone: string): string | undefined {
  const typed = phone.trim();
  let digits = typed.replace(/\D/g, '');
  if (digits.length === 10 && !typed.startsWith('+')) return `1${digits}`;
  if (!typed.startsWith('+')) digits = digits.replace(/^(?:011|00)/, '');
  return digits.length >= 10 && digits.length <= 15 ? digits : undefined;
}

/**
 * '(703) 555-0123' for a US or Canadian number; another country's in international form, with
 * the groups the visitor typed ('+44 20 7946 0958', '0044 20 7946 0958' → '+44 20 7946 0958'), or
 * as one run of digits when there were none. What cannot be a number is left as typed.
 */
export function formatPhone(phone: string): string {
  const digits = phoneDigits(phone);
  if (!digits) return phone.trim();
  const us = /^1(\d{3})(\d{3})(\d{4})$/.exec(digits);
  if (us) return `(${us[1]}) ${us[2]}-${us[3]}`;
  const groups = phone
    .trim()
    .replace(/^(?:\+|011|00)/, '')
    .split(/[^\d]+/)
    .filter(Boolean);
  return groups.join('') === digits ? `+${groups.join(' ')}` : `+${digits}`;
}

/** A number's `tel:` link in E.164 ('tel:+17035550123'), when it can be a phone number. */
export function telLink(phone: string): string | undefined {
  const digits = phoneDigits(phone);
  return digits ? `tel:+${digits}` : undefined;
}
