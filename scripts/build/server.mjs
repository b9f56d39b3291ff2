// Bundles server/ (TypeScript) into build/server/*.js for `npm start`; npm packages stay external.
// BUILD_DIR moves it (parallel test runs each use their own).
import { build } from 'esbuild';
import { loadEnv } from 'vite';

// The form endpoints the site is built with (the same .env files and variables Vite reads), so that
// the server's CSP lets the pages post to them even when they are not set again at run time.
const viteEnv = loadEnv('production', process.cwd(), 'VITE_');
const formEndpoints = [viteEnv.VITE_QUOTE_ENDPOINT, viteEnv.VITE_APPLICATION_ENDPOINT].filter(
  Boolean,
);

await build({
  entryPoints: {
    main: 'server/main.ts',
    cli: 'server/cli.ts',
    'admin-cli': 'server/admin/cli.ts',
    // The workers the running server starts (server/site/render/), beside main.js where it looks
    // for them: the owner's publish renders the documents again (server/site/render.ts), and a
    // form sent without JavaScript is answered with its page (server/site/form-answers.ts).
    'render-site': 'server/site/render/render-site.ts',
    'render-form-answer': 'server/site/render/render-form-answer.ts',
  },
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  outdir: `${process.env.BUILD_DIR ?? 'build'}/server`,
  define: { __BUILD_FORM_ENDPOINTS__: JSON.stringify(formEndpoints) },
  logLevel: 'warning',
});
