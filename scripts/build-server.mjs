// Bundles server/ (TypeScript) into build/server/*.js for `npm start`; npm packages stay external.
// BUILD_DIR moves it (parallel test runs each use their own).
import { existsSync } from 'node:fs';
import { build } from 'esbuild';

await build({
  entryPoints: ['server/main.ts', 'server/cli.ts'].filter((file) => existsSync(file)),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  outdir: `${process.env.BUILD_DIR ?? 'build'}/server`,
  logLevel: 'warning',
});
