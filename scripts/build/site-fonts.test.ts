import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { contentGlyphs, siteGlyphs } from './site-fonts.ts';

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
