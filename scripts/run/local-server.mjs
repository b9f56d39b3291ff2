// What the benchmark and the screenshots share: the Chromium to drive, its flags (no network of its
// own), and the built server started on loopback with a throw-away database.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';

/** Debian's Chromium unless CHROMIUM_PATH says otherwise; Playwright's own where neither exists. */
export const chromiumPath =
  process.env.CHROMIUM_PATH ?? (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined);

const HEADLESS_SHELL = '/usr/lib/chromium/chromium-headless-shell';

/**
 * The browser tests' Chromium: CHROMIUM_PATH, else Debian's headless shell (package
 * chromium-headless-shell, which `.ci/run` installs): the same Blink and V8 as `chromium` without the
 * browser around them, as Playwright's own headless Chromium is. The browser tests ran about a third
 * faster on it. The benchmarks and screenshots keep the whole browser (`chromiumPath`).
 */
export const testChromiumPath =
  process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : chromiumPath);

export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
  '--no-first-run',
];

/** Runs `build/server/main.js` (BUILD_DIR moves it) on 127.0.0.1:`port`; resolves once healthy. */
export async function startBuiltServer({ port, dataDir }) {
  const origin = `http://127.0.0.1:${port}`;
  const server = spawn('node', [`${process.env.BUILD_DIR ?? 'build'}/server/main.js`], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'silent',
      DATA_DIR: dataDir,
    },
    stdio: 'inherit',
  });
  const exited = new Promise((resolve) => server.once('exit', resolve));
  for (let i = 0; i < 100; i += 1) {
    try {
      if ((await fetch(`${origin}/healthz`)).ok) {
        return { origin, stop: () => server.kill('SIGTERM') };
      }
    } catch {
      // not listening yet: poll again (a server that exited ends the wait below)
    }
    if (await Promise.race([exited.then(() => true), sleep(100).then(() => false)])) break;
  }
  server.kill('SIGTERM');
  throw new Error(`the server did not start on ${origin}`);
}

/**
 * The address of a route: '/team' is the English document's hash route (`/#/team`); a route
 * under '/es/' is the Spanish document's ('/es/team' → `/es/#/team`). `query` makes a new document.
 */
export function routeUrl(origin, route, query = '') {
  const spanish = route === '/es' || route.startsWith('/es/');
  const document = spanish ? '/es/' : '/';
  const hash = spanish ? `/${route.slice('/es/'.length)}` : route;
  return `${origin}${document}${query}#${hash}`;
}
