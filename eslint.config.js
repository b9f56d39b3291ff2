import js from '@eslint/js';
import globals from 'globals';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const features = ['home', 'team', 'contact', 'quote', 'application'];

/**
 * The server's folders, lowest first (ARCHITECTURE.md): each may import the ones before it, never
 * one after it. `config.ts` imports none; `main.ts` and `cli.ts` sit on top.
 */
const serverLayers = ['db', 'store', 'guard', 'site', 'intake', 'mail', 'data', 'admin', 'http'];
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
  {
    // One-way imports between the server's folders, and test helpers only in tests.
    files: ['server/**', 'src/**'],
    ignores: testFiles,
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
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
    // Import direction (DESIGN.md): content, forms and components know no feature;
    // features know no other feature; the server knows nothing of React.
    files: ['src/content/**', 'src/forms/**', 'src/components/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['**/features/**', '**/app/**'] }],
    },
  },
  {
    // Content is data: it imports only content (and the forms' schemas), never a view.
    files: ['src/content/**'],
    ignores: ['**/*.test.*'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: ['**/features/**', '**/app/**', '**/components/**', '**/admin/**'] },
      ],
    },
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
                '!../options',
                '!../published.ts',
                '!../routes',
                '!../types',
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
    // The owner's inbox (its own bundle) may use shared UI, content and forms, never a public page.
    files: ['src/admin/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['**/features/**', '**/app/**'] }],
    },
  },
  {
    // Nothing of the public site loads inbox code or text: its pages must not grow by a byte.
    files: ['src/app/**', 'src/components/**', 'src/main.tsx'],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['**/admin/**', '**/content/admin'] }],
    },
  },
  ...features.map((feature) => ({
    files: [`src/features/${feature}/**`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...features
              .filter((other) => other !== feature)
              .flatMap((other) => [`**/features/${other}/**`, `../${other}/**`]),
            '**/app/**',
            '**/admin/**',
            '**/content/admin',
          ],
        },
      ],
    },
  })),
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
    ignores: ['**/*.test.*'],
    rules: {
      'max-lines-per-function': ['error', { max: 80 }],
    },
  },
  {
    files: ['scripts/**', 'server/**', 'e2e/**'],
    rules: { 'no-console': 'off' },
  },
);
