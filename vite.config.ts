import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { imagetools } from 'vite-imagetools';
import { siteHead } from './scripts/site-head.ts';

// DIST_DIR lets parallel builds (e.g. one per test run) write to separate folders.
const outDir = process.env.DIST_DIR ?? 'dist';

export default defineConfig({
  plugins: [
    react(),
    tailwindcss(),
    siteHead(),
    // Only imports that carry a query (e.g. `hero.svg?w=640;1280&format=avif;webp&as=picture`)
    // are processed; a plain `logo.svg` import stays a file.
    imagetools({ include: '**/*.{svg,png,jpg,jpeg,webp,avif}?*' }),
  ],
  server: {
    // `npm run dev` sends the forms to the receiver that `npm start` runs.
    proxy: { '/api': `http://127.0.0.1:${process.env.PORT ?? 8080}` },
  },
  build: {
    outDir,
    // Never inline assets as data: URIs: the CSP stays strict and the logo fallback stays testable.
    assetsInlineLimit: 0,
    target: 'es2022',
  },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'jsdom',
          globals: true,
          include: ['src/**/*.test.{ts,tsx}'],
          setupFiles: ['src/test/setup.ts'],
          css: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          environment: 'node',
          globals: true,
          include: ['server/**/*.test.ts'],
        },
      },
    ],
  },
});
