import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/** Only features browsers still know: an unknown one is reported as an error in the console. */
const PERMISSIONS_POLICY = 'camera=(), microphone=(), geolocation=(), payment=(), usb=()';

/**
 * The Content-Security-Policy: the site's own files only. The only inline scripts that run are the
 * ones whose hashes are given (the site's own, see inline-scripts.ts); no 'unsafe-inline'.
 */
function contentSecurityPolicy(
  connectSources: readonly string[] = [],
  scriptHashes: readonly string[] = [],
): Record<string, string[]> {
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...scriptHashes],
    'style-src': ["'self'"],
    // React sets `style` attributes (e.g. an image's object-position); no <style> blocks are allowed.
    'style-src-attr': ["'unsafe-inline'"],
    'img-src': ["'self'"],
    'font-src': ["'self'"],
    'connect-src': ["'self'", ...connectSources],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    // The forms post to the same endpoints without JavaScript as with it (a form endpoint elsewhere).
    'form-action': ["'self'", ...connectSources],
    'frame-ancestors': ["'none'"],
  };
}

/**
 * Security headers on every answer, through @fastify/helmet (its defaults, with the strict CSP above,
 * the referrer sent only as an origin to other sites, no framing, and HSTS without subdomains: the
 * owner's other subdomains may not all speak HTTPS), plus a Permissions-Policy, which helmet leaves out.
 */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  connectSources: readonly string[],
  scriptHashes: readonly string[],
): Promise<void> {
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: contentSecurityPolicy(connectSources, scriptHashes),
    },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    xFrameOptions: { action: 'deny' },
    strictTransportSecurity: { maxAge: 180 * 24 * 60 * 60, includeSubDomains: false },
  });
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('permissions-policy', PERMISSIONS_POLICY);
  });
}
