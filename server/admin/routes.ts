/**
 * The inbox under `/admin`: the hooks every request passes (noindex, no caching of personal data,
 * same-origin state changes), the API's parts (sign-in and session, submissions, a person, the
 * reply templates and composer, the site editor and its mail check), and the built app itself.
 */
import path from 'node:path';
import { existsSync } from 'node:fs';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import { refuse } from '../guard/refusal.ts';
import { NOTHING_PUBLISHED } from '../../src/content/published.ts';
import { adminContext, type AdminOptions } from './admin-context.ts';
import { documentRoute } from './document-route.ts';
import { manifestRoute } from './app-manifest.ts';
import { mailCheckRoutes } from './mail-check-routes.ts';
import { dummyHash } from './passwords.ts';
import { personRoutes } from './person-routes.ts';
import { pushRoutes } from './push-routes.ts';
import { replyTemplateRoutes } from './reply-template-routes.ts';
import { sendReplyRoutes } from './send-reply-routes.ts';
import { sessionRoutes } from './session-routes.ts';
import { siteRoutes } from './site-routes.ts';
import { submissionRoutes } from './submission-routes.ts';
import { weeklyEmailRoutes } from './weekly-email-routes.ts';

const HASHED_ASSET = /\/assets\/.+-[A-Za-z0-9_-]{8}\.[a-z0-9]+$/;
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * A state change must come from a page of this site: the browser's Sec-Fetch-Site says so, or
 * (older browsers) the Origin names this host. Neither header: refused (fail closed).
 */
export function isSameOrigin(request: FastifyRequest): boolean {
  const site = request.headers['sec-fetch-site'];
  if (site !== undefined) return site === 'same-origin';
  const origin = request.headers.origin;
  if (!origin) return false;
  try {
    return new URL(origin).host === request.host;
  } catch {
    return false;
  }
}

/** `/admin/` and its API (docs/inbox.md); registered with the prefix `/admin`. */
export async function adminRoutes(app: FastifyInstance, options: AdminOptions) {
  const context = adminContext(options);
  await app.register(fastifyCookie);
  // Made now, so that the first sign-in with an unknown address costs no more than any other.
  await dummyHash(options.cost);

  app.addHook('onSend', async (request, reply) => {
    reply.header('x-robots-tag', 'noindex, nofollow');
    // Hashed assets hold no personal data and never change; everything else is never cached.
    if (!HASHED_ASSET.test(request.url.split('?')[0] ?? '')) {
      reply.header('cache-control', 'no-store');
    }
  });

  app.addHook('onRequest', async (request, reply) => {
    if (SAFE_METHODS.has(request.method) || isSameOrigin(request)) return;
    request.log.info('cross-site admin request refused');
    return refuse(reply, 403, 'This request must come from the inbox itself');
  });

  sessionRoutes(app, context);
  submissionRoutes(app, context);
  replyTemplateRoutes(app, context);
  sendReplyRoutes(app, context);
  pushRoutes(app, context);
  weeklyEmailRoutes(app, context);
  mailCheckRoutes(app, context);
  personRoutes(app, {
    database: options.database,
    forms: options.forms,
    retainDays: options.retainDays ?? {},
    retention: options.retention,
    now: context.now,
    signedIn: context.signedIn,
    userOf: context.userOf,
    isSameOrigin,
  });
  if (options.site) {
    siteRoutes(app, { ...options.site, signedIn: context.signedIn, userOf: context.userOf });
  }
  app.all('/api/*', async (_request, reply) => refuse(reply, 404, 'Not found'));
  // The installable inbox's manifest: the business's name as published (app-manifest.ts).
  manifestRoute(app, options.published ?? (() => NOTHING_PUBLISHED));

  if (options.appDir && existsSync(options.appDir)) {
    if (existsSync(path.join(options.appDir, 'index.html'))) {
      await documentRoute(app, context, options.appDir);
    }
    await app.register(fastifyStatic, {
      root: path.resolve(options.appDir),
      decorateReply: false,
      wildcard: true,
      cacheControl: false,
      setHeaders(res, filePath) {
        if (HASHED_ASSET.test(filePath.replaceAll('\\', '/'))) {
          res.setHeader('cache-control', 'public, max-age=31536000, immutable');
        }
      },
    });
  }
}
