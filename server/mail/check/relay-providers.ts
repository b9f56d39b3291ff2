/**
 * The SPF `include:` of the mail providers whose relays owners commonly use, by the relay's host
 * name (SMTP_URL's): technical facts each provider publishes in its own SPF set-up guide. A relay
 * not in this table gets `a:<relay host>` (its own address allowed to send), or `ip4:`/`ip6:` when
 * SMTP_URL names it by its address.
 */
import { isIP } from 'node:net';
export interface RelayProvider {
  name: string;
  /** Matches the relay's host name, lower case. */
  host: RegExp;
  /** The SPF mechanism that allows the provider's outgoing servers. */
  include: string;
}

export const RELAY_PROVIDERS: readonly RelayProvider[] = [
  {
    name: 'Google Workspace / Gmail',
    host: /^smtp(-relay)?\.(gmail|googlemail)\.com$/,
    include: 'include:_spf.google.com',
  },
  {
    name: 'Microsoft 365 / Outlook',
    host: /(^smtp\.office365\.com|^smtp-mail\.outlook\.com|\.mail\.protection\.outlook\.com)$/,
    include: 'include:spf.protection.outlook.com',
  },
  { name: 'SendGrid', host: /^smtp\.sendgrid\.net$/, include: 'include:sendgrid.net' },
  { name: 'Mailgun', host: /^smtp(\.eu)?\.mailgun\.org$/, include: 'include:mailgun.org' },
  {
    name: 'Amazon SES',
    host: /^email-smtp(-fips)?\.[a-z0-9-]+\.amazonaws\.com$/,
    include: 'include:amazonses.com',
  },
  {
    name: 'Postmark',
    host: /^smtp(-broadcasts)?\.postmarkapp\.com$/,
    include: 'include:spf.mtasv.net',
  },
  {
    name: 'Brevo',
    host: /^smtp-relay\.(brevo|sendinblue)\.com$/,
    include: 'include:spf.brevo.com',
  },
  { name: 'Zoho Mail', host: /^smtp(pro)?\.zoho\.[a-z.]+$/, include: 'include:zoho.com' },
  { name: 'Fastmail', host: /^smtp\.fastmail\.com$/, include: 'include:spf.messagingengine.com' },
];

/**
 * The SPF mechanism that allows `relayHost` to send as the domain: a known provider's include, an
 * address's `ip4:`/`ip6:` (SMTP_URL may name the relay by its address: `a:` takes a name only,
 * RFC 7208 §5.3), else `a:` the relay's name.
 */
export function spfMechanismFor(relayHost: string): string {
  const host = relayHost
    .toLowerCase()
    .replace(/\.$/, '')
    .replace(/^\[(.*)\]$/, '$1');
  const family = isIP(host);
  if (family !== 0) return `ip${family}:${host}`;
  return RELAY_PROVIDERS.find((provider) => provider.host.test(host))?.include ?? `a:${host}`;
}

/** The known provider's include for `relayHost`, if the relay is one of theirs. */
export function providerIncludeFor(relayHost: string): string | undefined {
  const host = relayHost.toLowerCase().replace(/\.$/, '');
  return RELAY_PROVIDERS.find((provider) => provider.host.test(host))?.include;
}

/**
 * The DKIM selectors mail providers commonly publish, tried in this order when DKIM_SELECTOR is
 * not set: google (Google Workspace), selector1 and selector2 (Microsoft 365), k1 and k2
 * (Mailchimp/Mandrill, and Mailgun's newer domains), s1 and s2 (SendGrid), mx and smtp (Mailgun's
 * older defaults), fm1 (Fastmail, the first of fm1-fm3), default (cPanel hosts, and OpenDKIM's
 * examples on self-run servers), dkim and mail (the usual names of hosting control panels).
 */
export const COMMON_DKIM_SELECTORS = [
  'google',
  'selector1',
  'selector2',
  'k1',
  'k2',
  's1',
  's2',
  'mx',
  'fm1',
  'default',
  'dkim',
  'mail',
  'smtp',
] as const;
