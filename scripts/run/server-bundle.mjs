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

/** Imports `build/server/<name>.js` (BUILD_DIR moves it), bundling the server first if stale. */
export async function importServerBundle(name) {
  const file = path.resolve(process.env.BUILD_DIR ?? 'build', 'server', `${name}.js`);
  const sources = ['server', 'src/forms', 'src/content', 'src/admin', 'scripts/build/server.mjs'];
  if (isStale([file], sources)) {
    const result = spawnSync(process.execPath, ['scripts/build/server.mjs'], { stdio: 'inherit' });
    if (result.status !== 0) process.exit(result.status ?? 1);
  }
  return import(pathToFileURL(file).href);
}
