import type { APIRequestContext } from '@playwright/test';
import sharp from 'sharp';
import type { PhotoValue } from '../src/content/site-fields';
import type { SiteOverview } from '../src/admin/site-contract';

/** The owner's site editor's API, as the editor calls it (signed in, from the site's own page). */
export function siteApi(request: APIRequestContext, base: string, cookie: string) {
  const headers = { cookie, 'sec-fetch-site': 'same-origin' };
  return {
    overview: async () =>
      (await (await request.get(`${base}/admin/api/site`, { headers })).json()) as SiteOverview,
    saveDraft: (revision: number, fields: Record<string, unknown>) =>
      request.put(`${base}/admin/api/site/draft`, { headers, data: { revision, fields } }),
    publish: (revision: number) =>
      request.post(`${base}/admin/api/site/publish`, {
        headers,
        data: { revision },
        timeout: 120_000,
      }),
    restore: (version: number) =>
      request.post(`${base}/admin/api/site/versions/${version}/restore`, {
        headers,
        timeout: 120_000,
      }),
    async uploadPhoto(place: 'hero' | 'portrait', buffer: Buffer): Promise<PhotoValue> {
      const answer = await request.post(`${base}/admin/api/site/photos`, {
        headers,
        multipart: { place, file: { name: 'gala.jpg', mimeType: 'image/jpeg', buffer } },
      });
      const body = (await answer.json()) as { photo: PhotoValue };
      return body.photo;
    },
    /** Saves `fields` over the draft as it is now, and publishes them. */
    async publishFields(fields: Record<string, unknown>) {
      const { draft } = await this.overview();
      const saved = (await (await this.saveDraft(draft.revision, fields)).json()) as {
        revision: number;
      };
      return this.publish(saved.revision);
    },
  };
}

/** A camera's JPEG: a gradient, 1600 × 1000, with GPS coordinates in its EXIF. */
export function photoWithGps(): Promise<Buffer> {
  const width = 1600;
  const height = 1000;
  const pixels = Buffer.alloc(width * height * 3);
  for (let index = 0; index < width * height; index += 1) {
    pixels[index * 3] = (index % width) % 256;
    pixels[index * 3 + 1] = Math.floor(index / width) % 256;
    pixels[index * 3 + 2] = 128;
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'E2E Camera' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '38/1 53/1 0/1',
        GPSLongitudeRef: 'W',
        GPSLongitude: '77/1 2/1 0/1',
      },
    })
    .toBuffer();
}

/** Whether image bytes carry any EXIF, XMP or ICC metadata. */
export async function carriesMetadata(bytes: Buffer): Promise<boolean> {
  const metadata = await sharp(bytes).metadata();
  return Boolean(metadata.exif ?? metadata.xmp ?? metadata.icc);
}
