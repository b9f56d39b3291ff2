import js from '@eslint/js';
import globals from 'globals';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const features = ['home', 'team', 'contact', 'quote', 'application'];

/** The inbox's words: the public site never loads them (its pages must not grow by a byte). */
const inboxText = ['src/content/admin.ts', 'src/content/admin-site.ts'];

/**
 * The site's one-way imports (ARCHITECTURE.md), as import-x/no-restricted-paths zones: `target`
 * may not import `from`. They hold for tests too.
 */
const srcZones = [
  {
    target: ['src/content/**', 'src/forms/**', 'src/components/**'],
    from: ['src/features', 'src/app'],
    message: 'content, forms and components know no feature and no app (ARCHITECTURE.md).',
  },
  {
    target: ['src/app/**', 'src/components/**', 'src/main.tsx'],
    from: ['src/admin', ...inboxText],
    message:
      'Nothing of the public site loads inbox code or text: its pages must not grow by a byte.',
  },
  ...features.map((feature) => ({
    target: `src/features/${feature}/**`,
    from: [
      ...features.filter((other) => other !== feature).map((other) => `src/features/${other}`),
      'src/app',
      'src/admin',
      ...inboxText,
    ],
    message: 'A feature knows no other feature, no app and nothing of the inbox (ARCHITECTURE.md).',
  })),
  {
    target: 'src/business-time/**',
    from: ['src/forms', 'src/components', 'src/features', 'src/app', 'src/admin'],
    message: 'Business time reads the facts of content only (src/business-time/README.md).',
  },
  {
    target: 'src/admin/**',
    from: ['src/features', 'src/app'],
    message:
      'The inbox may use shared UI, content and forms, never a public page (ARCHITECTURE.md).',
  },
];

/**
 * The inbox's features (src/admin/README.md): each imports no other, only what they share. For
 * the product's files: a test renders the whole app.
 */
const adminFeatures = ['account', 'inbox', 'submission', 'desk', 'site', 'replies', 'devices'];
/** The inbox's entry and wiring, which import the features. */
const adminWiring = ['src/admin/main.tsx', 'src/admin/admin-app.tsx', 'src/admin/admin-layout.tsx'];

const adminZones = [
  ...adminFeatures.map((feature) => ({
    target: `src/admin/${feature}/**`,
    from: [
      ...adminFeatures.filter((other) => other !== feature).map((other) => `src/admin/${other}`),
      ...adminWiring,
    ],
    message: `src/admin/${feature}/ imports no other feature of the inbox: what they share is shared/, api.ts and the contracts (src/admin/README.md).`,
  })),
  {
    target: ['src/admin/shared/**', 'src/admin/api.ts'],
    from: [...adminFeatures.map((feature) => `src/admin/${feature}`), ...adminWiring],
    message: 'What the features of the inbox share knows none of them (src/admin/README.md).',
  },
  // Within the site editor, a folder imports only those below it: draft/, then fields/, then
  // publish/, then the editor's screens (src/admin/site/README.md).
  ...['draft', 'fields', 'publish'].map((part, index, parts) => ({
    target: `src/admin/site/${part}/**`,
    from: [
      ...parts.slice(index + 1).map((above) => `src/admin/site/${above}/**`),
      'src/admin/site/*.{ts,tsx}',
    ],
    message: `src/admin/site/${part}/ imports nothing of the editor above it (src/admin/site/README.md).`,
  })),
  {
    // The server imports the contracts: nothing of React may reach it through them.
    target: [
      'src/admin/contract.ts',
      'src/admin/contract-values.ts',
      'src/admin/site-contract.ts',
      'src/admin/mail-check/contract.ts',
      'src/admin/mail-check/lines.ts',
      'src/admin/first-paint.ts',
    ],
    from: [
      'src/admin/shared',
      'src/admin/api.ts',
      ...adminFeatures.map((feature) => `src/admin/${feature}`),
      ...adminWiring,
      'src/components',
      'src/forms',
    ],
    message:
      "The inbox's contracts import content alone: the server reads them (src/admin/README.md).",
  },
  {
    target: 'server/**',
    from: 'src/admin',
    except: [
      './contract.ts',
      './contract-values.ts',
      './site-contract.ts',
      './mail-check/contract.ts',
      './mail-check/lines.ts',
      './first-paint.ts',
      './account/sign-in-words.ts',
      './account/setup-words.ts',
    ],
    message:
      "The server imports the inbox's contracts alone (and the document's first paint and its forms' words), which hold no React.",
  },
];

