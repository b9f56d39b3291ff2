// The server bundle's entries and esbuild options (scripts/build/server.mjs builds it; the test of
// scripts/run/server-bundle.mjs checks that what it reads is what makes a bundle stale).
export const serverBundle = {
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
};
