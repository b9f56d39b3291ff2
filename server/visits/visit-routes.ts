/**
 * The documents' hook and the beacon (README.md). A site document served (200, 304) to a
 * countable request is put in the counter as a view of its page, and answered with
 * `Server-Timing: visit;desc=<now>`, the stamp the beacon sends back; `POST /api/visit` counts
 * what the server could not see (a cache's copy, the app's moves, a form started). Nothing here
 * waits for the database: the counter writes later.
 */
import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import * as z from 'zod/mini';
import { refuse } from '../guard/refusal.ts';
import { beaconLimit } from './beacon-limit.ts';
import { countable } from './countable.ts';
import { sourceOf } from './sources.ts';
import { languageOfPath, pageOf } from './visit-pages.ts';
import type { Beacon, VisitClient, VisitCounter } from './visit-types.ts';
import type { VisitPage } from '../../src/admin/contract.ts';

export interface VisitRoutesOptions {
  /** None: nothing counted (VISITS=off), the beacon still answered. */
  counter?: VisitCounter | undefined;
  /** The site's own hosts: a referrer there is no source. */
  ownHosts?: readonly string[] | undefined;
  now?: () => number;
  /** Beacons per client network a minute, in this instance (120; beacon-limit.ts says why). */
  rateLimitMax?: number;
}

/** A beacon's body at most (1 kB). */
export const BEACON_LIMIT = 1024;
/** A stamp this close to the document's arrival was this server's count. */
const FRESH_MS = 10_000;

const path = z.string().check(z.maxLength(300));
const language = z.enum(['en', 'es']);
const beaconSchema = z.discriminatedUnion('k', [
  z.object({
    k: z.literal('load'),
    p: path,
    l: language,
    d: path,
    s: z.optional(z.number().check(z.int(), z.nonnegative())),
    a: z.optional(z.number().check(z.nonnegative())),
    r: z.optional(z.string().check(z.maxLength(600))),
    q: z.optional(z.string().check(z.maxLength(600))),
  }),
  z.object({ k: z.literal('move'), p: path, l: language }),
  z.object({ k: z.literal('start'), p: path, l: language, f: z.enum(['quote', 'application']) }),
]);

const clientOf = (request: FastifyRequest): VisitClient => ({
  address: request.ip,
  userAgent: String(request.headers['user-agent'] ?? ''),
});

/**
 * The site's own hosts for `request`: those configured (CORS_ORIGINS, SITE_URL) and the host it
 * was asked at, so that a move within the site is no source when neither is set.
 */
const ownHostsOf =
  (options: VisitRoutesOptions) =>
  (request: FastifyRequest): readonly string[] => [...(options.ownHosts ?? []), request.hostname];

/** The paths never counted, whatever they answer. */
const NEVER = /^\/(api|admin|healthz|readyz|assets|media)(\/|$|\?)|(^|\/)pages\//;

/**
 * Counts each site document served to a countable request (both the build's static files and the
 * owner's published ones pass here: an onSend hook sees every answer) and stamps it.
 */
export function countDocuments(app: FastifyInstance, options: VisitRoutesOptions): void {
  const now = options.now ?? Date.now;
  const hostsOf = ownHostsOf(options);
  const { counter } = options;
  if (!counter) return;
  app.addHook('onSend', async (request, reply) => {
    const status = reply.statusCode;
    if (status !== 200 && status !== 304) return;
    if (request.method !== 'GET' || NEVER.test(request.url)) return;
    if (status === 200 && !String(reply.getHeader('content-type') ?? '').startsWith('text/html')) {
      return;
    }
    const [pathname = '/', search = ''] = request.url.split(/\?(.*)/s, 2);
    const page = pageOf(pathname);
    if (!page || !countable(request, 'document')) return;
    const at = now();
    reply.header('server-timing', `visit;desc=${at}`);
    counter.add({
      at,
      client: clientOf(request),
      page,
      language: languageOfPath(pathname),
      source: sourceOf(request.headers.referer, search ? `?${search}` : '', hostsOf(request)),
      kind: 'view',
    });
  });
}

/** What a beacon adds to the counter, if anything. */
function beaconView(beacon: Beacon, at: number, ownHosts: readonly string[]) {
  const shown = pageOf(beacon.p);
  if (!shown) return undefined;
  const base = { at, language: beacon.l, page: shown };
  const direct = { kind: 'direct' as const, name: '', campaign: '' };
  if (beacon.k === 'start') {
    return { ...base, page: beacon.f as VisitPage, source: direct, kind: 'start' as const };
  }
  if (beacon.k === 'move') return { ...base, source: direct, kind: 'view' as const };
  const served = pageOf(beacon.d) ?? shown;
  const fresh = beacon.s !== undefined && Math.abs(at - (beacon.a ?? 0) - beacon.s) <= FRESH_MS;
  if (fresh) {
    // This server counted the document: only a hash route showing another page moves it.
    if (served === shown) return undefined;
    return { ...base, source: direct, kind: 'moved' as const, from: served };
  }
  return { ...base, source: sourceOf(beacon.r, beacon.q, ownHosts), kind: 'view' as const };
}

/** Beacon errors as the forms' JSON: a clear 4xx, never the parser's words. */
function beaconError(error: FastifyError): { status: number; message: string } | undefined {
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return { status: 413, message: `The body is larger than ${BEACON_LIMIT / 1024} kB` };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return { status: 415, message: 'Send the beacon as text/plain or application/json' };
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'BEACON_NOT_JSON':
      return { status: 400, message: 'The body is not valid JSON' };
  }
  return undefined;
}

/** `POST /api/visit`: the beacon (README.md, "The beacon"); 204 for every well-formed one. */
export async function beaconRoute(app: FastifyInstance, options: VisitRoutesOptions) {
  const now = options.now ?? Date.now;
  const hostsOf = ownHostsOf(options);
  // Not the database's shared `config.rateLimit`: counts are no trust boundary (beacon-limit.ts).
  const limit = beaconLimit({ max: options.rateLimitMax ?? 120 });
  await app.register(async (scope) => {
    // Only here: the app has no text/plain parser (its forms answer 415), sendBeacon sends one.
    scope.addContentTypeParser(
      'text/plain',
      { parseAs: 'string', bodyLimit: BEACON_LIMIT },
      (_request, body, done) => {
        try {
          done(null, JSON.parse(String(body)));
        } catch {
          done(Object.assign(new Error('not JSON'), { statusCode: 400, code: 'BEACON_NOT_JSON' }));
        }
      },
    );
    scope.setErrorHandler((error: FastifyError, _request, reply) => {
      const known = beaconError(error);
      if (!known) throw error;
      return refuse(reply, known.status, known.message);
    });
    scope.post(
      '/api/visit',
      {
        bodyLimit: BEACON_LIMIT,
        onRequest: async (request, reply) => {
          const wait = limit.hit(request.ip, now());
          if (wait === undefined) return;
          reply.header('retry-after', wait);
          return refuse(reply, 429, 'Too many requests');
        },
      },
      async (request, reply) => {
        const parsed = z.safeParse(beaconSchema, request.body);
        if (!parsed.success) return refuse(reply, 400, 'The beacon is not one the site sends');
        const { counter } = options;
        if (counter && countable(request, 'beacon')) {
          const view = beaconView(parsed.data, now(), hostsOf(request));
          if (view) counter.add({ ...view, client: clientOf(request) });
        }
        return reply.code(204).send();
      },
    );
  });
}
