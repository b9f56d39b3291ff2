/**
 * Which push endpoints a device may name. The server sends a request to every endpoint it keeps, so
 * an endpoint is accepted only as an `https:` URL of a known push service on the default port: a
 * subscription cannot make the server call an address of its own choosing (an internal host, an
 * IP, a port). The tests name their local push service's origin (PUSH_ENDPOINT_ORIGINS).
 */
import { PUSH_ENDPOINT_MAX_LENGTH } from '../../src/admin/contract.ts';
import { adminText } from '../../src/content/admin.ts';

const words = adminText.pushRefusals;

/** Hosts named exactly, and suffixes (a dot first) whose sub-hosts are the push service's. */
const PUSH_HOSTS = [
  // Chrome, Edge on Android, Samsung Internet, Opera (Firebase Cloud Messaging).
  'fcm.googleapis.com',
  // Firefox (Mozilla's autopush).
  'updates.push.services.mozilla.com',
  '.push.services.mozilla.com',
  // Safari on macOS and iOS 16.4+ (web.push.apple.com and its siblings).
  '.push.apple.com',
  // Edge on Windows (Windows Push Notification Services).
  '.notify.windows.com',
];

export type EndpointVerdict = { ok: true; url: URL } | { ok: false; reason: string };

/**
 * A host of letters, digits and hyphens in dotted labels (an IDN is already punycode here). The URL
 * standard lets a host hold `;`, quotes, braces and the like, but web-push parses the endpoint
 * again with Node's legacy `url.parse`, which ends the host at such a character: for
 * 'https://10.0.0.1;.push.apple.com/' it would call 10.0.0.1.
 */
const PLAIN_HOST = /^[a-z0-9-]+(\.[a-z0-9-]+)*$/;

/** Whether `host` (lower case, as URL gives it) is one of the push services'. */
function isPushServiceHost(host: string): boolean {
  return PUSH_HOSTS.some((known) =>
    known.startsWith('.') ? host.endsWith(known) && host.length > known.length : host === known,
  );
}

const refused = (reason: string): EndpointVerdict => ({ ok: false, reason });

/**
 * The verdict on a device's endpoint, in words the device list can show: accepted only when it is
 * an https URL of a push service on the default port, or one of `extraOrigins`' (tests). Nothing is
 * fetched to decide. A push is sent to the accepted `url`'s `href` (the URL standard's own spelling),
 * never to the text as the device gave it.
 */
export function checkEndpoint(
  endpoint: string,
  extraOrigins: readonly string[] = [],
): EndpointVerdict {
  if (endpoint.length > PUSH_ENDPOINT_MAX_LENGTH) return refused(words.tooLong);
  if (!URL.canParse(endpoint)) return refused(words.notAnAddress);
  const url = new URL(endpoint);
  if (url.username !== '' || url.password !== '') {
    return refused(words.credentials);
  }
  // The tests' local push service, named by its whole origin (scheme, host and port).
  if (extraOrigins.includes(url.origin)) return { ok: true, url };
  if (url.protocol !== 'https:') return refused(words.notHttps);
  if (url.port !== '') return refused(words.port);
  if (!PLAIN_HOST.test(url.hostname) || !isPushServiceHost(url.hostname)) {
    return refused(words.notAPushService);
  }
  return { ok: true, url };
}
