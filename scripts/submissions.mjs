// `npm run submissions -- list|export …`: the owner's view of the database (server/cli.ts).
// Bundles the server first when that bundle is missing or older than its sources.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { isStale } from './freshness.mjs';

const cli = path.resolve(process.env.BUILD_DIR ?? 'build', 'server', 'cli.js');

if (
  isStale([cli], ['server', 'src/forms', 'src/content', 'src/admin', 'scripts/build-server.mjs'])
) {
  const result = spawnSync(process.execPath, ['scripts/build-server.mjs'], { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const { runCli } = await import(pathToFileURL(cli).href);
process.exitCode = await runCli(process.argv.slice(2), {
  env: process.env,
  out: (text) => process.stdout.write(text),
  err: (text) => process.stderr.write(text),
});
