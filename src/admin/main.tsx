import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import '@fontsource-variable/inter/wght.css';
import '@fontsource/playfair-display/latin-700.css';
import './admin.css';
import { AdminApp } from './admin-app';
import { startSessionEarly } from './early-session';
import { readFirstPaint } from './first-paint';
import { startListEarly } from './inbox/early-list';
import { registerServiceWorker } from './register-service-worker';
import { applyCachedWebFonts, loadWebFontsAfterLoad } from '../web-fonts';

const root = document.getElementById('root');
if (!root) throw new Error('The #root element is missing from the inbox page');

// The server painted the screen from the HTML (first-paint.ts), with React's own markup: React
// hydrates it (keeps its elements: nothing repaints, no new largest paint) starting from what was
// typed into it. Not painted (the dev server): React renders from nothing.
const painted = readFirstPaint(root);
// The session's call, and on a signed-in owner's document (the quiet frame) the list's, start
// now, side by side, not after the hydration and then one after the other (a repeat visit).
if (painted) startSessionEarly();
if (painted?.state === 'loading') startListEarly(window.location.hash);
const app = (
  <StrictMode>
    <AdminApp painted={painted} />
  </StrictMode>
);
if (painted) hydrateRoot(root, app);
else createRoot(root).render(app);

// The web fonts never hold the first paint (the document paints in their metric-matched
// fallbacks): at once where this browser has them, else after the page has loaded (src/web-fonts.ts).
applyCachedWebFonts();
loadWebFontsAfterLoad();

registerServiceWorker();
