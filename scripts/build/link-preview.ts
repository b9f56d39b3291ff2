import { readFileSync } from 'node:fs';
import { createElement, type CSSProperties, type ReactElement, type ReactNode } from 'react';
import { fontCuts, siteGlyphs } from './site-fonts.ts';

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

/** A static TrueType cut of one of the site's fonts, which satori can read. */
async function previewFont(name: string, weight: number): Promise<Buffer> {
  const cut = fontCuts.find((font) => font.name === name);
  if (!cut) throw new Error(`No font ${name}`);
  const { default: subsetFont } = await import('subset-font');
  return subsetFont(readFileSync(cut.source), siteGlyphs(), {
    targetFormat: 'truetype',
    ...(cut.weightRange ? { variationAxes: { wght: weight } } : {}),
  });
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
  const [inter, interSemibold, playfair] = await Promise.all([
    previewFont('inter', 400),
    previewFont('inter', 600),
    previewFont('playfair-display-700', 700),
  ]);
  const overlay = await satori(layout(text), {
    width: PREVIEW_WIDTH,
    height: PREVIEW_HEIGHT,
    fonts: [
      { name: 'Inter', data: inter, weight: 400, style: 'normal' },
      { name: 'Inter', data: interSemibold, weight: 600, style: 'normal' },
      { name: 'Playfair Display', data: playfair, weight: 700, style: 'normal' },
    ],
  });
  return sharp(readFileSync(BACKGROUND), { density: 96 })
    .resize(PREVIEW_WIDTH, PREVIEW_HEIGHT, { fit: 'cover', position: 'right' })
    .composite([{ input: Buffer.from(overlay) }])
    .jpeg({ quality: 82, mozjpeg: true })
    .toBuffer();
}
