// usage: node one.mjs URL [desktop]
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { writeFileSync } from 'node:fs';
const url = process.argv[2];
const chrome = await chromeLauncher.launch({
  chromePath: '/usr/bin/chromium',
  chromeFlags: [
    '--headless=new',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-dev-shm-usage',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--disable-quic',
    '--no-first-run',
  ],
});
const r = await lighthouse(
  url,
  { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] },
  process.argv[3] ? desktopConfig : undefined,
);
await chrome.kill();
const a = r.lhr.audits;
writeFileSync('/tmp/lh/last.json', JSON.stringify(r.lhr));
console.log(
  'perf',
  r.lhr.categories.performance.score,
  'FCP',
  a['first-contentful-paint'].numericValue | 0,
  'LCP',
  a['largest-contentful-paint'].numericValue | 0,
  'TBT',
  a['total-blocking-time'].numericValue | 0,
  'CLS',
  a['cumulative-layout-shift'].numericValue,
  'bytes',
  (a['total-byte-weight'].numericValue / 1024) | 0,
);
for (const i of a['network-requests'].details.items)
  console.log(
    String(i.transferSize).padStart(7),
    i.priority?.padEnd(8),
    String(Math.round(i.networkRequestTime)).padStart(6),
    String(Math.round(i.networkEndTime)).padStart(6),
    i.url.replace(/^https?:\/\/[^/]+/, ''),
  );
const lcp = a['largest-contentful-paint-element']?.details?.items;
console.log(JSON.stringify(lcp?.[0]?.items?.[0]?.node?.snippet ?? lcp, null, 0).slice(0, 300));
console.log(JSON.stringify(lcp?.[1]?.items ?? '', null, 0).slice(0, 600));
