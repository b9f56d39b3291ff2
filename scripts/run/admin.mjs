// `npm run admin -- add-user EMAIL …`: the accounts of the owner's inbox (server/admin/cli.ts).
// Bundles the server first when that bundle is missing or older than its sources.
import { importServerBundle, loadDotEnv } from './server-bundle.mjs';

loadDotEnv();
const { runAdminCli, readPasswordFromProcess } = await importServerBundle('admin-cli');
process.exitCode = await runAdminCli(process.argv.slice(2), {
  env: process.env,
  out: (text) => process.stdout.write(text),
  err: (text) => process.stderr.write(text),
  readPassword: readPasswordFromProcess,
});
