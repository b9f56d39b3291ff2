import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '@fontsource-variable/inter/wght.css';
import '@fontsource/playfair-display/latin-700.css';
import './index.css';
import { App, preloadRoute } from './app/app';
import { hashRoute } from './components/use-render-after-first-paint';

const root = document.getElementById('root');
if (!root) throw new Error('The #root element is missing from index.html');

await preloadRoute(hashRoute(window.location.hash));

createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
