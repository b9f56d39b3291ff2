import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import type { Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { imagetools } from 'vite-imagetools';
import { prerenderHome } from './scripts/prerender.ts';
import { siteHead } from './scripts/site-head.ts';

// DIST_DIR lets parallel builds (e.g. one per test run) write to separate folders.
const outDir = process.env.DIST_DIR ?? 'dist';
const buildDir = process.env.BUILD_DIR ?? 'build';

/**
 * Preloads the font files the first screen uses, so that they are there when the app first paints
 * and its text never re-flows (layout shift) when they arrive.
 */
function preloadFonts(files: RegExp[]): Plugin {
  let base = '/';
  return {
    name: 'preload-fonts',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        return Object.keys(context.bundle ?? {})
          .filter((file) => files.some((pattern) => pattern.test(file)))
          .map((file) => ({
            tag: 'link',
            attrs: {
              rel: 'preload',
              href: `${base}${file}`,
              as: 'font',
              type: 'font/woff2',
              crossorigin: true,
            },
            injectTo: 'head',
          }));
      },
    },
  };
}

export default defineConfig({
  plugins: [
    react(),
    tailwindcss(),
    siteHead(),
    // Only imports that carry a query (e.g. `hero.svg?w=640;1280&format=avif;webp&as=picture`)
    // are processed; a plain `logo.svg` import stays a file.
    // The processed images are cached by content and settings: IMAGETOOLS_CACHE_DIR lets fresh
    // clones (CI) share one cache instead of encoding every AVIF again (about a minute).
    imagetools({
      include: '**/*.{svg,png,jpg,jpeg,webp,avif}?*',
      cache: { dir: process.env.IMAGETOOLS_CACHE_DIR || undefined },
    }),
    // Latin subsets only: the body text (Inter) and the headings (Playfair Display 700).
    preloadFonts([
      /\/inter-latin-wght-normal-[\w-]+\.woff2$/,
      /\/playfair-display-latin-700-normal-[\w-]+\.woff2$/,
    ]),
    prerenderHome('src/entry-server.tsx', `${buildDir}/prerender`),
  ],
  define: {
    // The year the copyright line shows until the browser reads its clock (src/app/footer.tsx).
    __BUILD_YEAR__: JSON.stringify(new Date().getFullYear()),
  },
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
    // Vitest's default on two cores is one worker; the tests are independent files.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    allowOnly: false,
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
          include: ['server/**/*.test.ts', 'scripts/**/*.test.ts'],
        },
      },
    ],
  },
});
