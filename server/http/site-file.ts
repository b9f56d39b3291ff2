/**
 * One of the owner's published files (live, or a preview's), sent from memory as the static files
 * are sent: cached, encoded, revalidated.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { SiteFile } from '../site/render.ts';

/** Sends `file` with its type, ETag and the encoding the browser accepts (br, gzip, or none). */
export function sendSiteFile(request: FastifyRequest, reply: FastifyReply, file: SiteFile) {
  reply.header('content-type', file.type);
  reply.header('cache-control', 'no-cache');
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
