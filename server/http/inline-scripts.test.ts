import { createHash } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { documentScriptHashes, inlineScriptHashes } from './inline-scripts.ts';

function hashOf(text: string): string {
  return `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
}

describe('inlineScriptHashes', () => {
  it('hashes each inline script exactly, once, and no external script or data block', () => {
    const marker = "var r=location.hash;if(r)document.documentElement.setAttribute('data-x','1')";
    const html = [
      `<head><script>${marker}</script>`,
      '<script type="application/ld+json">{"@context":"https://schema.org"}</script>',
      '<script type="module" crossorigin src="/assets/index.js"></script>',
      `</head><body><script>${marker}</script><script>\n  x()\n</script></body>`,
    ].join('');
    expect(inlineScriptHashes(html)).toEqual([hashOf(marker), hashOf('\n  x()\n')]);
  });

  it('reads the documents of a build, and none where there is none', () => {
    const dist = mkdtempSync(path.join(tmpdir(), 'inline-scripts-'));
    writeFileSync(path.join(dist, 'index.html'), '<script>a()</script>');
    expect(documentScriptHashes(dist)).toEqual([hashOf('a()')]);
    expect(documentScriptHashes(path.join(dist, 'missing'))).toEqual([]);
    expect(documentScriptHashes(undefined)).toEqual([]);
  });
});
