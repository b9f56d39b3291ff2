import { createHash } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Plugin, type ResolvedConfig } from 'vite';
import { prerenderedPageFile, routes } from '../../src/content/routes.ts';
import { inlineScript } from './inline-script.ts';

const ROOT_ELEMENT = '<div id="root"></div>';
const ENTRY_SCRIPT = /\s*<script type="module" crossorigin src="([^"]+)"><\/script>/;
const MODULE_PRELOAD = /\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g;

/** What src/entry-server.tsx renders. */
interface RenderedPage {
  title: string;
  headLinks: string;
  body: string;
}

interface ServerEntry {
  renderPage: (path: string) => Promise<RenderedPage>;
  otherPagePaths: readonly string[];
}

/**
 * Puts the rendered home page into the built document's empty root element (marked as the page
 * it holds, for src/main.tsx), its links in the head.
 */
export function injectApp(document: string, page: RenderedPage): string {
  if (!document.includes(ROOT_ELEMENT)) throw new Error(`index.html has no ${ROOT_ELEMENT}`);
  return document
    .replace('</head>', `${page.headLinks}</head>`)
    .replace(ROOT_ELEMENT, `<div id="root" data-page="${routes.home.path}">${page.body}</div>`);
}

/**
 * Takes out Vite's module script and module preloads, which would fetch and run React at once:
 * src/enhance.ts loads them when they are needed (their addresses are on its script element).
 */
export function takeAppScripts(document: string): {
  document: string;
  entry: string;
  preloads: string[];
} {
  const entry = ENTRY_SCRIPT.exec(document)?.[1];
  if (!entry) throw new Error('index.html has no module script');
  const preloads = [...document.matchAll(MODULE_PRELOAD)].map((match) => match[1] ?? '');
  return {
    document: document.replace(ENTRY_SCRIPT, '').replaceAll(MODULE_PRELOAD, ''),
    entry,
    preloads,
  };
}

/** A page other than home, as its file holds it: its title, then the root element's HTML. */
export function pageFile(page: RenderedPage): string {
  return `<title>${page.title}</title>${page.body}`;
}

/**
 * The page's first script (src/enhance.ts), one file for both documents, named by its content so
 * that it is cached for good: written into `assetsDir`, its address returned.
 */
async function writeEnhanceScript(assetsDir: string, base: string, buildYear: number) {
  const code = await inlineScript('src/enhance.ts', { __BUILD_YEAR__: buildYear });
  const hash = createHash('sha256').update(code).digest('base64url').slice(0, 8);
  const name = `enhance-${hash}.js`;
  await mkdir(assetsDir, { recursive: true });
  await writeFile(path.join(assetsDir, name), code);
  return `${base}assets/${name}`;
}

/**
 * The script element of src/enhance.ts, with the app's entry and the modules it imports at once
 * beside it. `defer`: fetched at once, but at a low priority that lets the stylesheet, the fonts
 * and the hero image go first (as a module, or without `defer`, Chrome would fetch it as urgently
 * as the stylesheet, and the first paint would wait for it); run once the HTML is parsed.
 */
export function enhanceScriptTag(src: string, app: { entry: string; preloads: string[] }) {
  return (
    `<script defer src="${src}" data-app-entry="${app.entry}"` +
    ` data-app-preloads="${app.preloads.join(' ')}"></script>`
  );
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
 * (src/enhance.ts) into its head; every other page into `pages/<path>.html` beside the document.
 */
export function prerenderPages(
  entry: string,
  ssrOutDir: string,
  document = 'index.html',
  buildYear = new Date().getFullYear(),
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
      const file = path.resolve(config.root, config.build.outDir, document);
      const home = injectApp(await readFile(file, 'utf8'), await server.renderPage('/'));
      const app = takeAppScripts(home);
      const outDir = path.resolve(config.root, config.build.outDir);
      const enhance = await writeEnhanceScript(path.join(outDir, 'assets'), config.base, buildYear);
      await writeFile(
        file,
        app.document.replace('</head>', `${enhanceScriptTag(enhance, app)}</head>`),
      );
      for (const pagePath of server.otherPagePaths) {
        const target = path.join(path.dirname(file), prerenderedPageFile(pagePath) ?? '');
        await mkdir(path.dirname(target), { recursive: true });
        await writeFile(target, pageFile(await server.renderPage(pagePath)));
      }
    },
  };
}
