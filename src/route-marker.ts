/**
 * Runs in <head> before the first paint (inline, scripts/build/site-head.ts; the server's CSP allows it by
 * its hash). On a link to a page other than home (`#/team`) it marks the document, so that the
 * prerendered home page stays hidden (index.css), and asks for that page's own prerendered HTML at
 * once, for the page's first script (enhance.ts) to show. A section of the home page (`#/about`,
 * `#about`) is the home page. A browser that has the web fonts in its cache uses them at once.
 */
import { hashRoute, isHomePath } from './content/routes';
import { requestPrerenderedPage } from './prerendered-page';
import { applyCachedWebFonts } from './web-fonts';

applyCachedWebFonts();

const path = hashRoute(window.location.hash);
if (!isHomePath(path)) {
  document.documentElement.setAttribute('data-route', 'other');
  void requestPrerenderedPage(path);
}
