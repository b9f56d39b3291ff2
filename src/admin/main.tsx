import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '@fontsource-variable/inter/wght.css';
import '@fontsource/playfair-display/latin-700.css';
import './admin.css';
import { AdminApp } from './admin-app';
import { registerServiceWorker } from './register-service-worker';

const root = document.getElementById('root');
if (!root) throw new Error('The #root element is missing from the inbox page');

createRoot(root).render(
  <StrictMode>
    <AdminApp />
  </StrictMode>,
);

registerServiceWorker();
