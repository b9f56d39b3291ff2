import { charactersDrawn } from './font-coverage.ts';
import { previewFileName, previewFonts, type PreviewText } from './link-preview.ts';
import { previewText, siteHeadTags } from './site-head.ts';
import { NOTHING_PUBLISHED } from '../../src/content/published.ts';

const text: PreviewText = {
  eyebrow: 'Washington · Maryland · Virginia',
  headline: 'Elite Staffing',
  detail: '500+ events',
  signature: 'Potomac Staffing · (202) 555-0100',
};

describe('the link preview’s file name', () => {
  it('carries a hash of what the picture shows, so a new phone is a new address', () => {
    const name = previewFileName(text);
    expect(name).toMatch(/^og-image\.[0-9a-f]{12}\.jpg$/);
    expect(previewFileName({ ...text })).toBe(name);
    expect(previewFileName({ ...text, signature: 'Potomac Staffing · (703) 555-2368' })).not.toBe(
      name,
    );
  });

  it('is the one the head tags point to, in both languages', () => {
    for (const language of ['en', 'es']) {
      const image = /property="og:image" content="([^"]+)"/.exec(
        siteHeadTags(NOTHING_PUBLISHED, language),
      )?.[1];
      expect(image?.endsWith(`/${previewFileName(previewText(NOTHING_PUBLISHED, language))}`)).toBe(
        true,
      );
    }
  });
});

describe('the link preview’s fonts', () => {
  it('draw every character an owner publishes (€ ç ñ ß Ő), at each weight', async () => {
    const published = '€çñßŐ';
    for (const [cut, weight] of [
      ['inter', 400],
      ['inter', 600],
      ['playfair-display-700', 700],
    ] as const) {
      const fonts = await previewFonts(cut, weight, `Call us ${published}`);
      const drawn = new Set<string>();
      for (const font of fonts)
        for (const glyph of await charactersDrawn(font, published)) drawn.add(glyph);
      expect([...drawn].sort().join(''), `${cut} ${weight}`).toBe([...published].sort().join(''));
    }
  }, 60_000);
});
