/**
 * How a visit began (README.md): its referrer grouped into kinds people understand, and its
 * campaign tags. The one place that classifies a source, for the counts and for a submission.
 */
import type { SourceKind, VisitSource } from '../../src/admin/contract.ts';

const NAME_LENGTH = 40;

/**
 * A name as it may be kept and shown: lowercase, spaces as '-', only [a-z0-9._-], at most 40
 * characters ('' when nothing is left: no name).
 */
export function sourceName(text: string): string {
  return text
    .toLowerCase()
    .trim()
    .replace(/\s+/g, '-')
    .replace(/[^a-z0-9._-]/g, '')
    .slice(0, NAME_LENGTH);
}

const DIRECT: VisitSource = { kind: 'direct', name: '', campaign: '' };

/** Whether `host` is `domain` or one of its subdomains. */
const under = (host: string, domain: string) => host === domain || host.endsWith(`.${domain}`);

/** A group of hosts: the kind, the name, and whether a host is one of them. */
type Known = [SourceKind, string, (host: string) => boolean];
const hosts =
  (...domains: string[]) =>
  (host: string) =>
    domains.some((domain) => under(host, domain));
/** `name.<country>`: google.com, google.co.uk, google.com.mx, yandex.ru. */
const anyCountry = (name: string) => (host: string) =>
  new RegExp(`(^|\\.)${name}\\.(com?\\.)?[a-z]{2,3}$`).test(host);

/** In order: the first that matches names the source (webmail before search: mail.google.com). */
const KNOWN: readonly Known[] = [
  ['email', 'gmail', hosts('mail.google.com', 'inbox.google.com', 'com.google.android.gm')],
  [
    'email',
    'outlook',
    hosts('outlook.live.com', 'outlook.office.com', 'outlook.office365.com', 'mail.live.com'),
  ],
  ['email', 'yahoo-mail', hosts('mail.yahoo.com', 'mail.yahoo.co.jp')],
  ['email', 'aol', hosts('mail.aol.com')],
  ['email', 'proton', hosts('mail.proton.me', 'mail.protonmail.com')],
  ['email', 'icloud', hosts('mail.icloud.com')],
  ['email', 'zoho', hosts('mail.zoho.com')],
  ['email', 'webmail', (host) => /(^|\.)webmail\./.test(host)],
  ['whatsapp', 'whatsapp', hosts('whatsapp.com', 'wa.me', 'com.whatsapp', 'com.whatsapp.w4b')],
  [
    'search',
    'google',
    (host) => anyCountry('google')(host) || host === 'com.google.android.googlequicksearchbox',
  ],
  ['search', 'bing', hosts('bing.com')],
  ['search', 'duckduckgo', hosts('duckduckgo.com')],
  ['search', 'yahoo', (host) => /(^|\.)search\.yahoo\./.test(host)],
  ['search', 'ecosia', hosts('ecosia.org')],
  ['search', 'brave', hosts('search.brave.com')],
  ['search', 'baidu', hosts('baidu.com')],
  ['search', 'yandex', anyCountry('yandex')],
  ['search', 'startpage', hosts('startpage.com')],
  ['search', 'qwant', hosts('qwant.com')],
  ['search', 'kagi', hosts('kagi.com')],
  ['search', 'naver', hosts('search.naver.com')],
  ['social', 'facebook', hosts('facebook.com', 'fb.com', 'fb.me', 'com.facebook.katana')],
  ['social', 'instagram', hosts('instagram.com', 'com.instagram.android')],
  ['social', 'twitter', hosts('t.co', 'twitter.com', 'x.com')],
  ['social', 'linkedin', hosts('linkedin.com', 'lnkd.in')],
  ['social', 'tiktok', hosts('tiktok.com')],
  ['social', 'reddit', hosts('reddit.com')],
  ['social', 'pinterest', anyCountry('pinterest')],
  ['social', 'youtube', hosts('youtube.com', 'youtu.be')],
  ['social', 'nextdoor', hosts('nextdoor.com')],
  ['social', 'threads', hosts('threads.net', 'threads.com')],
  ['social', 'bluesky', hosts('bsky.app')],
  ['social', 'snapchat', hosts('snapchat.com')],
  ['social', 'tumblr', hosts('tumblr.com')],
  ['social', 'mastodon', hosts('mastodon.social')],
];

const withoutWww = (host: string) => host.replace(/^www\./, '');

/** The referrer's host, lowercase, without a trailing dot; undefined when it has none. */
function hostOf(referrer: string): string | undefined {
  if (!URL.canParse(referrer)) return undefined;
  const host = new URL(referrer).hostname.toLowerCase().replace(/\.$/, '');
  return host || undefined;
}

/**
 * The source of a visit whose document had `referrer` (a URL, or '' / undefined for none) and
 * `search` ('?utm_source=flyer&utm_campaign=spring', '?ref=flyer', or ''): a campaign tag first,
 * else the referrer's kind; a referrer on one of `ownHosts` (the site itself) is no referrer.
 * Never throws; names are cut to what is safe to keep and show.
 */
export function sourceOf(
  referrer: string | undefined,
  search: string | undefined,
  ownHosts: readonly string[] = [],
): VisitSource {
  const tags = new URLSearchParams(search ?? '');
  const tag = sourceName(tags.get('utm_source') ?? '') || sourceName(tags.get('ref') ?? '');
  const campaign = sourceName(tags.get('utm_campaign') ?? '');
  if (tag || campaign) return { kind: 'campaign', name: tag, campaign };
  const host = referrer ? hostOf(referrer) : undefined;
  if (!host) return DIRECT;
  const own = ownHosts.map((own) => withoutWww(own.toLowerCase()));
  if (own.includes(withoutWww(host))) return DIRECT;
  const known = KNOWN.find(([, , matches]) => matches(host));
  if (known) return { kind: known[0], name: known[1], campaign: '' };
  const name = sourceName(withoutWww(host));
  return name ? { kind: 'site', name, campaign: '' } : DIRECT;
}
