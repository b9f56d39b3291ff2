/**
 * The site version a document is of, so that whatever the page asks for after it is of the same
 * version: the server writes it on <html> when it makes the owner's documents
 * (server/site/render/); the build's documents carry none (version 0). The page's requests for
 * its pages' prerendered HTML name it (`pages/team.html?v=3`); the server answers with that
 * version's, or with 409 once it no longer holds it, and the page is then loaded again whole, in
 * the new version, rather than hydrating new words with the old ones it carries.
 */

export const SITE_VERSION_ATTRIBUTE = 'data-site-version';
/** The server's answer for a version it no longer holds (server/http/app.ts). */
export const VERSION_GONE_STATUS = 409;
/** Where a tab remembers the version it loaded again from, so that it does so only once. */
const RELOADED_KEY = 'site-version-reloaded';

/** `html` (a whole document) marked as `version`'s. */
export function withSiteVersion(html: string, version: number): string {
  return html.replace(/<html\b/, () => `<html ${SITE_VERSION_ATTRIBUTE}="${version}"`);
}

/** The version of the document this script runs in (0: the build's). */
export function documentVersion(): number {
  const version = Number(document.documentElement.getAttribute(SITE_VERSION_ATTRIBUTE));
  return Number.isSafeInteger(version) && version > 0 ? version : 0;
}

/** The address of a piece of this document (relative, as `file` is), pinned to its version. */
export function pinnedAddress(file: string): string {
  return `${file}?v=${documentVersion()}`;
}

/**
 * Loads the page again for the newest version; false when this tab already did so from this
 * version (the new load came from an instance still behind): then the app draws the page itself.
 */
export function reloadForNewVersion(): boolean {
  const version = String(documentVersion());
  try {
    if (window.sessionStorage.getItem(RELOADED_KEY) === version) return false;
    window.sessionStorage.setItem(RELOADED_KEY, version);
  } catch {
    return false; // Storage disabled: no way to know it is the first time, so never loop.
  }
  window.location.reload();
  return true;
}
