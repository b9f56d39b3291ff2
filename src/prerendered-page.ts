import { prerenderedPageFile } from './content/routes';
import { pinnedAddress, reloadForNewVersion, VERSION_GONE_STATUS } from './site-version';

/**
 * The prerendered HTML of a page other than home (scripts/build/prerender.ts writes one file per page),
 * fetched once: the script in <head> (route-marker.ts) asks for it before the first paint, and the
 * page's first script (enhance.ts) takes that same request, or asks for another page's. Each is of
 * the document's own site version (site-version.ts): when the server no longer has it, the page
 * is loaded again in the new one.
 */

interface PageRequest {
  path: string;
  html: Promise<string | null>;
}

declare global {
  interface Window {
    /** The request the script in <head> started. */
    prerenderedPageRequest?: PageRequest;
  }
}

/** The page's HTML (null when it cannot be had); none for a page that is not prerendered. */
export function requestPrerenderedPage(path: string): Promise<string | null> | undefined {
  const started = window.prerenderedPageRequest;
  if (started?.path === path) return started.html;
  const file = prerenderedPageFile(path);
  if (!file) return undefined;
  const html = fetch(pinnedAddress(file)).then(
    (response) => {
      if (response.status === VERSION_GONE_STATUS && reloadForNewVersion()) {
        return new Promise<never>(() => {}); // The new version's document replaces this one.
      }
      return response.ok ? response.text() : null;
    },
    () => null,
  );
  window.prerenderedPageRequest = { path, html };
  return html;
}