/** The same, for the product's files alone: tests may reach further. */
const srcProductZones = [
  {
    target: 'src/content/**',
    from: ['src/features', 'src/app', 'src/components', 'src/admin', 'src/business-time'],
    message: "Content is data: it imports only content and the forms' schemas, never a view.",
  },
  {
    target: ['src/features', 'src/app', 'src/components', 'src/forms', 'src/admin', 'src/*.tsx'],
    from: 'src/content/site-content.ts',
    message:
      "site-content.ts holds both languages' words: a page asks for its modules with useContent (vite.config.ts languageTwins).",
  },
];

/**
 * The server's folders, lowest first (ARCHITECTURE.md): each may import the ones before it, never
 * one after it. `config.ts` imports none; `main.ts` and `cli.ts` sit on top.
 */
const serverLayers = [
  'db',
  'store',
  'guard',
  'visits',
  'site',
  'intake',
  'mail',
  'push',
  'data',
  'admin',
  'http',
];
const serverTop = ['server/main.ts', 'server/cli.ts'];
const testFiles = ['**/*.test.*', 'server/testing/**'];

export default tseslint.config(
  {
    ignores: [
      'dist',
      '.dist-*',
      '.build-*',
      'build',
      'bench',
      'data',
      'coverage',
      'test-results',
      'playwright-report',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    // Imports resolved as TypeScript resolves them, so that the rules below follow real files.
    files: ['**/*.{js,mjs,ts,mts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      ...importX.flatConfigs.typescript.settings,
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: 'tsconfig.json' })],
    },
  },
  {
    // No module reaches itself again through its imports (types aside: they vanish at run time),
    // and every import names a file that exists: tsc does not read the .mjs scripts. Vite's own
    // (`virtual:…`, an image with its `?w=…` query) are the build's to resolve.
    files: ['src/**', 'server/**', 'scripts/**', 'e2e/**'],
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-unresolved': ['error', { ignore: ['^virtual:', '\\?'] }],
    },
  },
  // Every zone of import-x/no-restricted-paths stands in one of the two blocks below, which no file
  // is in both of: where two blocks set one rule for a file, flat config takes the later one's
  // options whole (it does not merge them), and the earlier block's zones would silently stop
  // holding. The same goes for no-restricted-imports further down: one block per file.
  {
    // One-way imports between the server's folders and the site's layers, and test helpers only
    // in tests.
    files: ['server/**', 'src/**'],
    ignores: testFiles,
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...srcZones,
            ...srcProductZones,
            ...adminZones,
            {
              target: ['server/**', 'src/**'],
              from: 'server/testing',
              message: 'Test helpers are for tests only (server/testing/README.md).',
            },
            {
              target: 'server/config.ts',
              from: ['server/*/**', 'server/{main,cli}.ts'],
              message: 'config.ts is read by every part and imports none.',
            },
            {
              target: ['server/*.ts', 'server/!(site)/**', 'server/site/*.ts'],
              from: 'scripts',
              message: 'The server reaches scripts/ only from its renderers (server/site/render/).',
            },
            {
              target: 'server/site/render/**',
              from: 'scripts',
              except: ['./build/documents.ts', './build/site-head.ts', './build/link-preview.ts'],
              message: "A renderer uses the build's document steps alone (its README).",
            },
            {
              target: 'server/site/render/**',
              from: [
                'server/config.ts',
                ...serverTop,
                ...serverLayers.map((layer) => `server/${layer}`),
              ],
              except: ['./render'],
              message:
                'A renderer runs in a worker of its own: nothing else of the server (its README).',
            },
            ...serverLayers.map((layer, index) => ({
              target: `server/${layer}/**`,
              from: [
                ...serverLayers.slice(index + 1).map((above) => `server/${above}`),
                ...serverTop,
              ],
              message: `server/${layer}/ may import only ${['config.ts', ...serverLayers.slice(0, index).map((below) => `${below}/`)].join(', ')} (ARCHITECTURE.md).`,
            })),
          ],
        },
      ],
    },
  },
  {
    // The site's tests keep its layers too (test helpers are theirs to use).
    files: ['src/**/*.test.*'],
    rules: { 'import-x/no-restricted-paths': ['error', { zones: srcZones }] },
  },
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/ban-ts-comment': ['error', { 'ts-ignore': 'allow-with-description' }],
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // The Spanish dictionary (src/content/es) reads the English one's types only: a value from an
    // English text module would put English words into the Spanish page. Facts are shared.
    files: ['src/content/es/**'],
    ignores: ['**/*.test.*'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                '../*',
                '../../*',
                '!../business',
                '!../business.ts',
                '!../home-images',
                '!../opening-hours.ts',
                '!../options',
                '!../options.ts',
                '!../published.ts',
                '!../routes',
                '!../routes.ts',
                '!../types',
                '!../types.ts',
              ],
              allowTypeImports: true,
              message: 'Import only types from an English module; facts come from business.ts.',
            },
          ],
        },
      ],
    },
  },
  {
    // scripts/ by kind (ARCHITECTURE.md): running reaches the server only through its bundle;
    // the build, the runner, the benchmarks and the reliability run do not lean on each other.
    files: ['scripts/**'],
    ignores: ['**/*.test.*'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: Object.entries({
            build: [
              'scripts/run',
              'scripts/test',
              'scripts/bench',
              'scripts/reliability',
              'server',
            ],
            run: [
              'scripts/build',
              'scripts/test',
              'scripts/bench',
              'scripts/reliability',
              'server',
            ],
            test: ['scripts/build', 'scripts/bench', 'scripts/reliability', 'server'],
            bench: ['scripts/build', 'scripts/test', 'scripts/reliability'],
            reliability: ['scripts/build', 'scripts/run', 'scripts/test', 'scripts/bench'],
          }).map(([kind, from]) => ({
            target: `scripts/${kind}/**`,
            from,
            message: `scripts/${kind}/ may not import this (scripts/${kind}/README.md).`,
          })),
        },
      ],
    },
  },
  {
    // The server knows nothing of React: it imports src/ only where there is none.
    files: ['server/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: ['react', 'react-*', '**/components/**', '**/features/**', '**/app/**'] },
      ],
    },
  },
  {
    // Released migrations are frozen text (docs/migrations.md): their file imports types alone,
    // so that no step's SQL is built from code that changes with the running app.
    files: ['server/db/migrations.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '.',
              allowTypeImports: true,
              message: 'A migration is literal SQL: import types alone here (docs/migrations.md).',
            },
          ],
        },
      ],
    },
  },
  {
    // Small parts: a function a newcomer can read at once, at most 80 lines as the file shows them,
    // comments and blank lines included (tests' describe blocks aside).
    files: ['src/**/*.{ts,tsx}', 'server/**/*.{ts,mjs}', 'scripts/**/*.{ts,mjs}'],
    // A content module's words are one function of the published version (src/content/published.ts
    // contentOf): data, one object per part, not steps to read.
    ignores: ['**/*.test.*', 'src/content/**'],
    rules: {
      'max-lines-per-function': ['error', { max: 80 }],
    },
  },
  {
    files: ['scripts/**', 'server/**', 'e2e/**'],
    rules: { 'no-console': 'off' },
  },
);
