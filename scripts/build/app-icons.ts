/**
 * The installable inbox's icons (docs/push.md, "The installable inbox"), drawn from the logo
 * (src/assets/logo.svg) with sharp when the inbox is built, to the fixed paths of INBOX_ICONS
 * under /admin/: the logo as it is at 192 and 512 px; a maskable 512 px, the logo inside the
 * safe zone (the middle circle of 80 % that every launcher's mask keeps) on the theme colour; and
 * the iPhone's 180 px apple-touch-icon, on the theme colour too (iOS blackens transparency).
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import type { Plugin } from 'vite';
import { INBOX_ICONS, INBOX_THEME_COLOR, type InboxIcon } from '../../src/admin/contract.ts';

const LOGO = path.resolve('src/assets/logo.svg');
/** The logo's own width (its viewBox), which sharp renders at 72 dpi. */
const LOGO_WIDTH = 96;
/**
 * The logo's share of a full-bleed icon. Maskable: the farthest point of the logo's gold frame is
 * 0.554 of its width from the middle, so at 0.68 it stays within the safe circle (radius 0.4).
 */
const LOGO_SHARE: Record<InboxIcon['purpose'], number> = { any: 1, maskable: 0.68, apple: 0.9 };

async function logoAt(svg: Buffer, size: number): Promise<Buffer> {
  return sharp(svg, { density: Math.ceil((72 * size) / LOGO_WIDTH) })
    .resize(size, size)
    .png()
    .toBuffer();
}

/** One icon of INBOX_ICONS as a PNG, from the logo's SVG. */
export async function renderIcon(svg: Buffer, icon: InboxIcon): Promise<Buffer> {
  const logoSize = Math.round(icon.size * LOGO_SHARE[icon.purpose]);
  const logo = await logoAt(svg, logoSize);
  if (icon.purpose === 'any') return sharp(logo).png({ compressionLevel: 9 }).toBuffer();
  return sharp({
    create: { width: icon.size, height: icon.size, channels: 3, background: INBOX_THEME_COLOR },
  })
    .composite([{ input: logo, gravity: 'centre' }])
    .png({ compressionLevel: 9 })
    .toBuffer();
}

/** Emits the icons into the inbox's build, where the service worker's plugin counts them in the shell. */
export function appIconsPlugin(): Plugin {
  return {
    name: 'inbox-app-icons',
    apply: 'build',
    async generateBundle() {
      const svg = await readFile(LOGO);
      for (const icon of INBOX_ICONS) {
        this.emitFile({ type: 'asset', fileName: icon.file, source: await renderIcon(svg, icon) });
      }
    },
  };
}
