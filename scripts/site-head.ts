import type { Plugin } from 'vite';
import { company } from '../src/content/company.ts';
import { pages } from '../src/content/site.ts';

function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;');
}

/** The static <head> tags, written from src/content so index.html holds no business fact. */
export function siteHeadTags(): string {
  const title = `${pages.home.title} | ${company.name}`;
  return [
    `<title>${escapeHtml(title)}</title>`,
    `<meta name="description" content="${escapeHtml(company.description)}" />`,
  ].join('\n    ');
}

export function siteHead(): Plugin {
  return {
    name: 'site-head',
    transformIndexHtml(html) {
      return html.replace('<!-- site-head -->', siteHeadTags());
    },
  };
}
