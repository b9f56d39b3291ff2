/**
 * Runs in <head> before the first paint (inline, scripts/build/site-head.ts; the server's CSP allows it by
 * its hash). On a link to a page other than home (`#/team`) it marks the document, so that the
 * prerendered home page stays hidden (index.css), and asks for that page's own prerendered HTML at
 * once, for the page's first script (enhance.ts) to show. A section of the home page (`#/about`,
 * `#about`) is the home page. A browser that has the web fonts in its cache uses them at once.
 *
 * A page's own document (`/team/`, which links reach without JavaScript) holds its page already:
 * with JavaScript its address becomes the page's hash route (`/#/team`), as every address is.
 *
 * The home page's first image is lazy in the HTML, so that the browser does not fetch it for a page
 * that hides it; when the home page is the one shown, it becomes eager here as it is parsed
 * (first-screen-image.ts). And from the first paint on, a form's Send waits for the app
 * (forms/held-submit.ts).
 */
import { hashRoute, isHomePath, pageOfDocument } from './content/routes';
import { loadFirstScreenImage } from './first-screen-image';
import { holdEarlySubmits } from './forms/held-submit';
import { requestPrerenderedPage } from './prerendered-page';
import { applyCachedWebFonts } from './web-fonts';

applyCachedWebFonts();
window.potomacSubmitHold = holdEarlySubmits();

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
} else {
  loadFirstScreenImage();
}
