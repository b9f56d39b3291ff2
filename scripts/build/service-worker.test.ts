import { shellFiles } from './service-worker.ts';

describe("the service worker's shell", () => {
  it('keeps the scripts, styles, WOFF2 fonts, the logo and the icons, not the editor’s photos', () => {
    const bundle = [
      'index.html',
      'sw.js',
      'assets/index-B-GSZvfA.js',
      'assets/index-B-GSZvfA.js.map',
      'assets/index-B2-NxH2o.css',
      'assets/inter-latin-wght-normal-Dx4kXJAl.woff2',
      'assets/playfair-display-latin-700-normal-Bc_1Q1cG.woff',
      'assets/logo-BlRUpM__.svg',
      'assets/founder-portrait-8tZpuHhs.avif',
      'assets/hero-bartender-CXeJb1mL.webp',
      'assets/hero-gala-dinner-Bh_mjDHB.jpg',
      'icons/icon-192.png',
      'icons/apple-touch-icon.png',
    ];
    expect(shellFiles(bundle)).toEqual([
      'assets/index-B-GSZvfA.js',
      'assets/index-B2-NxH2o.css',
      'assets/inter-latin-wght-normal-Dx4kXJAl.woff2',
      'assets/logo-BlRUpM__.svg',
      'icons/apple-touch-icon.png',
      'icons/icon-192.png',
    ]);
  });
});
