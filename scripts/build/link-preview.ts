import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createElement, type CSSProperties, type ReactElement, type ReactNode } from 'react';
import { fontCuts, parseUnicodeRange, scriptFiles, siteGlyphs } from './site-fonts.ts';

/**
 * The picture a shared link shows (WhatsApp, LinkedIn, Facebook…): 1200×630, made at build time
 * from a language's content, over the hero's first illustration. satori lays the words out in the
 * site's own fonts and draws them as paths; sharp puts them on the picture and writes a JPEG.
 */

export const PREVIEW_WIDTH = 1200;
export const PREVIEW_HEIGHT = 630;

export interface PreviewText {
  /** Above the headline (the places served). */
  eyebrow: string;
  headline: string;
  /** Under the headline (the figures). */
  detail: string;
  /** At the bottom: the business's name and phone number. */
  signature: string;
}

const BACKGROUND = 'src/assets/home/hero-gala-dinner.svg';
const LOGO = 'src/assets/logo.svg';
const NAVY = '#0a1530';
const GOLD = '#eccb7a';

/**
 * The picture's file name, beside its document: `og-image.<hash>.jpg`, the hash of what the picture
 * is made of (its words, background, logo and the design below). A new phone or headline is a new
 * address, so link previews (WhatsApp, LinkedIn, Facebook), which keep a picture by its address,
 * fetch the new one. Made from the inputs rather than the JPEG's bytes so that the head tags can
 * name it before the picture is drawn (satori and sharp take a second or two).
 */
export function previewFileName(text: PreviewText): string {
  const hash = createHash('sha256')
    .update(JSON.stringify({ text, design: PREVIEW_DESIGN, fonts: fontCuts }))
    .update(readFileSync(BACKGROUND))
    .update(readFileSync(LOGO))
    .digest('hex')
    .slice(0, 12);
  return `og-image.${hash}.jpg`;
}

/** The first name of the picture, kept answering (with the newest picture) for links made before. */
export const UNHASHED_PREVIEW_FILE = 'og-image.jpg';

/** Changed with the layout below, so that a new design is a new name too. */
const PREVIEW_DESIGN = 2;

const inRange = (character: string, range: string) => {
  const point = character.codePointAt(0) ?? 0;
  return parseUnicodeRange(range).some(([first, last]) => point >= first && point <= last);
};

/**
 * Static TrueType cuts of one of the site's fonts at one weight, which satori can read: the site's
 * glyphs, then, for each character of `text` beyond them (an owner's "ß" or "Ő"), the script's
 * file that has it. satori draws each character with the first of a family's fonts that has it.
 */
export async function previewFonts(name: string, weight: number, text: string): Promise<Buffer[]> {
  const cut = fontCuts.find((font) => font.name === name);
  if (!cut) throw new Error(`No font ${name}`);
  const { default: subsetFont } = await import('subset-font');
  const options = {
    targetFormat: 'truetype' as const,
    ...(cut.weightRange ? { variationAxes: { wght: weight } } : {}),
  };
  const site = siteGlyphs();
  const beyond = [...new Set(text)].filter((character) => !site.includes(character));
  const scripts = scriptFiles(cut).flatMap(({ file, unicodeRange }) => {
    const characters = beyond.filter((character) => inRange(character, unicodeRange));
    return characters.length > 0 ? [{ file, characters: characters.join('') }] : [];
  });
  return Promise.all([
    subsetFont(readFileSync(cut.source), site, options),
    ...scripts.map(({ file, characters }) => subsetFont(readFileSync(file), characters, options)),
  ]);
}

/** A block of the layout (satori reads React elements and a subset of CSS). */
function box(style: CSSProperties, ...children: ReactNode[]): ReactElement {
  return createElement('div', { style }, ...children);
}

function layout(text: PreviewText): ReactElement {
  const logo = `data:image/svg+xml;base64,${readFileSync(LOGO).toString('base64')}`;
  return box(
    {
      width: PREVIEW_WIDTH,
      height: PREVIEW_HEIGHT,
      display: 'flex',
      flexDirection: 'column',
      padding: '64px 72px',
      color: 'white',
      fontFamily: 'Inter',
      backgroundImage: `linear-gradient(90deg, ${NAVY} 0%, rgba(10,21,48,0.92) 55%, rgba(10,21,48,0.35) 100%)`,
    },
    box(
      { display: 'flex', flexDirection: 'column', width: 960 },
      box(
        { fontSize: 26, fontWeight: 600, letterSpacing: 3, color: GOLD },
        text.eyebrow.toUpperCase(),
      ),
      box(
        {
          fontFamily: 'Playfair Display',
          fontSize: 72,
          lineHeight: 1.1,
          marginTop: 24,
          maxWidth: 860,
        },
        text.headline,
      ),
      box({ fontSize: 30, marginTop: 28, color: '#dde4f2' }, text.detail),
    ),
    box(
      { display: 'flex', alignItems: 'center', position: 'absolute', left: 72, bottom: 56 },
      createElement('img', { src: logo, width: 64, height: 64, alt: '' }),
      box({ fontSize: 30, fontWeight: 600, marginLeft: 20 }, text.signature),
    ),
  );
}

/** The preview as a JPEG (well under the 300 kB link previews allow). */
export async function linkPreviewImage(text: PreviewText): Promise<Buffer> {
  const [{ default: satori }, { default: sharp }] = await Promise.all([
    import('satori'),
    import('sharp'),
  ]);
  const words = Object.values(text).join('') + text.eyebrow.toUpperCase();
  const faces = [
    { name: 'Inter', cut: 'inter', weight: 400 },
    { name: 'Inter', cut: 'inter', weight: 600 },
    { name: 'Playfair Display', cut: 'playfair-display-700', weight: 700 },
  ] as const;
  const fonts = await Promise.all(
    faces.map(async ({ name, cut, weight }) =>
      (await previewFonts(cut, weight, words)).map((data) => ({
        name,
        data,
        weight,
        style: 'normal' as const,
      })),
    ),
  );
  const overlay = await satori(layout(text), {
    width: PREVIEW_WIDTH,
    height: PREVIEW_HEIGHT,
    fonts: fonts.flat(),
  });
  return sharp(readFileSync(BACKGROUND), { density: 96 })
    .resize(PREVIEW_WIDTH, PREVIEW_HEIGHT, { fit: 'cover', position: 'right' })
    .composite([{ input: Buffer.from(overlay) }])
    .jpeg({ quality: 82, mozjpeg: true })
    .toBuffer();
}
