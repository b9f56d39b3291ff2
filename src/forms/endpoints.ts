/** Where the forms are sent; set at build time for a static host (docs/deployment.md, "Deploying to a static host"). */

function endpoint(configured: unknown, fallback: string): string {
  return typeof configured === 'string' && configured.trim() ? configured.trim() : fallback;
}

export const quoteEndpoint = endpoint(import.meta.env.VITE_QUOTE_ENDPOINT, '/api/forms/quote');

export const applicationEndpoint = endpoint(
  import.meta.env.VITE_APPLICATION_ENDPOINT,
  '/api/forms/application',
);
