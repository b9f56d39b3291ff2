/**
 * Which characters a stylesheet's web fonts really draw: the @font-face rule the browser would use
 * for a character (the last declared of its family whose unicode-range has it), and whether that
 * rule's font file maps the character to a glyph (its cmap). For the tests of site-fonts.ts and of
 * a publish (e2e/site-versions.spec.ts), which ask the served files.
 */
import { parseUnicodeRange } from './site-fonts.ts';

export interface FontFaceRule {
  family: string;
  /** The first url() of its src, as written. */
  url: string;
  /** Its unicode-range as [first, last] code points; everything when it has none. */
  ranges: [number, number][];
}

const EVERYTHING: [number, number][] = [[0, 0x10ffff]];

/** The @font-face rules of a stylesheet (minified or not), in order. */
export function fontFaceRules(css: string): FontFaceRule[] {
  return [...css.matchAll(/@font-face\s*{([^}]*)}/g)].flatMap(([, rule = '']) => {
    const family = /font-family:\s*["']?([^;"']+)["']?\s*;/.exec(rule)?.[1]?.trim();
    const url = /url\(\s*["']?([^"')]+)["']?\s*\)/.exec(rule)?.[1];
    if (!family || !url) return [];
    const range = /unicode-range:\s*([^;}]+)/.exec(rule)?.[1];
    const ranges = range ? parseUnicodeRange(range) : EVERYTHING;
    return [{ family, url, ranges }];
  });
}

/** The rule the browser tries first for `character` in `family` (the last declared that has it). */
export function faceFor(
  rules: readonly FontFaceRule[],
  family: string,
  character: string,
): FontFaceRule | undefined {
  const point = character.codePointAt(0) ?? 0;
  return rules.findLast(
    (rule) =>
      rule.family === family &&
      rule.ranges.some(([first, last]) => point >= first && point <= last),
  );
}

/** The code points a TrueType or OpenType font (sfnt) maps to a glyph: its cmap's subtables 4 and 12. */
export function cmapCodePoints(font: Buffer): Set<number> {
  const tables = font.readUInt16BE(4);
  let cmap = -1;
  for (let index = 0; index < tables; index += 1) {
    const record = 12 + index * 16;
    if (font.toString('latin1', record, record + 4) === 'cmap') {
      cmap = font.readUInt32BE(record + 8);
    }
  }
  if (cmap < 0) throw new Error('The font has no cmap table');
  const points = new Set<number>();
  const subtables = font.readUInt16BE(cmap + 2);
  for (let index = 0; index < subtables; index += 1) {
    const offset = cmap + font.readUInt32BE(cmap + 4 + index * 8 + 4);
    const format = font.readUInt16BE(offset);
    if (format === 4) readFormat4(font, offset, points);
    if (format === 12) readFormat12(font, offset, points);
  }
  return points;
}

function readFormat4(font: Buffer, offset: number, points: Set<number>): void {
  const segments = font.readUInt16BE(offset + 6) / 2;
  const ends = offset + 14;
  const starts = ends + segments * 2 + 2;
  const deltas = starts + segments * 2;
  const rangeOffsets = deltas + segments * 2;
  for (let segment = 0; segment < segments; segment += 1) {
    const start = font.readUInt16BE(starts + segment * 2);
    const end = font.readUInt16BE(ends + segment * 2);
    const delta = font.readInt16BE(deltas + segment * 2);
    const rangeOffsetAt = rangeOffsets + segment * 2;
    const rangeOffset = font.readUInt16BE(rangeOffsetAt);
    for (let point = start; point <= end && point !== 0xffff; point += 1) {
      const glyph =
        rangeOffset === 0
          ? (point + delta) & 0xffff
          : font.readUInt16BE(rangeOffsetAt + rangeOffset + (point - start) * 2);
      if (glyph !== 0) points.add(point);
    }
  }
}

function readFormat12(font: Buffer, offset: number, points: Set<number>): void {
  const groups = font.readUInt32BE(offset + 12);
  for (let group = 0; group < groups; group += 1) {
    const at = offset + 16 + group * 12;
    const start = font.readUInt32BE(at);
    const end = font.readUInt32BE(at + 4);
    const glyph = font.readUInt32BE(at + 8);
    for (let point = start; point <= end; point += 1) {
      if (glyph + (point - start) !== 0) points.add(point);
    }
  }
}

/**
 * The characters of `characters` that a font file (WOFF2, WOFF or TrueType) draws: harfbuzz
 * (subset-font) opens it and keeps those it has, whose cmap is then read.
 */
export async function charactersDrawn(font: Buffer, characters: string): Promise<string> {
  const { default: subsetFont } = await import('subset-font');
  const points = cmapCodePoints(await subsetFont(font, characters, { targetFormat: 'truetype' }));
  return [...characters].filter((character) => points.has(character.codePointAt(0) ?? 0)).join('');
}
