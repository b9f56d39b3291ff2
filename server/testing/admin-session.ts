// The inbox's sign-in for the server's own tests, through fastify's inject (no port): a request
// from the inbox itself, and the session token its answer sets.
import type { FastifyInstance } from 'fastify';
import { SESSION_COOKIE } from '../admin/admin-context.ts';
import { DEVICE_COOKIE } from '../admin/device-cookie.ts';

/** The header a browser sends with a request from the inbox's own pages. */
export const SAME_ORIGIN = { 'sec-fetch-site': 'same-origin' };

/** Signs `email` in with `password`; the session token (empty when the sign-in was refused). */
export async function injectSignIn(
  app: FastifyInstance,
  email: string,
  password: string,
): Promise<string> {
  const answer = await app.inject({
    method: 'POST',
    url: '/admin/api/sign-in',
    headers: SAME_ORIGIN,
    payload: { email, password },
  });
  return /admin_session=([^;]*)/.exec(String(answer.headers['set-cookie']))?.[1] ?? '';
}

/** The browser's cookies a sign-in may carry: its device cookie and its session. */
export interface BrowserCookies {
  device?: string | undefined;
  session?: string | undefined;
}

/**
 * A sign-in from client `from` as a trusted proxy on loopback names it (X-Forwarded-For; the app
 * built with `TRUST_PROXY=loopback`), with the browser's cookies; the whole answer.
 */
export function injectSignInFrom(
  app: FastifyInstance,
  { email, password, from }: { email: string; password: string; from: string },
  { device, session }: BrowserCookies = {},
) {
  return app.inject({
    method: 'POST',
    url: '/admin/api/sign-in',
    remoteAddress: '127.0.0.1',
    headers: { ...SAME_ORIGIN, 'x-forwarded-for': from },
    cookies: {
      ...(device === undefined ? {} : { [DEVICE_COOKIE]: device }),
      ...(session === undefined ? {} : { [SESSION_COOKIE]: session }),
    },
    payload: { email, password },
  });
}
