/**
 * Security headers for every response: a strict CSP and friends. The only inline scripts that run
 * are the ones whose hashes are given (the site's own, see inline-scripts.ts).
 */
export function securityHeaders(
  connectSources: readonly string[] = [],
  scriptHashes: readonly string[] = [],
): Record<string, string> {
  const csp = [
    "default-src 'self'",
    ["script-src 'self'", ...scriptHashes].join(' '),
    "style-src 'self'",
    // React sets `style` attributes (e.g. an image's object-position); no <style> blocks are allowed.
    "style-src-attr 'unsafe-inline'",
    "img-src 'self'",
    "font-src 'self'",
    ["connect-src 'self'", ...connectSources].join(' '),
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
  return {
    'content-security-policy': csp,
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'x-frame-options': 'DENY',
    // Only features browsers still know: an unknown one (e.g. the retired interest-cohort) is
    // reported as a header error in the browser's console.
    'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=()',
    'cross-origin-opener-policy': 'same-origin',
  };
}
