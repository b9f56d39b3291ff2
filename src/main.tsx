import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import 'virtual:site-fonts.css';
import './index.css';
import { App, preloadRoute } from './app/app';
import type { AppStartOptions } from './app-start';
import { CONTENT_ELEMENT_ID, publishedVersion, type PublishedVersion } from './content/published';
import { hashRoute } from './content/routes';
import { PublishedContext } from './content/use-content';
import { loadWebFontsAfterLoad } from './web-fonts';

/** Where the prerendered HTML in #root says which page it is (scripts/build/prerender.ts, src/enhance.ts). */
const PRERENDERED_PAGE_ATTRIBUTE = 'data-page';

/**
 * The version the document shows: the one it carries (#site-content, written by the publish), so
 * that React takes over the page with the words it was made with; none: the code's content.
 */
function documentVersion(): PublishedVersion {
  const text = document.getElementById(CONTENT_ELEMENT_ID)?.textContent;
  return publishedVersion(text ? (JSON.parse(text) as unknown) : null);
}

/**
 * Starts React on the page. The prerendered page's script (src/enhance.ts) calls this when the
 * visitor first needs it (a move to another page, or a page that only React can run).
 *
 * When #root holds the prerendered HTML of the page now asked for, React takes it over as it is
 * (hydration, as a transition: it yields to the browser every few milliseconds); otherwise it
 * renders the page, its code loaded first so that the first render needs no placeholder.
 */
async function mount(options: AppStartOptions = {}): Promise<void> {
  const root = document.getElementById('root');
  if (!root) throw new Error('The #root element is missing from index.html');
  await preloadRoute(hashRoute(window.location.hash));
  // The address may have moved while the page's code came: React takes over the page shown only
  // if it is still the one asked for.
  const route = hashRoute(window.location.hash);
  const app = (
    <StrictMode>
      <PublishedContext value={documentVersion()}>
        <App {...options} />
      </PublishedContext>
    </StrictMode>
  );
  if (root.getAttribute(PRERENDERED_PAGE_ATTRIBUTE) === route) {
    startTransition(() => {
      hydrateRoot(root, app, {
        // A mismatch makes React render the page again; say so where the browser tests look.
        onRecoverableError: (error) => console.error('Hydration failed:', error),
      });
    });
  } else {
    const reactRoot = createRoot(root);
    startTransition(() => reactRoot.render(app));
  }
  root.removeAttribute(PRERENDERED_PAGE_ATTRIBUTE);
}

// The prerendered page's script starts React when it is needed; without it (the dev server, a
// build without the prerender), React starts at once.
if (document.documentElement.hasAttribute('data-enhanced')) window.potomacApp = { mount };
else {
  loadWebFontsAfterLoad();
  void mount();
}
