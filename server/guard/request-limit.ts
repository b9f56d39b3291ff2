import type { FastifyInstance, FastifyRequest, onRequestHookHandler } from 'fastify';
import type { Database } from '../db/database.ts';
import { clientKey } from './client-key.ts';
import { counters } from './counters.ts';

/**
 * A route's limit of requests per client, counted in the database (`counters.ts`) so that every
 * instance shares one count: `config: { rateLimit: { max, timeWindow } }` on a route, as with
 * @fastify/rate-limit, whose in-memory count each instance kept for itself. A client is its
 * address's key (`client-key.ts`, an IPv6 /64), stored only as a keyed hash.
 */
export interface RequestLimit {
  /** Requests per client per window; the next ones get 429 until the window ends. */
  max: number;
  /** The window, in milliseconds. */
  timeWindow: number;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    rateLimit?: RequestLimit;
  }
}

/** How a request stood against its route's limit. */
export interface ClientCount {
  /** This request's number within the client's window (1 for the first). */
  count: number;
  max: number;
}

/** Every counter's window is at most this long; older counters are swept. */
const LONGEST_WINDOW_MS = 24 * 60 * 60_000;
const SWEEP_EVERY_MS = 10 * 60_000;

const counts = new WeakMap<FastifyRequest, ClientCount>();

/**
 * How the request stood against its route's limit; undefined when it was not counted (a route
 * without a limit, or a database that did not answer): the caller then assumes the worst.
 */
export function clientCount(request: FastifyRequest): ClientCount | undefined {
  return counts.get(request);
}

class TooManyRequests extends Error {
  readonly statusCode = 429;
  readonly code = 'TOO_MANY_REQUESTS';
}

/** Counts each request of a route with `config.rateLimit` first, before its other hooks. */
export function shareRequestLimits(
  app: FastifyInstance,
  database: Database,
  { now = Date.now }: { now?: () => number } = {},
): void {
  const count = counters(database);
  let nextSweep = 0;
  const sweep = (at: number) => {
    if (at < nextSweep) return;
    nextSweep = at + SWEEP_EVERY_MS;
    count.sweep(LONGEST_WINDOW_MS, at).catch(() => undefined);
  };

  app.addHook('onRoute', (route) => {
    const limit = route.config?.rateLimit;
    if (!limit) return;
    const check: onRequestHookHandler = async (request, reply) => {
      const at = now();
      sweep(at);
      const key = `request:${route.url}:${database.clientHash(clientKey(request.ip))}`;
      let hit;
      try {
        hit = await count.hit(key, limit.timeWindow, at);
      } catch (error) {
        // Open, for availability: a database that cannot count cannot store either, and the save
        // answers 503 on its own; one that failed only here (a timeout) should not turn a visitor
        // away. What could reach a third party does fail closed: an uncounted post is never
        // acknowledged (clientCount is undefined), and sign-in keeps its own limit.
        request.log.error({ code: (error as { code?: string }).code }, 'request not counted');
        return;
      }
      counts.set(request, { count: hit.count, max: limit.max });
      const seconds = Math.max(1, Math.ceil((hit.resetAt - at) / 1000));
      reply
        .header('x-ratelimit-limit', limit.max)
        .header('x-ratelimit-remaining', Math.max(0, limit.max - hit.count))
        .header('x-ratelimit-reset', seconds);
      if (hit.count <= limit.max) return;
      reply.header('retry-after', seconds);
      throw new TooManyRequests('rate limit reached');
    };
    const own = route.onRequest;
    route.onRequest = [check, ...(own === undefined ? [] : Array.isArray(own) ? own : [own])];
  });
}
