import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { compressSite } from './compress.mjs';

describe('compressSite', () => {
  it('writes a brotli and a gzip twin of each text file, and none of a picture or a font', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'compress-'));
    mkdirSync(path.join(dir, 'assets'));
    const page = '<!doctype html><p>Potomac Staffing</p>'.repeat(50);
    writeFileSync(path.join(dir, 'index.html'), page);
    writeFileSync(path.join(dir, 'assets', 'photo-AbCd1234.avif'), Buffer.alloc(500, 1));
    writeFileSync(path.join(dir, 'assets', 'font-AbCd1234.woff2'), Buffer.alloc(500, 2));
    writeFileSync(path.join(dir, 'tiny.txt'), 'x');

    compressSite(dir);

    const file = (name: string) => readFileSync(path.join(dir, name));
    expect(brotliDecompressSync(file('index.html.br')).toString()).toBe(page);
    expect(gunzipSync(file('index.html.gz')).toString()).toBe(page);
    expect(existsSync(path.join(dir, 'assets', 'photo-AbCd1234.avif.br'))).toBe(false);
    expect(existsSync(path.join(dir, 'assets', 'font-AbCd1234.woff2.gz'))).toBe(false);
    // A twin that would be larger than the file is not written.
    expect(existsSync(path.join(dir, 'tiny.txt.br'))).toBe(false);
  });
});
