/**
 * Runs in <head> before the first paint (inline, scripts/build/site-head.ts; the server's CSP allows it by
 * its hash). On a link to a page other than home (`#/team`) it marks the document, so that the
 * prerendered home page stays hidden (index.css), and asks for that page's own prerendered HTML at
 * once, for the page's first script (enhance.ts) to show. A section of the home page (`#/about`,
 * `#about`) is the home page. A browser that has the web fonts in its cache uses them at once.
 *
 * A page's own document (`/team/`, which links reach without JavaScript) holds its page already:
 * with JavaScript its address becomes the page's hash route (`/#/team`), as every address is.
 */
import { hashRoute, isHomePath, pageOfDocument } from './content/routes';
import { requestPrerenderedPage } from './prerendered-page';
import { applyCachedWebFonts } from './web-fonts';

applyCachedWebFonts();

const ownDocument = pageOfDocument(window.location.pathname);
const path = hashRoute(window.location.hash);
if (ownDocument) {
  const { documentPath, path: page } = ownDocument;
  window.history.replaceState(
    window.history.state,
    '',
    `${documentPath}#${page}${window.location.search}`,
  );
} else if (!isHomePath(path)) {
  document.documentElement.setAttribute('data-route', 'other');
  void requestPrerenderedPage(path);
}
