import { createHash } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Plugin, type ResolvedConfig } from 'vite';
import { NOTHING_PUBLISHED } from '../../src/content/published.ts';
import { prerenderedPageFile } from '../../src/content/routes.ts';
import {
  assembleDocument,
  pageDocument,
  pageDocumentFile,
  pageFile,
  type DocumentTemplate,
  type ServerEntry,
} from './documents.ts';
import { inlineScript } from './inline-script.ts';
import { siteHeadTags } from './site-head.ts';

/**
 * The page's first script (src/enhance.ts), one file for both documents, named by its content so
 * that it is cached for good: written into `assetsDir`, its address returned. It is told where the
 * forms post (`env`, the build's VITE_ settings; src/forms/endpoints.ts): the visit beacon
 * (src/visit-beacon.ts) is sent only where the forms' receiver is the site's own.
 */
async function writeEnhanceScript(
  assetsDir: string,
  base: string,
  buildYear: number,
  env: Record<string, unknown>,
) {
  const code = await inlineScript('src/enhance.ts', {
    __BUILD_YEAR__: buildYear,
    'import.meta.env.VITE_QUOTE_ENDPOINT': env.VITE_QUOTE_ENDPOINT ?? '',
    'import.meta.env.VITE_APPLICATION_ENDPOINT': env.VITE_APPLICATION_ENDPOINT ?? '',
  });
  const hash = createHash('sha256').update(code).digest('base64url').slice(0, 8);
  const name = `enhance-${hash}.js`;
  await mkdir(assetsDir, { recursive: true });
  await writeFile(path.join(assetsDir, name), code);
  return `${base}assets/${name}`;
}

async function renderServerEntry(config: ResolvedConfig, entry: string, ssrOutDir: string) {
  const outDir = path.resolve(config.root, ssrOutDir);
  await build({
    configFile: config.configFile,
    mode: config.mode,
    logLevel: 'warn',
    build: { ssr: entry, outDir, emptyOutDir: true, copyPublicDir: false },
    // Self-contained, so that it runs from any BUILD_DIR, also outside the project.
    ssr: { noExternal: true },
  });
  const module: ServerEntry = await import(
    pathToFileURL(path.join(outDir, `${path.parse(entry).name}.js`)).href
  );
  return module;
}

/**
 * Prerenders the site into the built `document` (index.html, or es/index.html for the Spanish
 * build, whose content modules are the Spanish twins): after the browser build, a server (SSR)
 * build of `entry` is made with the same config and plugins (so image and asset URLs are the same
 * files) and run. The home page goes into the document's root element, the page's first script
 * (src/enhance.ts) into its head; every other page into `pages/<path>.html` beside the document
 * (what the script shows on a hash link, `/#/team`), and into a document of its own
 * (`team/index.html`, which a link reaches without JavaScript).
 */
export function prerenderPages(
  entry: string,
  ssrOutDir: string,
  document = 'index.html',
  buildYear = new Date().getFullYear(),
  language = 'en',
): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'prerender-pages',
    apply: (userConfig, env) => env.command === 'build' && !userConfig.build?.ssr,
    configResolved(resolved) {
      config = resolved;
    },
    async closeBundle() {
      const server = await renderServerEntry(config, entry, ssrOutDir);
      // The build is the code's content; a publish renders the pages again with its own.
      const file = path.resolve(config.root, config.build.outDir, document);
      const outDir = path.resolve(config.root, config.build.outDir);
      const template: DocumentTemplate = {
        template: await readFile(file, 'utf8'),
        enhance: await writeEnhanceScript(
          path.join(outDir, 'assets'),
          config.base,
          buildYear,
          config.env,
        ),
      };
      // Kept for the owner's publishes (server/site/render/render-site.ts renders the pages again).
      await writeFile(
        path.resolve(config.root, ssrOutDir, 'document.json'),
        JSON.stringify({ ...template, document } satisfies DocumentTemplate & { document: string }),
      );
      await writeFile(
        file,
        assembleDocument(template, await server.renderPage('/', NOTHING_PUBLISHED)),
      );
      const write = async (name: string, text: string) => {
        const target = path.join(path.dirname(file), name);
        await mkdir(path.dirname(target), { recursive: true });
        await writeFile(target, text);
      };
      for (const pagePath of server.otherPagePaths) {
        const page = await server.renderPage(pagePath, NOTHING_PUBLISHED);
        await write(prerenderedPageFile(pagePath) ?? '', pageFile(page));
        if (!server.pageDocumentPaths.includes(pagePath)) continue;
        const head = (marker: string) =>
          siteHeadTags(NOTHING_PUBLISHED, language, marker, { path: pagePath, title: page.title });
        await write(pageDocumentFile(pagePath), pageDocument(template, page, pagePath, head));
      }
    },
  };
}
