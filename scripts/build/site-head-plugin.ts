import type { Plugin } from 'vite';
import { NOTHING_PUBLISHED } from '../../src/content/published.ts';
import { inlineScript } from './inline-script.ts';
import { linkPreviewImage } from './link-preview.ts';
import {
  contentOf,
  previewText,
  PREVIEW_FILE,
  robotsTxt,
  siteHeadTags,
  sitemapXml,
} from './site-head.ts';

/**
 * The build is the code's content (nothing published): a publish writes its own documents
 * (server/site/render/render-site.ts).
 *
 * Writes the head tags into the document, and its link preview picture beside it
 * (`og-image.jpg`, `es/og-image.jpg`).
 */
export function siteHead(language = 'en'): Plugin {
  let routeMarker: Promise<string> | undefined;
  return {
    name: 'site-head',
    async transformIndexHtml(html) {
      routeMarker ??= inlineScript('src/route-marker.ts');
      return html.replace(
        '<!-- site-head -->',
        siteHeadTags(NOTHING_PUBLISHED, language, await routeMarker),
      );
    },
    async generateBundle(options) {
      if (options.format !== 'es' || this.environment?.config.build.ssr) return;
      const folder = contentOf(NOTHING_PUBLISHED, language).language.documentPath.replace(
        /^\//,
        '',
      );
      this.emitFile({
        type: 'asset',
        fileName: `${folder}${PREVIEW_FILE}`,
        source: await linkPreviewImage(previewText(NOTHING_PUBLISHED, language)),
      });
    },
  };
}

/** Writes sitemap.xml and robots.txt into the build (the English one, which empties the folder). */
export function siteFiles(): Plugin {
  return {
    name: 'site-files',
    apply: (config, env) => env.command === 'build' && !config.build?.ssr,
    generateBundle() {
      this.emitFile({
        type: 'asset',
        fileName: 'sitemap.xml',
        source: sitemapXml(NOTHING_PUBLISHED),
      });
      this.emitFile({
        type: 'asset',
        fileName: 'robots.txt',
        source: robotsTxt(NOTHING_PUBLISHED),
      });
    },
  };
}
