// Bundles server/ (TypeScript) into build/server/*.js for `npm start`; npm packages stay external.
import { existsSync } from 'node:fs';
import { build } from 'esbuild';

await build({
  entryPoints: ['server/main.ts', 'server/cli.ts'].filter((file) => existsSync(file)),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  outdir: 'build/server',
  logLevel: 'warning',
});
