/**
 * Which requests are counted as a view (README.md): a person's browser asking for a document (or
 * sending the beacon), not a bot, a link preview, a prefetch or a visitor who asks not to be
 * followed (Global Privacy Control).
 */
import { isbot } from 'isbot';

/** What is read of a request: its method and headers (fastify's, lowercase names). */
export interface CountableRequest {
  method: string;
  headers: Record<string, string | string[] | undefined>;
}

const header = (request: CountableRequest, name: string): string => {
  const value = request.headers[name];
  return (Array.isArray(value) ? value.join(',') : (value ?? '')).toLowerCase();
};

/** Whether the browser fetches this ahead of a visit (a prefetch, a prerender, a preview). */
function speculative(request: CountableRequest): boolean {
  return (
    header(request, 'sec-purpose').includes('prefetch') ||
    header(request, 'purpose').includes('prefetch') ||
    header(request, 'x-moz').includes('prefetch') ||
    header(request, 'x-purpose').includes('preview')
  );
}

/**
 * Whether `request` counts: for a 'document' a GET navigation (Sec-Fetch-Dest `document` and
 * Sec-Fetch-Mode `navigate` when the browser sends them: an old browser sends neither and is
 * counted); for a 'beacon' a POST. Never a bot (isbot, or no user agent), a prefetch or prerender,
 * or a visitor sending `Sec-GPC: 1`.
 */
export function countable(request: CountableRequest, what: 'document' | 'beacon'): boolean {
  if (request.method !== (what === 'document' ? 'GET' : 'POST')) return false;
  const agent = header(request, 'user-agent');
  if (!agent.trim() || isbot(agent)) return false;
  if (speculative(request) || header(request, 'sec-gpc').trim() === '1') return false;
  if (what === 'beacon') return true;
  const dest = header(request, 'sec-fetch-dest');
  const mode = header(request, 'sec-fetch-mode');
  return (!dest || dest === 'document') && (!mode || mode === 'navigate');
}
