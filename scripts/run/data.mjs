// `npm run backup|restore|db -- …`: the database's backups and its move to Postgres
// (server/data/database-cli.ts, bundled into the CLI's bundle). Bundles the server first when stale.
import { importServerBundle, loadDotEnv } from './server-bundle.mjs';

loadDotEnv();
const { runDataCli } = await importServerBundle('cli');
process.exitCode = await runDataCli(process.argv.slice(2), {
  env: process.env,
  out: (text) => process.stdout.write(text),
  err: (text) => process.stderr.write(text),
});
