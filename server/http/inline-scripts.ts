import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';

/** A `<script>` element without `src`: its attributes and its text. */
const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/gi;

/**
 * The CSP sources ('sha256-…') of the scripts written inline in an HTML document, so that exactly
 * these run, without 'unsafe-inline'. Data blocks (JSON-LD) are not scripts and need none.
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const [, attributes = '', text = ''] of html.matchAll(INLINE_SCRIPT)) {
    if (
      /\bsrc\s*=/i.test(attributes) ||
      /\btype\s*=\s*["']?application\/(ld\+)?json/i.test(attributes)
    ) {
      continue;
    }
    hashes.add(`'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`);
  }
  return [...hashes];
}

/** The inline-script hashes of the site's documents in `distDir` (index.html; none if absent). */
export function documentScriptHashes(
  distDir: string | undefined,
  documents = ['index.html'],
): string[] {
  if (!distDir) return [];
  const hashes = documents.flatMap((document) => {
    try {
      return inlineScriptHashes(readFileSync(path.join(distDir, document), 'utf8'));
    } catch {
      return [];
    }
  });
  return [...new Set(hashes)];
}
