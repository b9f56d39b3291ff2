import { StrictMode } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import '@fontsource-variable/inter/wght.css';
import '@fontsource/playfair-display/latin-700.css';
import './admin.css';
import { AdminApp } from './admin-app';
import { readFirstPaint } from './first-paint';
import { registerServiceWorker } from './register-service-worker';

const root = document.getElementById('root');
if (!root) throw new Error('The #root element is missing from the inbox page');

// The server painted the screen from the HTML (first-paint.ts): React starts on the same screen
// with what was typed into it. Read and replaced in one task, so that no keystroke falls between.
const painted = readFirstPaint(root);
const reactRoot = createRoot(root);
flushSync(() => {
  reactRoot.render(
    <StrictMode>
      <AdminApp painted={painted} />
    </StrictMode>,
  );
});

registerServiceWorker();
