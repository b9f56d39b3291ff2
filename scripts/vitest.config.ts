import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// The tests of scripts/ (`npm run test:scripts`): vite.config.ts's projects look only in src/ and
// server/.
export default defineConfig({
  root: fileURLToPath(new URL('..', import.meta.url)),
  test: {
    name: 'scripts',
    environment: 'node',
    globals: true,
    allowOnly: false,
    include: ['scripts/**/*.test.ts'],
  },
});
