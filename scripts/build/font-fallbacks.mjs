// `node scripts/build/font-fallbacks.mjs`: prints the metric-matched fallback @font-face rules for the
// site's web fonts (src/theme.css). It measures, in Chromium, a sample of English and Spanish text
// in each web font and in the local font that stands in until it arrives, and derives size-adjust
// (equal average width) and the ascent/descent/line-gap overrides (equal line box), so that the
// swap moves nothing. Run it again when a font package changes.
import { readFileSync } from 'node:fs';
import { existsSync } from 'node:fs';
import { chromium } from '@playwright/test';

const fonts = [
  {
    family: 'Inter Variable',
    file: 'node_modules/@fontsource-variable/inter/files/inter-latin-wght-normal.woff2',
    weights: {
      400: ['Arial', 'Liberation Sans', 'Helvetica'],
      700: ['Arial Bold', 'Liberation Sans Bold', 'Helvetica Bold'],
    },
    fallback: 'Inter Fallback',
    measuredLocal: 'Liberation Sans',
  },
  {
    family: 'Playfair Display',
    file: 'node_modules/@fontsource/playfair-display/files/playfair-display-latin-700-normal.woff2',
    weights: { 700: ['Times New Roman Bold', 'Liberation Serif Bold', 'Times Bold'] },
    fallback: 'Playfair Display Fallback',
    measuredLocal: 'Liberation Serif',
  },
];
const sample =
  'Elite staffing for unforgettable events. Professional servers, bartenders, captains and chefs ' +
  'for corporate, private, diplomatic and charity events across Washington, Maryland and Virginia. ' +
  'Personal de eventos profesional para bodas, recepciones y cenas de gala en la región.';

const chromePath =
  process.env.CHROMIUM_PATH ?? (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined);
const browser = await chromium.launch({ executablePath: chromePath, args: ['--no-sandbox'] });
const page = await browser.newPage();
const percent = (value) => `${(value * 100).toFixed(2)}%`;
for (const font of fonts) {
  const data = readFileSync(font.file).toString('base64');
  for (const [weight, locals] of Object.entries(font.weights)) {
    const [web, local] = await page.evaluate(
      async ({ family, data, weight, localFamily, sample }) => {
        const face = new FontFace(family, `url(data:font/woff2;base64,${data})`, {
          weight: '100 900',
        });
        document.fonts.add(await face.load());
        const context = document.createElement('canvas').getContext('2d');
        const measure = (name) => {
          context.font = `${weight} 100px "${name}"`;
          const m = context.measureText(sample);
          return {
            width: m.width,
            ascent: m.fontBoundingBoxAscent,
            descent: m.fontBoundingBoxDescent,
          };
        };
        return [measure(family), measure(localFamily)];
      },
      { family: font.family, data, weight, localFamily: font.measuredLocal, sample },
    );
    // Both web fonts have no line gap; size-adjust scales the overrides too.
    const sizeAdjust = web.width / local.width;
    console.log(`@font-face {
  font-family: '${font.fallback}';
  src: ${locals.map((name) => `local('${name}')`).join(', ')};
  font-weight: ${weight};
  size-adjust: ${percent(sizeAdjust)};
  ascent-override: ${percent(web.ascent / 100 / sizeAdjust)};
  descent-override: ${percent(web.descent / 100 / sizeAdjust)};
  line-gap-override: 0%;
}`);
  }
}
await browser.close();
