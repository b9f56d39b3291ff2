import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { charactersDrawn, faceFor, fontFaceRules } from './font-coverage.ts';
import {
  contentGlyphs,
  fontCuts,
  parseUnicodeRange,
  siteFontFaces,
  siteGlyphs,
  unicodeRangeOf,
} from './site-fonts.ts';

describe('the glyphs the fonts keep', () => {
  it("are the content's characters beyond ASCII, in both languages, not its comments'", () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'content-'));
    mkdirSync(path.join(dir, 'es'));
    writeFileSync(path.join(dir, 'site.ts'), "/** Notes → here */\nexport const a = '“Quoted”';");
    writeFileSync(path.join(dir, 'es', 'site.ts'), "export const a = '¿Cuándo? Año'; // ★");
    expect([...contentGlyphs(dir)].sort()).toEqual([...'“”¿áñ'].sort());
  });

  it('cover what visitors type and every Spanish letter, whatever the content says', () => {
    const glyphs = siteGlyphs();
    for (const character of 'AZaz09@.,-+()¿¡áéíóúñüÁÉÍÓÚÑÜ') expect(glyphs).toContain(character);
  });
});

describe('the fonts the stylesheet serves', () => {
  // An owner's publish may hold any of these; the code's content has none of the last four.
  const published = '€çñßŐ';

  it('draw every character an owner publishes, each in its own family, not a fallback', async () => {
    const rules = fontFaceRules(await siteFontFaces('node_modules/.cache/site-fonts'));
    for (const cut of fontCuts) {
      for (const character of published) {
        const face = faceFor(rules, cut.family, character);
        expect(face, `${cut.family} has a face for ${character}`).toBeDefined();
        const drawn = await charactersDrawn(readFileSync(face?.url ?? ''), character);
        expect(drawn, `${cut.family} draws ${character}`).toBe(character);
      }
    }
  }, 60_000);

  it("keep the site's own glyphs in the small cut, tried first", async () => {
    const rules = fontFaceRules(await siteFontFaces('node_modules/.cache/site-fonts'));
    for (const cut of fontCuts) {
      const own = faceFor(rules, cut.family, 'A');
      expect(own?.url).toMatch(new RegExp(`/${cut.name}\\.woff2$`));
      expect(rules.filter((rule) => rule.family === cut.family).at(-1)).toBe(own);
    }
  }, 60_000);

  it('write a unicode-range of the glyphs, consecutive code points joined', () => {
    expect(unicodeRangeOf('cabz©')).toBe('U+61-63,U+7A,U+A9');
  });
});

describe('a unicode-range', () => {
  it('reads as code points, wildcards and all', () => {
    expect(parseUnicodeRange('U+0000-00FF,U+131,U+1F??')).toEqual([
      [0, 0xff],
      [0x131, 0x131],
      [0x1f00, 0x1fff],
    ]);
  });
});
