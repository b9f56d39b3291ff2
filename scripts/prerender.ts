import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Plugin, type ResolvedConfig } from 'vite';

const ROOT_ELEMENT = '<div id="root"></div>';
const ENTRY_SCRIPT = /\s*<script type="module" crossorigin src="([^"]+)"><\/script>/;
const MODULE_PRELOAD = /\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g;

/** What src/entry-server.tsx renders. */
interface RenderedPage {
  headLinks: string;
  body: string;
}

/** Puts the rendered app into the built document's empty root element, its links in the head. */
export function injectApp(document: string, page: RenderedPage): string {
  if (!document.includes(ROOT_ELEMENT)) throw new Error(`index.html has no ${ROOT_ELEMENT}`);
  return document
    .replace('</head>', `${page.headLinks}</head>`)
    .replace(ROOT_ELEMENT, `<div id="root">${page.body}</div>`);
}

/**
 * The inline script that loads the app: on the home page after the first paint, so that the
 * HTML, the stylesheet, the fonts and the hero image have the connection to themselves and paint
 * first; on any other page at once (its content waits for the app). `data-route` is set by the
 * route marker that runs before it (scripts/site-head.ts).
 */
export function appLoader(entry: string, preloads: readonly string[]): string {
  const body =
    `function load(){${JSON.stringify(preloads)}.forEach(function(h){` +
    "var l=d.createElement('link');l.rel='modulepreload';l.href=h;d.head.appendChild(l)});" +
    "var s=d.createElement('script');s.type='module';" +
    `s.src=${JSON.stringify(entry)};d.head.appendChild(s)}` +
    "if(d.documentElement.hasAttribute('data-route'))load();" +
    "else addEventListener('load',function(){" +
    "var i=d.querySelector('img[fetchpriority=high]');" +
    'function next(){requestAnimationFrame(function(){setTimeout(load)})}' +
    'i&&i.decode?i.decode().then(next,next):next()})';
  return `<script>(function(d){${body}})(document)</script>`;
}

/** Replaces Vite's module script and module preloads (fetched at once) with the app loader. */
export function deferApp(document: string): string {
  const entry = ENTRY_SCRIPT.exec(document)?.[1];
  if (!entry) throw new Error('index.html has no module script to defer');
  const preloads = [...document.matchAll(MODULE_PRELOAD)].map((match) => match[1] ?? '');
  return document
    .replace(ENTRY_SCRIPT, '')
    .replaceAll(MODULE_PRELOAD, '')
    .replace('</head>', `${appLoader(entry, preloads)}</head>`);
}

/**
 * Prerenders the home page into the built `document` (index.html, or es/index.html for the Spanish
 * build, whose content modules are the Spanish twins): after the browser build, a server (SSR)
 * build of `entry` is made with the same config and plugins (so image and asset URLs are the same
 * files), run, and its HTML written into the root element. The browser hydrates it (src/main.tsx).
 */
export function prerenderHome(entry: string, ssrOutDir: string, document = 'index.html'): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'prerender-home',
    apply: (userConfig, env) => env.command === 'build' && !userConfig.build?.ssr,
    configResolved(resolved) {
      config = resolved;
    },
    async closeBundle() {
      const outDir = path.resolve(config.root, ssrOutDir);
      await build({
        configFile: config.configFile,
        mode: config.mode,
        logLevel: 'warn',
        build: { ssr: entry, outDir, emptyOutDir: true, copyPublicDir: false },
        // Self-contained, so that it runs from any BUILD_DIR, also outside the project.
        ssr: { noExternal: true },
      });
      const module: { renderHome: () => Promise<RenderedPage> } = await import(
        pathToFileURL(path.join(outDir, `${path.parse(entry).name}.js`)).href
      );
      const file = path.resolve(config.root, config.build.outDir, document);
      const html = injectApp(await readFile(file, 'utf8'), await module.renderHome());
      await writeFile(file, deferApp(html));
    },
  };
}
