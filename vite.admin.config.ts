import path from 'node:path';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { imagetools } from 'vite-imagetools';
import { appIconsPlugin } from './scripts/build/app-icons.ts';
import { serviceWorkerPlugin } from './scripts/build/service-worker.ts';

// The owner's inbox (src/admin): its own document and bundle, built apart from the public site so
// that dist/ (what a static host serves) holds no inbox and the public pages do not change by a
// byte. The receiver serves it at /admin/ from BUILD_DIR/admin.
const buildDir = process.env.BUILD_DIR ?? 'build';

export default defineConfig({
  root: 'src/admin',
  base: '/admin/',
  publicDir: false,
  plugins: [
    react(),
    tailwindcss(),
    // The site editor shows the code's photos (src/content/home-images.ts) as the public build does.
    imagetools({
      include: '**/*.{svg,png,jpg,jpeg,webp,avif}?*',
      cache: { dir: process.env.IMAGETOOLS_CACHE_DIR || undefined },
    }),
    // The installable inbox's icons, drawn from the logo (/admin/icons/).
    appIconsPlugin(),
    // /admin/sw.js: the shell's cache and the pushes (src/admin/service-worker/).
    serviceWorkerPlugin(),
  ],
  server: {
    // `npm run dev:admin` talks to the receiver that `npm start` runs.
    proxy: { '/admin/api/': `http://127.0.0.1:${process.env.PORT ?? 8080}` },
  },
  build: {
    outDir: path.resolve(buildDir, 'admin'),
    emptyOutDir: true,
    assetsInlineLimit: 0,
    target: 'es2022',
    // No <link rel="modulepreload"> in the document: they shared the phone's bandwidth with the
    // stylesheet and held the first paint (Lighthouse mobile 97 → 100). The entry names its chunks;
    // the page the list leads to is fetched once the list has shown (docs/inbox.md, "On a phone").
    modulePreload: false,
    rolldownOptions: {
      output: {
        // A chunk of zod alone is named for it, not for the first module that happened to import it.
        chunkFileNames: (chunk) =>
          chunk.moduleIds.length > 0 &&
          chunk.moduleIds.every((id) => /node_modules[\\/]zod[\\/]/.test(id))
            ? 'assets/zod-[hash].js'
            : 'assets/[name]-[hash].js',
        // The libraries every screen needs, in a chunk named for them and cached across releases of
        // the inbox's own code (docs/inbox.md, "The chunks"); left to itself, rolldown put them in
        // the first shared module's chunk (page-heading-*.js, later use-page-focus-*.js). zod's
        // core is the contracts' (zod/mini); the site editor's whole zod stays with the editor.
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|cookie|set-cookie-parser)[\\/]/,
              priority: 2,
            },
          ],
        },
      },
    },
  },
});
