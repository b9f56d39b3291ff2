// The owner's commands in a terminal, one bundle (build/server/cli.js, scripts/run/*.mjs):
// `npm run submissions` (data/submissions-cli.ts) and `npm run backup|restore|db`
// (data/database-cli.ts). Run directly, it is `npm run submissions`. The inbox's accounts have their
// own entry, admin/cli.ts (`npm run admin`).
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { runCli } from './data/submissions-cli.ts';

export { runCli } from './data/submissions-cli.ts';
export { runDataCli } from './data/database-cli.ts';

const entry = process.argv[1];
if (entry && import.meta.url === pathToFileURL(path.resolve(entry)).href) {
  process.exitCode = await runCli(process.argv.slice(2), {
    env: process.env,
    out: (text) => process.stdout.write(text),
    err: (text) => process.stderr.write(text),
  });
}
