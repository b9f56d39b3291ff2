// A Send tapped as soon as a form shows, on a phone as Lighthouse has it and on a slower one: how
// long the Send waits for the app (src/forms/held-submit.ts), from the tap to the app running the
// form (`data-app="ready"` on it). GIVE_UP_AFTER_MS, after which a held Send goes as the plain post,
// is chosen from these figures (docs/performance.md).
import { throttleLikeAPhone } from './tap-latency.mjs';

/** Lighthouse's slow 4G and a CPU 4× slower; and a 3G phone with a CPU 6× slower. */
const PHONES = {
  'slow 4G, CPU 4×': (page) => throttleLikeAPhone(page),
  '3G, CPU 6×': async (page) => {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 300,
      downloadThroughput: (780 * 1024) / 8,
      uploadThroughput: (330 * 1024) / 8,
    });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 });
  },
};

/** ms from a tap on the form's button, as soon as it shows, to the app running the form. */
async function heldFor(browser, url, throttle) {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    hasTouch: true,
    isMobile: true,
  });
  const page = await context.newPage();
  try {
    await throttle(page);
    await page.goto(url, { waitUntil: 'commit' });
    const button = page.locator('form[data-draft-key] button[type="submit"]');
    await button.waitFor({ state: 'visible', timeout: 60_000 });
    await button.tap();
    const tapped = Date.now();
    await page.locator('form[data-draft-key][data-app="ready"]').waitFor({ timeout: 60_000 });
    return Date.now() - tapped;
  } finally {
    await context.close();
  }
}

/** For each phone and form document: the wait of `runs` Sends, sorted. */
export async function heldSendWaits(browser, origin, documents, runs = 3) {
  const rows = [];
  for (const [phone, throttle] of Object.entries(PHONES)) {
    for (const document of documents) {
      const waits = [];
      for (let run = 0; run < runs; run += 1) {
        waits.push(await heldFor(browser, `${origin}${document}`, throttle));
      }
      rows.push({ phone, document, waits: waits.sort((a, b) => a - b) });
    }
  }
  return rows;
}
