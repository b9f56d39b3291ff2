import { adminText } from '../../content/admin';

const text = adminText.devices;

/** Checked in this order: Edge, Opera and Samsung Internet also say "Chrome"; Chrome says "Safari". */
const browsers: [RegExp, string][] = [
  [/\bEdg(e|A|iOS)?\//, 'Edge'],
  [/\b(OPR|Opera)\//, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\b(Firefox|FxiOS)\//, 'Firefox'],
  [/\b(Chrome|CriOS|Chromium)\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
];

const systems: [RegExp, string][] = [
  [/\biPhone\b|\biPod\b/, 'iPhone'],
  [/\biPad\b/, 'iPad'],
  [/\bAndroid\b/, 'Android'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bMac OS X\b|\bMacintosh\b/, 'Mac'],
  [/\bLinux\b/, 'Linux'],
];

function first(table: [RegExp, string][], userAgent: string): string | undefined {
  return table.find(([pattern]) => pattern.test(userAgent))?.[1];
}

/** An iPad since iPadOS 13 says it is a Mac; its touch screen tells them apart. */
export function isAppleTouch(userAgent: string, maxTouchPoints: number): boolean {
  return (
    /\b(iPhone|iPad|iPod)\b/.test(userAgent) ||
    (/\bMacintosh\b/.test(userAgent) && maxTouchPoints > 1)
  );
}

/**
 * A device's name in the list, from its browser's user agent: "Chrome on Android", "Safari on
 * iPhone", "Firefox on Windows". What it cannot tell is left out ("A browser on Linux", "Chrome").
 */
export function deviceLabel(userAgent: string, maxTouchPoints = 0): string {
  const browser = first(browsers, userAgent) ?? text.unknownBrowser;
  const looksLikeMac = /\bMacintosh\b/.test(userAgent);
  const system = looksLikeMac && maxTouchPoints > 1 ? 'iPad' : (first(systems, userAgent) ?? '');
  return text.label(browser, system);
}
