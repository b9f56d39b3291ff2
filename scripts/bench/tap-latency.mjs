// For the benchmark: how long a tap on the phone menu takes to open it, at moments from the first
// paint to after the page has loaded, on a phone as Lighthouse's mobile run has it (390 px, slow
// 4G, a CPU 4× slower). Each moment gets a fresh page; the figure is the Event Timing duration of
// the tap (pointerdown, pointerup, click): from the finger to the next frame painted after it,
// the menu open in that frame. Chromium reports only durations of 16 ms or more.

/**
 * Phones' networks and CPUs, applied for real (CDP) rather than simulated as Lighthouse does:
 * latency in ms, throughputs in kbit/s, the CPU this many times slower.
 */
export const PHONES = {
  /** Lighthouse's mobile: slow 4G, a CPU 4× slower. */
  'slow 4G, CPU 4×': { latency: 150, down: 1.6 * 1024, up: 750, cpu: 4 },
  /** A cheaper phone on 3G. */
  '3G, CPU 6×': { latency: 300, down: 780, up: 330, cpu: 6 },
};

/** Makes `page` as slow as `phone` (one of PHONES). */
export async function throttleAs(page, phone) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: phone.latency,
    downloadThroughput: (phone.down * 1024) / 8,
    uploadThroughput: (phone.up * 1024) / 8,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: phone.cpu });
}

/** Lighthouse's mobile throttling. */
export function throttleLikeAPhone(page) {
  return throttleAs(page, PHONES['slow 4G, CPU 4×']);
}

/** Runs `use` on a page of a 390 px touch screen of its own, closed after. */
export async function onAPhonePage(browser, use) {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    hasTouch: true,
    isMobile: true,
  });
  try {
    return await use(await context.newPage());
  } finally {
    await context.close();
  }
}

function recordTaps() {
  const taps = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (/^(pointerdown|pointerup|click)$/.test(entry.name)) {
        taps.push({ name: entry.name, start: entry.startTime, duration: entry.duration });
      }
    }
  }).observe({ type: 'event', durationThreshold: 16, buffered: true });
  Object.assign(window, { benchTaps: taps });
}

/** One tap `delayMs` after the menu's button is on screen; returns its latency in ms. */
async function tapOnce(browser, url, delayMs) {
  return onAPhonePage(browser, async (page) => {
    await throttleLikeAPhone(page);
    await page.addInitScript(recordTaps);
    await page.goto(url, { waitUntil: 'commit' });
    const toggle = page.locator('[popovertarget]');
    await toggle.waitFor({ state: 'visible', timeout: 30_000 });
    if (delayMs) await page.waitForTimeout(delayMs);
    await toggle.tap();
    await page.locator('[popover]:popover-open').waitFor({ timeout: 10_000 });
    // Event Timing reports an interaction once its frame is painted.
    await page.waitForTimeout(300);
    const taps = await page.evaluate(() => window.benchTaps);
    return Math.max(0, ...taps.map((tap) => tap.duration));
  });
}

/** The tap's latency at each moment after the button shows (0 = as soon as it is painted). */
export async function menuTapLatencies(browser, url, moments = [0, 250, 500, 1000, 2000, 4000]) {
  const latencies = [];
  for (const delayMs of moments)
    latencies.push({ delayMs, latencyMs: await tapOnce(browser, url, delayMs) });
  return latencies;
}
