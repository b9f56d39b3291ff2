/**
 * The inbox's service worker (src/admin/service-worker/sw.ts), built after the inbox's bundle as
 * one classic script, `sw.js`, beside it: it is told the files of the shell it keeps (every
 * script, style, font and icon the inbox's build wrote) and a version named after them, so that a
 * new build is a new service worker.
 */
import { createHash } from 'node:crypto';
import path from 'node:path';
import { build, type Plugin } from 'vite';

const SHELL_FILE = /\.(js|css|woff2|svg|png|webp|avif|webmanifest)$/;

/** The shell's files (paths under /admin/) of an inbox build's bundle, sorted. */
export function shellFiles(fileNames: readonly string[]): string[] {
  return fileNames
    .filter((name) => SHELL_FILE.test(name) && !name.endsWith('.map') && name !== 'sw.js')
    .sort();
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
      const version = createHash('sha256').update(files.join('\n')).digest('hex').slice(0, 12);
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
