// The last step of `npm run build`: every text file of the built site (DIST_DIR, default dist) gets
// a brotli (.br, quality 11) and a gzip (.gz, level 9) twin, made once here rather than on every
// request. `npm start` serves them (@fastify/static's preCompressed); many static hosts do too. A
// twin that would not be smaller is not written.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const TEXT = /\.(html|css|js|mjs|svg|xml|txt|json|webmanifest)$/;

function* files(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(file);
    else if (TEXT.test(entry.name)) yield file;
  }
}

export function compressSite(dir) {
  let before = 0;
  let after = 0;
  for (const file of files(dir)) {
    const content = readFileSync(file);
    const twins = {
      br: brotliCompressSync(content, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
        },
      }),
      gz: gzipSync(content, { level: 9 }),
    };
    for (const [extension, twin] of Object.entries(twins)) {
      if (twin.length < content.length) writeFileSync(`${file}.${extension}`, twin);
    }
    before += statSync(file).size;
    after += twins.br.length;
  }
  return { before, after };
}

// Run as a command (the build's last step), not when a test imports it.
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const dir = process.env.DIST_DIR ?? 'dist';
  const { before, after } = compressSite(dir);
  console.log(
    `${dir}: text files compressed, ${Math.round(before / 1024)} kB → ${Math.round(after / 1024)} kB (brotli)`,
  );
}
