// What `npm start`, `npm run submissions` and `npm run admin` share: the settings in .env, and the
// server bundle (build/server/, from scripts/build/server.mjs), rebuilt when older than its sources.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { isStale } from './freshness.mjs';

/** Settings from .env (copy .env.example); a variable already in the environment wins. */
export function loadDotEnv(file = '.env') {
  if (existsSync(file)) process.loadEnvFile(file);
}

/** What the server's bundle is made from: a change to any of them makes it stale. */
export const bundleSources = [
  'server',
  'src/forms',
  'src/business-time',
  'src/content',
  'src/admin',
  'src/escape-html.ts',
  // Which version a document is of, read by the server's pinned pieces (server/site/held-versions.ts).
  'src/site-version.ts',
  // The renderers' workers (server/site/render/) make documents with the build's own steps.
  'scripts/build',
];

/**
 * Bundles the server (scripts/build/server.mjs) when one of `files` (build/server/*.js) is missing
 * or older than its sources; returns the bundler's exit status (0 when nothing was needed).
 */
export function bundleServerIfStale(files) {
  if (!isStale(files, bundleSources)) return 0;
  const result = spawnSync(process.execPath, ['scripts/build/server.mjs'], { stdio: 'inherit' });
  return result.status ?? 1;
}

/** Imports `build/server/<name>.js` (BUILD_DIR moves it), bundling the server first if stale. */
export async function importServerBundle(name) {
  const file = path.resolve(process.env.BUILD_DIR ?? 'build', 'server', `${name}.js`);
  const status = bundleServerIfStale([file]);
  if (status !== 0) process.exit(status);
  return import(pathToFileURL(file).href);
}
