// A Send tapped as soon as a form shows, on a phone as Lighthouse has it and on a slower one: how
// long the Send waits for the app (src/forms/held-submit.ts), from the tap to the app running the
// form (`data-app="ready"` on it). GIVE_UP_AFTER_MS, after which a held Send goes as the plain post,
// is chosen from these figures (docs/performance.md).
import { onAPhonePage, PHONES, throttleAs } from './tap-latency.mjs';

/** ms from a tap on the form's button, as soon as it shows, to the app running the form. */
function heldFor(browser, url, phone) {
  return onAPhonePage(browser, async (page) => {
    await throttleAs(page, phone);
    await page.goto(url, { waitUntil: 'commit' });
    const button = page.locator('form[data-draft-key] button[type="submit"]');
    await button.waitFor({ state: 'visible', timeout: 60_000 });
    await button.tap();
    const tapped = Date.now();
    await page.locator('form[data-draft-key][data-app="ready"]').waitFor({ timeout: 60_000 });
    return Date.now() - tapped;
  });
}

/** For each phone and form document: the wait of `runs` Sends, sorted. */
export async function heldSendWaits(browser, origin, documents, runs = 3) {
  const rows = [];
  for (const [name, phone] of Object.entries(PHONES)) {
    for (const document of documents) {
      const waits = [];
      for (let run = 0; run < runs; run += 1) {
        waits.push(await heldFor(browser, `${origin}${document}`, phone));
      }
      rows.push({ phone: name, document, waits: waits.sort((a, b) => a - b) });
    }
  }
  return rows;
}
