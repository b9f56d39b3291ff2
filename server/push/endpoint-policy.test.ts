import { parse } from 'node:url';
import { describe, expect, it } from 'vitest';
import { checkEndpoint } from './endpoint-policy.ts';

const LOCAL = 'http://127.0.0.1:41234';

describe('the push endpoint policy', () => {
  it.each([
    'https://fcm.googleapis.com/fcm/send/dGVzdA:APA91b-token',
    'https://fcm.googleapis.com:443/wp/abc',
    'https://web.push.apple.com/QGuQyavXutnMH',
    'https://api.push.apple.com/3/device/abc',
    'https://updates.push.services.mozilla.com/wpush/v2/gAAAAA',
    'https://updates-autopush.stage.mozaws.net.push.services.mozilla.com/wpush/v1/x',
    'https://wns2-par02p.notify.windows.com/w/?token=BQYAAA',
    'HTTPS://FCM.GOOGLEAPIS.COM/fcm/send/x',
    `${LOCAL}/push/1`,
  ])('accepts %s', (endpoint) => {
    const verdict = checkEndpoint(endpoint, [LOCAL]);
    expect(verdict.ok).toBe(true);
    // web-push parses what it is given with url.parse: the same host, whatever parser reads it.
    if (verdict.ok) expect(parse(verdict.url.href).hostname).toBe(verdict.url.hostname);
  });

  it.each([
    ['http, even to a push service', 'http://fcm.googleapis.com/fcm/send/x', /https/],
    ['another host', 'https://example.com/push', /not one the inbox sends to/],
    ['a look-alike host', 'https://fcm.googleapis.com.evil.example/x', /not one/],
    ['a suffix without its dot', 'https://evilpush.apple.com/x', /not one/],
    ['the bare suffix', 'https://push.apple.com/x', /not one/],
    ['a trailing dot', 'https://fcm.googleapis.com./x', /not one/],
    ['an IPv4 address', 'https://10.0.0.1/push', /not one/],
    ['an IPv4 address in digits', 'https://2130706433/push', /not one/],
    ['an IPv6 address', 'https://[::1]/push', /not one/],
    ['localhost', 'https://localhost/push', /not one/],
    ['another port', 'https://fcm.googleapis.com:8443/fcm/send/x', /port/],
    ['user info', 'https://user:pass@fcm.googleapis.com/fcm/send/x', /user name/],
    ['a user alone', 'https://evil.example@fcm.googleapis.com/x', /user name/],
    ['a host hidden in a fragment', 'https://evil.example/#.push.apple.com', /not one/],
    // The URL standard keeps these in a host; Node's url.parse (web-push's) ends the host there.
    ['a host cut short by url.parse (;)', 'https://127.0.0.1;.push.apple.com/x', /not one/],
    ['a host cut short by url.parse (")', 'https://10.0.0.1".push.apple.com/x', /not one/],
    ['a host cut short by url.parse ({)', 'https://internal{.notify.windows.com/x', /not one/],
    ['a host with a character url.parse keeps', 'https://10.0.0.1!.push.apple.com/x', /not one/],
    ['not a URL', 'fcm.googleapis.com/fcm/send/x', /not a web address/],
    ['another scheme', 'ftp://fcm.googleapis.com/x', /https/],
    ['a data URL', 'data:text/plain,hello', /https/],
    ['an over-long one', `https://fcm.googleapis.com/${'a'.repeat(2100)}`, /too long/],
    ['the local origin when not named', `${LOCAL}/push/1`, /https/],
    ['the local host on another port', 'http://127.0.0.1:41235/push/1', /https/],
  ])('refuses %s', (_what, endpoint, reason) => {
    const extra = endpoint.startsWith('http://127.0.0.1:41235') ? [LOCAL] : [];
    const verdict = checkEndpoint(endpoint, extra);
    expect(verdict.ok).toBe(false);
    if (!verdict.ok) expect(verdict.reason).toMatch(reason);
  });
});
