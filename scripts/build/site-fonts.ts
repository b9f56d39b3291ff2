import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

/**
 * The site's two web fonts, cut at build time to what its pages use: the glyphs of both languages
 * and only the weights the stylesheet sets. `import 'virtual:site-fonts.css'` gives their
 * @font-face rules; the cut files are cached by content (node_modules/.cache/site-fonts).
 *
 * The owner publishes words the code never had ("€", "ß", "Ő", a name in Greek): every script of
 * each font's package is there too, cut to the same weights and to the characters the small cut
 * lacks, behind a `unicode-range` of those characters. A page uses the small cut alone, as
 * before, unless it holds a character beyond it: only then does the browser fetch the one file
 * that has it. No publish has to cut fonts or change the stylesheet.
 */

interface FontCut {
  /** The start of the file's name in the build (`inter-…woff2`). */
  name: string;
  family: string;
  /** The font-weight of the @font-face rule: a range for a variable font. */
  weight: string;
  /** The original, from its npm package (docs/performance.md, "How a page reaches the screen": fonts, cut to the site). */
  source: string;
  /** For a variable font: the weight range to keep. */
  weightRange?: { min: number; max: number };
  /** The package's stylesheet of this weight: every script's file and its unicode-range. */
  scripts: string;
}

export const fontCuts: readonly FontCut[] = [
  {
    name: 'inter',
    family: 'Inter Variable',
    // font-normal, -medium, -semibold and -bold: 400 to 700.
    weight: '400 700',
    source: 'node_modules/@fontsource-variable/inter/files/inter-latin-wght-normal.woff2',
    weightRange: { min: 400, max: 700 },
    scripts: 'node_modules/@fontsource-variable/inter/wght.css',
  },
  {
    name: 'playfair-display-700',
    family: 'Playfair Display',
    weight: '700',
    source:
      'node_modules/@fontsource/playfair-display/files/playfair-display-latin-700-normal.woff2',
    scripts: 'node_modules/@fontsource/playfair-display/700.css',
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

/** One script's file of a font's package (`inter-latin-ext-wght-normal.woff2`) and its range. */
export interface ScriptFile {
  file: string;
  /** The CSS `unicode-range` value, as the package writes it. */
  unicodeRange: string;
}

/** Every script's file of `cut`'s package, from its stylesheet, in the package's order. */
export function scriptFiles(cut: FontCut): ScriptFile[] {
  const css = readFileSync(cut.scripts, 'utf8');
  return [...css.matchAll(/@font-face\s*{([^}]*)}/g)].flatMap(([, rule = '']) => {
    const file = /url\(\.\/([^)]+\.woff2)\)/.exec(rule)?.[1];
    const unicodeRange = /unicode-range:\s*([^;]+);/.exec(rule)?.[1]?.trim();
    return file && unicodeRange
      ? [{ file: path.join(path.dirname(cut.scripts), file), unicodeRange }]
      : [];
  });
}

/**
 * The code points of a CSS unicode-range (`U+0000-00FF,U+0131`, or minified: `U+1F??`), as
 * [first, last] pairs.
 */
export function parseUnicodeRange(range: string): [number, number][] {
  return range.split(',').map((part) => {
    const [first = '0', last = first] = part.trim().replace(/^U\+/i, '').split('-');
    return [parseInt(first.replaceAll('?', '0'), 16), parseInt(last.replaceAll('?', 'F'), 16)];
  });
}

/** Every character of a unicode-range. */
function charactersOf(range: string): string {
  return parseUnicodeRange(range)
    .flatMap(([first, last]) =>
      Array.from({ length: last - first + 1 }, (_, i) => String.fromCodePoint(first + i)),
    )
    .join('');
}

/** `glyphs` as a CSS unicode-range, consecutive code points joined (`U+20-7E,U+A9`). */
export function unicodeRangeOf(glyphs: string): string {
  const points = [...new Set([...glyphs].map((glyph) => glyph.codePointAt(0) ?? 0))].sort(
    (a, b) => a - b,
  );
  const ranges: [number, number][] = [];
  for (const point of points) {
    const last = ranges.at(-1);
    if (last && last[1] === point - 1) last[1] = point;
    else ranges.push([point, point]);
  }
  const hex = (point: number) => point.toString(16).toUpperCase();
  return ranges
    .map(([first, last]) => (first === last ? `U+${hex(first)}` : `U+${hex(first)}-${hex(last)}`))
    .join(',');
}

/** `cut`'s font (or one of its scripts' files, `script`) cut to `glyphs`; the cached file's path. */
async function cutFont(
  cut: FontCut,
  glyphs: string,
  cacheDir: string,
  script?: string,
): Promise<string> {
  const source = script ?? cut.source;
  const original = readFileSync(source);
  const key = createHash('sha256')
    .update(original)
    .update(glyphs)
    .update(JSON.stringify(cut.weightRange ?? null))
    .digest('hex')
    .slice(0, 12);
  const name = script ? path.basename(script, '.woff2') : cut.name;
  const file = path.resolve(cacheDir, key, `${name}.woff2`);
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

function fontFace(cut: FontCut, file: string, unicodeRange: string): string {
  return [
    '@font-face {',
    `  font-family: '${cut.family}';`,
    '  font-style: normal;',
    '  font-display: swap;',
    `  font-weight: ${cut.weight};`,
    `  src: url('${file.replaceAll('\\', '/')}') format('woff2');`,
    `  unicode-range: ${unicodeRange};`,
    '}',
  ].join('\n');
}

/**
 * The @font-face rules of one font: each script's file, cut to the characters of its range that
 * the site's cut lacks, then the site's cut. No two ranges overlap, so the browser asks for a
 * script's file only for a character that is there alone (and `document.fonts.check()` of the
 * site's text waits for the site's cut alone).
 */
async function fontFaces(cut: FontCut, glyphs: string, cacheDir: string): Promise<string[]> {
  const site = new Set(glyphs);
  const extras = scriptFiles(cut).flatMap(({ file, unicodeRange }) => {
    const characters = [...charactersOf(unicodeRange)].filter((glyph) => !site.has(glyph));
    return characters.length > 0 ? [{ file, characters: characters.join('') }] : [];
  });
  const scripts = await Promise.all(
    extras.map(async ({ file, characters }) =>
      fontFace(cut, await cutFont(cut, characters, cacheDir, file), unicodeRangeOf(characters)),
    ),
  );
  const own = fontFace(cut, await cutFont(cut, glyphs, cacheDir), unicodeRangeOf(glyphs));
  return [...scripts, own];
}

/** The @font-face rules of the fonts. */
export async function siteFontFaces(cacheDir: string): Promise<string> {
  const glyphs = siteGlyphs();
  const rules = await Promise.all(fontCuts.map((cut) => fontFaces(cut, glyphs, cacheDir)));
  return rules.flat().join('\n');
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
