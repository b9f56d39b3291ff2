import { defineConfig, devices } from '@playwright/test';
// Debian's Chromium headless shell (CI installs it with apt-get), or CHROMIUM_PATH, or Playwright's
// own; flags that keep it off the network, which the benchmark and the screenshots use too.
import { chromiumArgs, chromiumPath, testChromiumPath } from './scripts/run/local-server.mjs';

const port = Number(process.env.E2E_PORT ?? 4173);
export const baseURL = `http://127.0.0.1:${port}`;

/** A 1280 × 800 desktop Chrome in the Chromium at `executablePath`. */
function desktopIn(executablePath: string | undefined) {
  return {
    ...devices['Desktop Chrome'],
    viewport: { width: 1280, height: 800 },
    launchOptions: { executablePath, args: chromiumArgs },
  };
}

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  retries: 0,
  // A `test.only` left in never narrows a run, locally or in CI.
  forbidOnly: true,
  // A hang's limit, not a speed limit: on a busy two-core runner a whole-page axe scan at two widths
  // takes 20-30 s.
  timeout: 60_000,
  // Also a hang's limit: a sign-in (scrypt at N = 2^17) on a runner whose cores are all busy takes
  // seconds.
  expect: { timeout: 15_000 },
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : [['list']],
  use: {
    baseURL,
    // A trace costs about a tenth of the run: kept locally, where a failure is looked into.
    trace: process.env.CI ? 'off' : 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'desktop',
      // Layout shift is measured in the whole browser, as visitors paint: the headless shell's
      // first paints differ by a few ten-thousandths of CLS.
      testIgnore: /(prerender|push-devices|push-end-to-end|installable)\.spec\.ts$/,
      use: desktopIn(testChromiumPath),
    },
    {
      name: 'whole browser',
      // Service workers, pushes and installability: the whole browser's.
      testMatch: /(prerender|push-devices|push-end-to-end|installable)\.spec\.ts$/,
      use: desktopIn(chromiumPath),
    },
  ],
  webServer: {
    // Serves the production build through the real server; `npm test` builds before this runs.
    command: `node ${process.env.BUILD_DIR ?? 'build'}/server/main.js`,
    url: `${baseURL}/healthz`,
    reuseExistingServer: false,
    // A hang's limit, not a speed limit: on a busy two-core runner a whole-page axe scan at two widths
    // takes 20-30 s.
    timeout: 60_000,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'silent',
      DIST_DIR: process.env.DIST_DIR ?? 'dist',
      DATA_DIR: process.env.E2E_DATA_DIR ?? `test-results/e2e-data-${port}`,
      RATE_LIMIT_MAX: '100000',
    },
  },
});
