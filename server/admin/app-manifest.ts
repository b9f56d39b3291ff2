/**
 * The installable inbox's web app manifest, `GET /admin/manifest.webmanifest` (docs/push.md, "The
 * installable inbox"): made by the server so that the app is named after the business as
 * published (the header's name), with the icons the build drew from the logo. No personal data.
 */
import type { FastifyInstance } from 'fastify';
import {
  INBOX_BACKGROUND_COLOR,
  INBOX_ICONS,
  INBOX_THEME_COLOR,
} from '../../src/admin/contract.ts';
import { adminText } from '../../src/content/admin.ts';
import { businessContent } from '../../src/content/business.ts';
import type { PublishedVersion } from '../../src/content/published.ts';

const INBOX = '/admin/';

/** The manifest for a business's name and short mark. */
function inboxManifest(business: { name: string; shortMark: string }) {
  return {
    id: INBOX,
    name: adminText.shell.appName(business.name),
    short_name: adminText.shell.shortName(business.shortMark),
    description: adminText.shell.description,
    lang: 'en',
    dir: 'ltr',
    start_url: INBOX,
    scope: INBOX,
    display: 'standalone',
    theme_color: INBOX_THEME_COLOR,
    background_color: INBOX_BACKGROUND_COLOR,
    // The apple-touch-icon is the iPhone's, linked from the document: no manifest's.
    icons: INBOX_ICONS.filter((icon) => icon.purpose !== 'apple').map((icon) => ({
      src: `${INBOX}${icon.file}`,
      sizes: `${icon.size}x${icon.size}`,
      type: 'image/png',
      purpose: icon.purpose,
    })),
  };
}

/** The route, under the prefix `/admin`: the live version's name each time it is asked for. */
export function manifestRoute(app: FastifyInstance, published: () => PublishedVersion) {
  app.get('/manifest.webmanifest', async (_request, reply) => {
    const { business } = businessContent(published());
    return reply
      .header('content-type', 'application/manifest+json; charset=utf-8')
      .send(JSON.stringify(inboxManifest(business)));
  });
}
