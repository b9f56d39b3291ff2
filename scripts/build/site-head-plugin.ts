import type { Plugin } from 'vite';
import { NOTHING_PUBLISHED } from '../../src/content/published.ts';
import { inlineScript } from './inline-script.ts';
import { linkPreviewImage, previewFileName } from './link-preview.ts';
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
 * Writes the head tags into the document, and its link preview picture beside it, under the name
 * of its content that the head tags give (`og-image.<hash>.jpg`, `es/og-image.<hash>.jpg`) and
 * under its first name, `og-image.jpg`, for links shared before the names had a hash.
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
      const text = previewText(NOTHING_PUBLISHED, language);
      const source = await linkPreviewImage(text);
      for (const name of [previewFileName(text), PREVIEW_FILE]) {
        this.emitFile({ type: 'asset', fileName: `${folder}${name}`, source });
      }
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
