// A static host on loopback, for the benchmark: the built site (DIST_DIR) as plain files, as a CDN
// serves them, to put beside `npm start`. It sends a file's brotli or gzip twin (scripts/build/compress.mjs)
// when the browser accepts it, and the caching docs/deployment.md asks of a static host: content-hashed
// files under /assets/ cached for good, everything else revalidated. No receiver, no CSP.
import { createServer } from 'node:http';
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.avif': 'image/avif',
  '.webp': 'image/webp',
  '.jpg': 'image/jpeg',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
  '.xml': 'application/xml',
  '.txt': 'text/plain; charset=utf-8',
};

function fileOf(root, url) {
  const pathname = decodeURIComponent(new URL(url, 'http://host').pathname);
  const file = path.join(root, pathname.endsWith('/') ? `${pathname}index.html` : pathname);
  if (!file.startsWith(root) || !existsSync(file) || !statSync(file).isFile()) return undefined;
  return file;
}

function encodingOf(file, acceptEncoding) {
  for (const [encoding, extension] of [
    ['br', '.br'],
    ['gzip', '.gz'],
  ]) {
    if (acceptEncoding.includes(encoding) && existsSync(`${file}${extension}`)) {
      return { encoding, body: readFileSync(`${file}${extension}`) };
    }
  }
  return { encoding: undefined, body: readFileSync(file) };
}

/** Serves `dir` on 127.0.0.1:`port`; resolves once listening, with how to stop it. */
export function startStaticHost({ port, dir = process.env.DIST_DIR ?? 'dist' }) {
  const root = path.resolve(dir);
  const server = createServer((request, response) => {
    const file = fileOf(root, request.url ?? '/');
    if (!file) {
      response.writeHead(404).end('Not found');
      return;
    }
    const { encoding, body } = encodingOf(file, String(request.headers['accept-encoding'] ?? ''));
    response.writeHead(200, {
      'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream',
      'content-length': body.length,
      'cache-control': file.includes(`${path.sep}assets${path.sep}`)
        ? 'public, max-age=31536000, immutable'
        : 'no-cache',
      vary: 'Accept-Encoding',
      ...(encoding ? { 'content-encoding': encoding } : {}),
    });
    response.end(request.method === 'HEAD' ? undefined : body);
  });
  return new Promise((resolve) => {
    server.listen(port, '127.0.0.1', () =>
      resolve({ origin: `http://127.0.0.1:${port}`, stop: () => server.close() }),
    );
  });
}
