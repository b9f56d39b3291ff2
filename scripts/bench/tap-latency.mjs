// For the benchmark: how long a tap on the phone menu takes to open it, at moments from the first
// paint to after the page has loaded, on a phone as Lighthouse's mobile run has it (390 px, slow
// 4G, a CPU 4× slower). Each moment gets a fresh page; the figure is the Event Timing duration of
// the tap (pointerdown, pointerup, click): from the finger to the next frame painted after it,
// the menu open in that frame. Chromium reports only durations of 16 ms or more.

/** Lighthouse's mobile throttling, applied for real (CDP) rather than simulated. */
export async function throttleLikeAPhone(page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 150,
    downloadThroughput: (1.6 * 1024 * 1024) / 8,
    uploadThroughput: (750 * 1024) / 8,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
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
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    hasTouch: true,
    isMobile: true,
  });
  const page = await context.newPage();
  try {
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
  } finally {
    await context.close();
  }
}

/** The tap's latency at each moment after the button shows (0 = as soon as it is painted). */
export async function menuTapLatencies(browser, url, moments = [0, 250, 500, 1000, 2000, 4000]) {
  const latencies = [];
  for (const delayMs of moments)
    latencies.push({ delayMs, latencyMs: await tapOnce(browser, url, delayMs) });
  return latencies;
}
