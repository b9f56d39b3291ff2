// Bundles server/ (TypeScript) into build/server/*.js for `npm start`; npm packages stay external.
// BUILD_DIR moves it (parallel test runs each use their own).
import { build } from 'esbuild';
import { loadEnv } from 'vite';
import { serverBundle } from './server-entries.mjs';

// The form endpoints the site is built with (the same .env files and variables Vite reads), so that
// the server's CSP lets the pages post to them even when they are not set again at run time.
const viteEnv = loadEnv('production', process.cwd(), 'VITE_');
const formEndpoints = [viteEnv.VITE_QUOTE_ENDPOINT, viteEnv.VITE_APPLICATION_ENDPOINT].filter(
  Boolean,
);

await build({
  ...serverBundle,
  outdir: `${process.env.BUILD_DIR ?? 'build'}/server`,
  define: { __BUILD_FORM_ENDPOINTS__: JSON.stringify(formEndpoints) },
  logLevel: 'warning',
});
