// `npm run admin -- add-user EMAIL …`: the accounts of the owner's inbox (server/admin/cli.ts).
// Bundles the server first when that bundle is missing or older than its sources.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { isStale } from './freshness.mjs';

const cli = path.resolve(process.env.BUILD_DIR ?? 'build', 'server', 'admin-cli.js');

if (
  isStale([cli], ['server', 'src/forms', 'src/content', 'src/admin', 'scripts/build-server.mjs'])
) {
  const result = spawnSync(process.execPath, ['scripts/build-server.mjs'], { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const { runAdminCli, readPasswordFromProcess } = await import(pathToFileURL(cli).href);
process.exitCode = await runAdminCli(process.argv.slice(2), {
  env: process.env,
  out: (text) => process.stdout.write(text),
  err: (text) => process.stderr.write(text),
  readPassword: readPasswordFromProcess,
});
