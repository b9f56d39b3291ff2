// `npm run submissions -- list|export …`: the owner's view of the database (server/cli.ts).
// Bundles the server first when that bundle is missing or older than its sources.
import { importServerBundle, loadDotEnv } from './server-bundle.mjs';

loadDotEnv();
const { runCli } = await importServerBundle('cli');
process.exitCode = await runCli(process.argv.slice(2), {
  env: process.env,
  out: (text) => process.stdout.write(text),
  err: (text) => process.stderr.write(text),
});
