import { deviceLabel, isAppleTouch } from './device-label';

const agents = {
  chromeAndroid:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
  safariIphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  chromeIphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0.6778.73 Mobile/15E148 Safari/604.1',
  firefoxWindows:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0',
  edgeWindows:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
  samsung:
    'Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/26.0 Chrome/122.0.0.0 Mobile Safari/537.36',
  safariMac:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
  chromeLinux:
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  curl: 'curl/8.5.0',
};

describe('deviceLabel', () => {
  it.each([
    [agents.chromeAndroid, 'Chrome on Android'],
    [agents.safariIphone, 'Safari on iPhone'],
    [agents.chromeIphone, 'Chrome on iPhone'],
    [agents.firefoxWindows, 'Firefox on Windows'],
    [agents.edgeWindows, 'Edge on Windows'],
    [agents.samsung, 'Samsung Internet on Android'],
    [agents.safariMac, 'Safari on Mac'],
    [agents.chromeLinux, 'Chrome on Linux'],
    [agents.curl, 'A browser'],
  ])('names %s "%s"', (userAgent, label) => {
    expect(deviceLabel(userAgent)).toBe(label);
  });

  it('names an iPad that says it is a Mac by its touch screen', () => {
    expect(deviceLabel(agents.safariMac, 5)).toBe('Safari on iPad');
    expect(isAppleTouch(agents.safariMac, 5)).toBe(true);
    expect(isAppleTouch(agents.safariMac, 0)).toBe(false);
    expect(isAppleTouch(agents.chromeIphone, 0)).toBe(true);
    expect(isAppleTouch(agents.chromeAndroid, 5)).toBe(false);
  });
});
