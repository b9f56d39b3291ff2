/**
 * One of the owner's published files (live, or a preview's), sent from memory as the static files
 * are sent: cached, encoded, revalidated.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { SiteFile } from '../site/render.ts';

/** Sends `file` with its type, ETag and the encoding the browser accepts (br, gzip, or none). */
export function sendSiteFile(request: FastifyRequest, reply: FastifyReply, file: SiteFile) {
  reply.header('content-type', file.type);
  // A link preview named by its content (og-image.<hash>.jpg) never changes under its name.
  const named = /(^|\/)og-image\.[0-9a-f]{12}\.jpg$/.test(request.url.split('?')[0] ?? '');
  reply.header('cache-control', named ? 'public, max-age=31536000, immutable' : 'no-cache');
  reply.header('etag', file.etag);
  reply.header('vary', 'Accept-Encoding');
  if (request.headers['if-none-match'] === file.etag) return reply.code(304).send();
  const accepted = String(request.headers['accept-encoding'] ?? '');
  const encoded =
    /\bbr\b/.test(accepted) && file.br
      ? { name: 'br', body: file.br }
      : /\bgzip\b/.test(accepted) && file.gz
        ? { name: 'gzip', body: file.gz }
        : undefined;
  if (encoded) reply.header('content-encoding', encoded.name);
  // Node writes no body for a HEAD request, but keeps its length.
  return reply.send(encoded?.body ?? file.body);
}

/** A page's prerendered piece (`pages/team.html`, `es/pages/team.html`): what a document fetches. */
const PAGE_PIECE = /(^|\/)pages\/[^/]+\.html$/;

/**
 * The site version a request for a page's piece names (`?v=3`, src/site-version.ts); undefined for
 * any other request, or one that names none (a static host's document, or an older app's).
 */
export function pinnedVersion(sitePath: string, url: string): number | undefined {
  if (!PAGE_PIECE.test(sitePath)) return undefined;
  const query = url.includes('?') ? url.slice(url.indexOf('?') + 1) : '';
  const value = new URLSearchParams(query).get('v');
  return value !== null && /^\d{1,9}$/.test(value) ? Number(value) : undefined;
}

/** What a visitor reads or shares: documents, pages' pieces, link previews, the sitemap. */
export function isSiteDocument(sitePath: string): boolean {
  return /\.html$|(^|\/)og-image[^/]*\.jpg$|^sitemap\.xml$/.test(sitePath);
}
