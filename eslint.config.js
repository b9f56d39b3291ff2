import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const features = ['home', 'team', 'contact', 'quote', 'application'];

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
    files: ['server/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: ['react', 'react-*', '**/components/**', '**/features/**', '**/app/**'] },
      ],
    },
  },
  {
    // Small parts: a function a newcomer can read at once (tests' describe blocks aside).
    files: ['src/**/*.{ts,tsx}', 'server/**/*.ts'],
    ignores: ['**/*.test.*'],
    rules: {
      'max-lines-per-function': ['error', { max: 80, skipBlankLines: true, skipComments: true }],
    },
  },
  {
    files: ['scripts/**', 'server/**', 'e2e/**'],
    rules: { 'no-console': 'off' },
  },
);
