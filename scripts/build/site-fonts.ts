import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

/**
 * The site's two web fonts, cut at build time to what its pages use: the glyphs of both languages
 * and only the weights the stylesheet sets. `import 'virtual:site-fonts.css'` gives their
 * @font-face rules; the cut files are cached by content (node_modules/.cache/site-fonts).
 */

interface FontCut {
  /** The start of the file's name in the build (`inter-…woff2`). */
  name: string;
  family: string;
  /** The font-weight of the @font-face rule: a range for a variable font. */
  weight: string;
  /** The original, from its npm package (docs/performance.md, "Fonts, cut to the site"). */
  source: string;
  /** For a variable font: the weight range to keep. */
  weightRange?: { min: number; max: number };
}

export const fontCuts: readonly FontCut[] = [
  {
    name: 'inter',
    family: 'Inter Variable',
    // font-normal, -medium, -semibold and -bold: 400 to 700.
    weight: '400 700',
    source: 'node_modules/@fontsource-variable/inter/files/inter-latin-wght-normal.woff2',
    weightRange: { min: 400, max: 700 },
  },
  {
    name: 'playfair-display-700',
    family: 'Playfair Display',
    weight: '700',
    source:
      'node_modules/@fontsource/playfair-display/files/playfair-display-latin-700-normal.woff2',
  },
];

/** Spanish letters and marks, and the punctuation of careful typography, whatever content says. */
const ALWAYS = 'áéíóúñüÁÉÍÓÚÑÜ¿¡«»‘’“”–—…•·©®°×→';

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? filesUnder(path.join(dir, entry.name))
      : [path.join(dir, entry.name)].filter((file) => file.endsWith('.ts')),
  );
}

/** Printable ASCII: what visitors type. */
function asciiGlyphs(): string[] {
  return Array.from({ length: 0x7f - 0x20 }, (_, i) => String.fromCharCode(0x20 + i));
}

/** Every character beyond ASCII written in the content of either language (src/content). */
export function contentGlyphs(contentDir = 'src/content'): string {
  const glyphs = new Set<string>();
  for (const file of filesUnder(contentDir)) {
    const code = readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\/|\/\/[^\n]*/g, '');
    for (const character of code) {
      if ((character.codePointAt(0) ?? 0) > 0x7e) glyphs.add(character);
    }
  }
  return [...glyphs].sort().join('');
}

/** Every character the fonts must draw: ASCII, the characters above and the content's. */
export function siteGlyphs(contentDir = 'src/content'): string {
  const glyphs = new Set([...asciiGlyphs(), ...ALWAYS, ...contentGlyphs(contentDir)]);
  return [...glyphs].sort().join('');
}

async function cutFont(cut: FontCut, glyphs: string, cacheDir: string): Promise<string> {
  const original = readFileSync(cut.source);
  const key = createHash('sha256')
    .update(original)
    .update(glyphs)
    .update(JSON.stringify(cut.weightRange ?? null))
    .digest('hex')
    .slice(0, 12);
  const file = path.resolve(cacheDir, key, `${cut.name}.woff2`);
  if (existsSync(file)) return file;
  // Loaded only when a font must be cut (harfbuzz, as WebAssembly).
  const { default: subsetFont } = await import('subset-font');
  const cutFile = await subsetFont(original, glyphs, {
    targetFormat: 'woff2',
    ...(cut.weightRange ? { variationAxes: { wght: cut.weightRange } } : {}),
  });
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, cutFile);
  return file;
}

/** The @font-face rules of the cut fonts. */
export async function siteFontFaces(cacheDir: string): Promise<string> {
  const glyphs = siteGlyphs();
  const rules = await Promise.all(
    fontCuts.map(async (cut) => {
      const file = await cutFont(cut, glyphs, cacheDir);
      return [
        '@font-face {',
        `  font-family: '${cut.family}';`,
        '  font-style: normal;',
        '  font-display: swap;',
        `  font-weight: ${cut.weight};`,
        `  src: url('${file.replaceAll('\\', '/')}') format('woff2');`,
        '}',
      ].join('\n');
    }),
  );
  return rules.join('\n');
}

const MODULE_ID = 'virtual:site-fonts.css';
/** Ends in .css, so that Vite's CSS pipeline takes it (and the font files in it). */
const RESOLVED_ID = '\0site-fonts.css';

export function siteFonts(cacheDir = 'node_modules/.cache/site-fonts'): Plugin {
  return {
    name: 'site-fonts',
    resolveId: (id) => (id === MODULE_ID ? RESOLVED_ID : null),
    load: (id) => (id === RESOLVED_ID ? siteFontFaces(cacheDir) : null),
  };
}
