import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { defineConfig, type TestProjectConfiguration } from 'vitest/config';
import type { Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { imagetools } from 'vite-imagetools';
import { prerenderPages } from './scripts/build/prerender.ts';
import { siteFiles, siteHead } from './scripts/build/site-head-plugin.ts';
import { siteFonts } from './scripts/build/site-fonts.ts';

// DIST_DIR lets parallel builds (e.g. one per test run) write to separate folders.
const outDir = process.env.DIST_DIR ?? 'dist';
const buildDir = process.env.BUILD_DIR ?? 'build';

/** The year the copyright line shows until the browser reads its clock (src/app/footer.tsx). */
const buildYear = new Date().getFullYear();

/**
 * The test files that change what a module is when it loads (a mock, a fresh import, a time zone
 * set on import, a stubbed global or variable): each runs alone in a fresh module graph. Every
 * other file shares its worker's loaded modules with the files before it, which saves each one
 * loading React, jsdom or fastify again: about a minute and a half of the unit tests' four.
 */
const LOADS_ITS_OWN_MODULES =
  /\bvi\.(mock|doMock|resetModules|stubEnv|stubGlobal)\(|test\/new-york-time/;

/** The test files under `folders` whose names match `name`, that run alone or not. */
function testFiles(folders: string[], name: RegExp, isolated: boolean): string[] {
  return folders
    .flatMap((folder) =>
      readdirSync(folder, { recursive: true, encoding: 'utf8' }).map((file) =>
        path.join(folder, file),
      ),
    )
    .filter((file) => name.test(file))
    .filter((file) => LOADS_ITS_OWN_MODULES.test(readFileSync(file, 'utf8')) === isolated)
    .sort();
}

/** The languages of the site: English is `/` (the default mode), Spanish `/es/` (`--mode es`). */
const SECOND_LANGUAGES = ['es'];

/**
 * The Spanish build (`vite build --mode es`): every import of an English content module that has
 * a twin in src/content/<language>/ gets the twin, so the same components render the Spanish
 * words and the Spanish page never downloads the English ones (nor the English page the Spanish).
 */
function languageTwins(language: string): Plugin {
  const contentDir = path.resolve('src/content');
  const twinDir = path.join(contentDir, language);
  return {
    name: 'language-twins',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (!importer || path.dirname(importer) === twinDir) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      if (!resolved || path.dirname(resolved.id) !== contentDir) return null;
      const twin = path.join(twinDir, path.basename(resolved.id));
      return existsSync(twin) ? twin : null;
    },
  };
}

export default defineConfig(({ mode }) => {
  const language = SECOND_LANGUAGES.includes(mode) ? mode : 'en';
  const english = language === 'en';
  return {
    plugins: [
      english ? undefined : languageTwins(language),
      react(),
      tailwindcss(),
      siteHead(language),
      english ? siteFiles() : undefined,
      // Only imports that carry a query (e.g. `hero.svg?w=640;1280&format=avif;webp&as=picture`)
      // are processed; a plain `logo.svg` import stays a file.
      // The processed images are cached by content and settings: IMAGETOOLS_CACHE_DIR lets fresh
      // clones (CI) share one cache instead of encoding every AVIF again (about a minute).
      imagetools({
        include: '**/*.{svg,png,jpg,jpeg,webp,avif}?*',
        cache: { dir: process.env.IMAGETOOLS_CACHE_DIR || undefined },
      }),
      // The two web fonts, cut to the site's glyphs and weights (scripts/build/site-fonts.ts). Not
      // preloaded: the first screen does not wait for them (src/web-fonts.ts).
      siteFonts(),
      prerenderPages(
        'src/entry-server.tsx',
        `${buildDir}/prerender-${language}`,
        english ? 'index.html' : `${language}/index.html`,
        buildYear,
        language,
      ),
    ],
    define: {
      // The year the copyright line shows until the browser reads its clock (src/app/footer.tsx).
      __BUILD_YEAR__: JSON.stringify(buildYear),
    },
    server: {
      // `npm run dev` sends the forms to the receiver that `npm start` runs.
      proxy: { '/api': `http://127.0.0.1:${process.env.PORT ?? 8080}` },
    },
    build: {
      outDir,
      // The Spanish document is built second, into the same folder: the shared files (fonts,
      // images, React) have the same content and so the same names; nothing else is overwritten.
      emptyOutDir: english,
      rolldownOptions: { input: english ? 'index.html' : `${language}/index.html` },
      // Never inline assets as data: URIs: the CSP stays strict and the logo fallback stays testable.
      assetsInlineLimit: 0,
      target: 'es2022',
    },
    test: {
      // Vitest's default on two cores is one worker; the tests are independent files.
      maxWorkers: Math.max(2, availableParallelism() - 1),
      allowOnly: false,
      // Not a speed limit: a hang's. Vitest's 5 s is too close for a test that renders a whole page
      // from cold transforms on two busy cores (a fresh clone in CI).
      testTimeout: 20_000,
      projects: [false, true].flatMap((isolated): TestProjectConfiguration[] => {
        const suffix = isolated ? ' (alone)' : '';
        const unit = {
          extends: true as const,
          test: {
            name: `unit${suffix}`,
            environment: 'jsdom',
            globals: true,
            include: testFiles(['src'], /\.test\.tsx?$/, isolated),
            setupFiles: ['src/test/setup.ts'],
            css: false,
            isolate: isolated,
          },
        };
        const server = {
          extends: true as const,
          test: {
            name: `server${suffix}`,
            environment: 'node',
            globals: true,
            include: testFiles(['server', 'scripts'], /\.test\.ts$/, isolated),
            // One real Postgres server for the run (the store's and the inbox's suites use it).
            globalSetup: ['server/testing/postgres-setup.ts'],
            isolate: isolated,
          },
        };
        return [unit, server].filter((project) => project.test.include.length > 0);
      }),
    },
  };
});
