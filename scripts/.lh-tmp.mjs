import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
const route = process.argv[2] ?? '/join-our-team';
const chrome = await chromeLauncher.launch({ chromePath: '/usr/bin/chromium', chromeFlags: ['--headless=new','--no-sandbox','--disable-gpu','--disable-dev-shm-usage','--disable-background-networking','--disable-component-update','--disable-sync','--disable-quic','--no-first-run'] });
for (let i = 0; i < 2; i++) {
const r = await lighthouse('http://127.0.0.1:4319/#' + route, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
const a = r.lhr.audits;
console.log('perf', r.lhr.categories.performance.score, 'FCP', a['first-contentful-paint'].numericValue|0, 'LCP', a['largest-contentful-paint'].numericValue|0, 'TBT', a['total-blocking-time'].numericValue, 'SI', a['speed-index'].numericValue|0);
console.log('LCP el', JSON.stringify(a['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node?.snippet ?? '').slice(0,200));
console.log('long tasks', JSON.stringify(a['long-tasks'].details?.items?.map(t=>[t.url?.split('/').pop(), Math.round(t.startTime), Math.round(t.duration)])));
console.log('mainthread', JSON.stringify(a['mainthread-work-breakdown'].details.items.map(t=>[t.group, Math.round(t.duration)])));
}
await chrome.kill();
