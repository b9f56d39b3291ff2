// `npm start`: read .env if there is one, build the site and the server when the build is missing or
// older than the sources, then run the server (in this process, so that SIGTERM reaches it).
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { isStale } from './freshness.mjs';
import { loadDotEnv } from './server-bundle.mjs';

loadDotEnv();

const distDir = process.env.DIST_DIR ?? 'dist';
const buildDir = process.env.BUILD_DIR ?? 'build';
const serverEntry = path.join(buildDir, 'server', 'main.js');
const sources = [
  'src',
  'server',
  'index.html',
  'es',
  'vite.config.ts',
  'vite.admin.config.ts',
  'public',
  'package-lock.json',
  'scripts',
  '.env',
  '.env.production',
];

const outputs = [
  path.join(distDir, 'index.html'),
  path.join(distDir, 'es', 'index.html'),
  path.join(buildDir, 'admin', 'index.html'),
  serverEntry,
];
if (isStale(outputs, sources)) {
  console.log('Building the site…');
  const result = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

await import(path.resolve(serverEntry));
