import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { INBOX_ICONS, type InboxIcon } from '../../src/admin/contract.ts';
import { renderIcon } from './app-icons.ts';

const svg = readFileSync('src/assets/logo.svg');

function iconOf(purpose: InboxIcon['purpose'], size: number): InboxIcon {
  const icon = INBOX_ICONS.find((each) => each.purpose === purpose && each.size === size);
  if (!icon) throw new Error(`no ${purpose} icon of ${size}`);
  return icon;
}

async function pixels(png: Buffer) {
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const at = (x: number, y: number) => {
    const i = (y * info.width + x) * 4;
    return { r: data[i] ?? 0, g: data[i + 1] ?? 0, b: data[i + 2] ?? 0, a: data[i + 3] ?? 0 };
  };
  return { info, at };
}

const NAVY = { r: 0x0a, g: 0x15, b: 0x30, a: 255 };

describe("the installable inbox's icons", () => {
  it.each(INBOX_ICONS)('draws $file at $size px', async (icon) => {
    const { info } = await pixels(await renderIcon(svg, icon));
    expect([info.width, info.height]).toEqual([icon.size, icon.size]);
  });

  it('draws the logo as it is (its rounded corners clear) for the plain icons', async () => {
    const { at } = await pixels(await renderIcon(svg, iconOf('any', 512)));
    expect(at(0, 0).a).toBe(0);
    expect(at(256, 256)).toEqual(NAVY);
  });

  it('keeps every bright pixel of the maskable icon inside the safe zone, on the theme colour', async () => {
    const { info, at } = await pixels(await renderIcon(svg, iconOf('maskable', 512)));
    expect(at(0, 0)).toEqual(NAVY);
    const middle = info.width / 2;
    let bright = 0;
    for (let y = 0; y < info.height; y += 2) {
      for (let x = 0; x < info.width; x += 2) {
        const { r, g } = at(x, y);
        if (r + g < 200) continue; // navy and its edges: the logo's gold and white are brighter
        bright += 1;
        expect(Math.hypot(x - middle, y - middle)).toBeLessThanOrEqual(0.4 * info.width);
      }
    }
    expect(bright).toBeGreaterThan(1000);
  });

  it('fills the iPhone’s icon to its corners (iOS blackens transparency)', async () => {
    const { at } = await pixels(await renderIcon(svg, iconOf('apple', 180)));
    expect(at(0, 0)).toEqual(NAVY);
    expect(at(179, 179)).toEqual(NAVY);
  });
});
