// The inbox's sign-in for the server's own tests, through fastify's inject (no port): a request
// from the inbox itself, and the session token its answer sets.
import type { FastifyInstance } from 'fastify';

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
