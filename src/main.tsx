import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import '@fontsource-variable/inter/wght.css';
import '@fontsource/playfair-display/latin-700.css';
import './index.css';
import { App, preloadRoute } from './app/app';
import { hashRoute } from './components/use-render-after-first-paint';
import { routes } from './content/routes';

const root = document.getElementById('root');
if (!root) throw new Error('The #root element is missing from index.html');

const app = (
  <StrictMode>
    <App />
  </StrictMode>
);
const route = hashRoute(window.location.hash);

if (route === routes.home.path && root.firstElementChild) {
  // The home page arrived as HTML (scripts/prerender.ts): React takes it over as it is. As a
  // transition, hydration yields to the browser every few milliseconds instead of one long task.
  startTransition(() => {
    hydrateRoot(root, app, {
      // A mismatch makes React render the page again; say so where the browser tests look.
      onRecoverableError: (error) => console.error('Hydration failed:', error),
    });
  });
} else {
  // Another page (or a build without the prerender): its code first, so that the first render
  // needs no placeholder; that render replaces the hidden home page in one frame.
  await preloadRoute(route);
  const reactRoot = createRoot(root);
  startTransition(() => reactRoot.render(app));
}
