/**
 * The inbox's service worker (src/admin/service-worker/sw.ts), built after the inbox's bundle as
 * one classic script, `sw.js`, beside it: it is told the files of the shell it keeps (every
 * script, style, font and icon the inbox's build wrote: shellFiles) and a version named after
 * them, so that a new build is a new service worker (docs/push.md, "The installable inbox").
 */
import { createHash } from 'node:crypto';
import path from 'node:path';
import { build, type Plugin } from 'vite';

/**
 * The shell: scripts, styles, fonts (WOFF2: every browser that runs a service worker takes it over
 * the WOFF beside it) and the images the frame draws (the logo, the icons). Not the site editor's
 * photos (AVIF, WebP, JPEG: large, and only the editor shows them), not source maps, not sw.js.
 */
const SHELL_FILE = /\.(js|css|woff2|svg|png)$/;

/** The shell's files (paths under /admin/) of an inbox build's bundle, sorted. */
export function shellFiles(fileNames: readonly string[]): string[] {
  return fileNames.filter((name) => SHELL_FILE.test(name) && name !== 'sw.js').sort();
}

export function serviceWorkerPlugin(): Plugin {
  let outDir = '';
  return {
    name: 'inbox-service-worker',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    async writeBundle(_options, bundle) {
      const files = shellFiles(Object.keys(bundle));
      // Named by content too: the icons' names are fixed.
      const hash = createHash('sha256');
      for (const file of files) {
        const output = bundle[file];
        hash.update(`${file}\n`);
        if (output) hash.update(output.type === 'chunk' ? output.code : output.source);
      }
      const version = hash.digest('hex').slice(0, 12);
      await build({
        configFile: false,
        logLevel: 'warn',
        publicDir: false,
        define: {
          __SHELL_FILES__: JSON.stringify(files),
          __SHELL_VERSION__: JSON.stringify(version),
        },
        build: {
          outDir,
          emptyOutDir: false,
          copyPublicDir: false,
          target: 'es2022',
          lib: {
            entry: path.resolve('src/admin/service-worker/sw.ts'),
            formats: ['iife'],
            name: 'inboxServiceWorker',
            fileName: () => 'sw.js',
          },
        },
      });
    },
  };
}
