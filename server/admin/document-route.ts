/**
 * The inbox's document, `/admin/` (and `/admin/index.html`): the built index.html with the screen
 * for the request's state painted into it (src/admin/first-paint.ts), so that the sign-in form, or
 * the first account's form, shows before any script has arrived; a signed-in owner gets a quiet
 * loading frame, nothing of theirs. Never cached (routes.ts's hook: no-store).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { paintDocument, type FirstPaintState } from '../../src/admin/first-paint.ts';
import { SESSION_COOKIE, type AdminContext } from './admin-context.ts';

/** The screen a request's document opens on: one session lookup, one count when signed out. */
async function stateOf(
  context: AdminContext,
  request: FastifyRequest,
): Promise<{ state: FirstPaintState; expired: boolean }> {
  const token = request.cookies[SESSION_COOKIE];
  if (token !== undefined && (await context.sessionStore.resolve(token))) {
    return { state: 'loading', expired: false };
  }
  if ((await context.accounts.count()) === 0) return { state: 'setup', expired: false };
  return { state: 'sign-in', expired: token !== undefined };
}

/** Serves the painted document from `appDir`'s index.html, read once. */
export function documentRoute(app: FastifyInstance, context: AdminContext, appDir: string) {
  const template = readFileSync(path.join(appDir, 'index.html'), 'utf8');
  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    const { state, expired } = await stateOf(context, request);
    return reply
      .header('content-type', 'text/html; charset=utf-8')
      .send(paintDocument(template, state, { expired }));
  };
  // `/admin/` alone: `/admin` is the app's redirect to it.
  app.route({ method: 'GET', url: '/', prefixTrailingSlash: 'slash', handler });
  app.get('/index.html', handler);
}
