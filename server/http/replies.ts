/**
 * How the receiver answers, the same from every route: a refusal as JSON, and a file of the owner's
 * site from memory, sent as the static files are (ETag, encodings). Like config.ts it imports
 * nothing of the server, so that every folder may use it (eslint.config.js).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';

/** A file of the published site, in memory, with the headers it is served with. */
export interface SiteFile {
  body: Buffer;
  br?: Buffer;
  gz?: Buffer;
  type: string;
  etag: string;
}

/**
 * The receiver's answer to anything it refuses: `{ ok: false, error }`, with what else the
 * route's contract adds (a form's field errors, the inbox's `setupNeeded`…).
 */
export function refuse(reply: FastifyReply, status: number, error: string, extra: object = {}) {
  return reply.code(status).send({ ok: false, error, ...extra });
}

/** The path of the site a URL asks for: `/` is `index.html`, `/es/` is `es/index.html`. */
export function sitePath(url: string): string {
  const pathname = decodeURIComponent(url.split(/[?#]/, 1)[0] ?? '/');
  const file = pathname.endsWith('/') ? `${pathname}index.html` : pathname;
  return file.replace(/^\/+/, '');
}

/** Sends one of the owner's files as the static files are sent: cached, encoded, revalidated. */
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
