import { createHash } from 'node:crypto';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import type { ResponsiveImage } from '../../src/content/types.ts';

/** Where a photo goes on the site: the widths it is served at, and the least it may be. */
export interface PhotoPlace {
  /** Widths in pixels, as the build's `?w=` gives them for the same place. */
  widths: readonly number[];
  /** AVIF and WebP quality, 1–100; without it, sharp's defaults (50 and 80), as in the build. */
  quality?: number;
  minWidth: number;
  minHeight: number;
}

/** The same widths and quality as the build's imports in src/content/home-images.ts. */
export const PHOTO_PLACES = {
  hero: { widths: [640, 960, 1280, 1920], quality: 35, minWidth: 1280, minHeight: 720 },
  portrait: { widths: [320, 480, 640, 800], minWidth: 480, minHeight: 480 },
} satisfies Record<string, PhotoPlace>;

export type PhotoPlaceName = keyof typeof PHOTO_PLACES;

export const MAX_PHOTO_BYTES = 20 * 1024 * 1024;

/** Above this a photo is refused before it is decoded: a small file can claim a huge picture. */
export const MAX_PHOTO_PIXELS = 100_000_000;

/** A photo the site will not take; the message is written for the owner and shown as is. */
export class PhotoRefused extends Error {
  override name = 'PhotoRefused';
}

export interface ProcessedFile {
  /** `<mediaId>-<width>.<avif|webp>` */
  name: string;
  type: 'image/avif' | 'image/webp';
  width: number;
  content: Buffer;
}

export interface ProcessedPhoto {
  mediaId: string;
  /** The uploaded photo's own size, upright (after its EXIF orientation). */
  width: number;
  height: number;
  files: ProcessedFile[];
  /** What an `…&as=picture` import gives for a committed image, with `urlBase` + file names. */
  image: ResponsiveImage;
}

const UPLOAD_ONE = 'Upload a JPEG, PNG or WebP photo.';
const ACCEPTED = new Set(['jpg', 'png', 'webp']);
const PROGRAMS = new Set(['exe', 'elf', 'macho', 'wasm', 'class', 'dex', 'apk', 'deb', 'rpm']);

/**
 * Encoder effort: the build leaves sharp's default, 4, for both formats. Here AVIF takes 2: at 4
 * a 12-megapixel photo took about 5 times as long (over 10 s on 2 cores) for files about 3 %
 * smaller, and the owner waits for it. WebP's effort costs little, so it keeps the default.
 */
const AVIF_EFFORT = 2;
const WEBP_EFFORT = 4;

function megabytes(bytes: number): string {
  // Rounded up, so that a file just over the limit is not said to be at it.
  return String(Math.ceil((bytes / 1024 / 1024) * 10) / 10);
}

function withArticle(word: string): string {
  return /^[AEFHILMNORSX]/.test(word) ? `an ${word}` : `a ${word}`;
}

/** An SVG file: an optional XML declaration, comments and doctype, then an <svg> element. */
function isSvg(bytes: Uint8Array): boolean {
  const head = Buffer.from(bytes.subarray(0, 4096)).toString('utf8');
  const prolog =
    /^(?:\uFEFF|\s|<\?[\s\S]*?\?>|<!--[\s\S]*?-->|<!DOCTYPE[^[>]*(?:\[[\s\S]*?\])?\s*>)*/i;
  return /^<svg[\s>/]/i.test(head.replace(prolog, ''));
}

/** What the bytes are, from their content alone; anything but JPEG, PNG or WebP is refused. */
async function checkKind(bytes: Uint8Array): Promise<void> {
  if (bytes.length > MAX_PHOTO_BYTES) {
    throw new PhotoRefused(
      `This file is ${megabytes(bytes.length)} MB; photos can be up to ${megabytes(MAX_PHOTO_BYTES)} MB.`,
    );
  }
  if (bytes.length === 0) throw new PhotoRefused(`This file is empty. ${UPLOAD_ONE}`);
  const found = await fileTypeFromBuffer(bytes);
  if (found && ACCEPTED.has(found.ext)) return;
  // file-type reads an SVG with an XML declaration as XML, and one without as nothing.
  if ((!found || found.ext === 'xml') && isSvg(bytes)) {
    throw new PhotoRefused(`This is an SVG drawing, not a photo. ${UPLOAD_ONE}`);
  }
  if (!found) throw new PhotoRefused(`This file is not an image. ${UPLOAD_ONE}`);
  if (PROGRAMS.has(found.ext)) {
    throw new PhotoRefused(`This file is a program, not a photo. ${UPLOAD_ONE}`);
  }
  const kind = withArticle(found.ext.toUpperCase());
  throw new PhotoRefused(
    found.mime.startsWith('image/')
      ? `This is ${kind} image, which the site cannot use. Save it as JPEG, PNG or WebP and upload it again.`
      : `This is ${kind} file, not a photo. ${UPLOAD_ONE}`,
  );
}

const DAMAGED =
  'This photo is damaged or incomplete, so it cannot be opened. Save it again, or upload another copy.';

/** The photo's upright size, read from its header only (nothing is decoded yet). */
async function uprightSize(bytes: Uint8Array, place: PhotoPlace) {
  let metadata: sharp.Metadata;
  try {
    metadata = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw new PhotoRefused(DAMAGED);
  }
  if (!['jpeg', 'png', 'webp'].includes(metadata.format)) throw new PhotoRefused(DAMAGED);
  if ((metadata.pages ?? 1) > 1) {
    throw new PhotoRefused(
      `This is an animation, not a photo. Upload a still JPEG, PNG or WebP photo.`,
    );
  }
  const { width, height } = metadata.autoOrient;
  if (width * height > MAX_PHOTO_PIXELS) {
    throw new PhotoRefused(
      `This photo is ${width} × ${height} pixels (${Math.ceil((width * height) / 1e6)} megapixels); ` +
        `photos can be up to ${MAX_PHOTO_PIXELS / 1e6} megapixels.`,
    );
  }
  if (width < place.minWidth || height < place.minHeight) {
    throw new PhotoRefused(
      `This photo is ${width} × ${height} pixels; this place needs at least ${place.minWidth} × ${place.minHeight}.`,
    );
  }
  return { width, height };
}

interface Size {
  width: number;
  height: number;
}

/**
 * The sizes of the files: each of the place's widths the photo can fill, smallest first, never
 * larger than the photo. Heights are rounded as imagetools rounds them (its `resize`), so that
 * `img.w`/`img.h` are what the build would give for the same photo.
 */
function photoSizes(place: PhotoPlace, photo: Size): Size[] {
  const widths = [...new Set(place.widths)].sort((a, b) => a - b);
  const fitting = widths.filter((width) => width <= photo.width);
  const aspect = photo.width / photo.height;
  // A photo narrower than every width is served at its own width, as the build does.
  return (fitting.length > 0 ? fitting : [photo.width]).map((width) => ({
    width,
    height: Math.round(width / aspect),
  }));
}

/** The upload's id: its bytes and everything that shapes the files made from it. */
function mediaIdOf(bytes: Uint8Array, place: PhotoPlace): string {
  const { widths, quality, minWidth, minHeight } = place;
  const settings = JSON.stringify({
    widths,
    quality,
    minWidth,
    minHeight,
    AVIF_EFFORT,
    WEBP_EFFORT,
  });
  return createHash('sha256')
    .update(settings)
    .update('\0')
    .update(bytes)
    .digest('hex')
    .slice(0, 16);
}

interface Pixels {
  data: Buffer;
  raw: { width: number; height: number; channels: 1 | 2 | 3 | 4 };
}

/**
 * The photo decoded once, upright, in 8-bit sRGB, at the largest size: every file is made from
 * these pixels, rather than by decoding the upload again for each one.
 */
async function decode(bytes: Uint8Array, size: Size): Promise<Pixels> {
  try {
    const { data, info } = await sharp(bytes, {
      limitInputPixels: MAX_PHOTO_PIXELS,
      // Truncated or broken data is refused; a harmless warning (odd but readable JPEG) is not.
      failOn: 'error',
    })
      .autoOrient()
      .resize({ ...size, fit: 'fill' })
      .toColourspace('srgb')
      .raw({ depth: 'uchar' })
      .toBuffer({ resolveWithObject: true });
    return { data, raw: { width: info.width, height: info.height, channels: info.channels } };
  } catch {
    throw new PhotoRefused(DAMAGED);
  }
}

/** One file. sharp writes no metadata unless told to: no EXIF (so no GPS), XMP or ICC profile. */
async function encode(
  pixels: Pixels,
  size: Size,
  format: 'avif' | 'webp',
  quality: number | undefined,
): Promise<Buffer> {
  let image = sharp(pixels.data, { raw: pixels.raw });
  if (size.width !== pixels.raw.width) image = image.resize({ ...size, fit: 'fill' });
  image =
    format === 'avif'
      ? image.avif({ quality, effort: AVIF_EFFORT })
      : image.webp({ quality, effort: WEBP_EFFORT });
  return image.toBuffer();
}

function srcset(files: ProcessedFile[], urlBase: string): string {
  return files.map((file) => `${urlBase}${file.name} ${file.width}w`).join(', ');
}

/**
 * The shape of vite-imagetools' `as=picture` (imagetools-core's pictureFormat): a srcset per
 * format, and for `img` the largest file of the last format (WebP) with its size. Like it, a
 * fallback format with a single file gets no source of its own.
 */
function pictureOf(
  files: ProcessedFile[],
  fallback: Size & { name: string },
  urlBase: string,
): ResponsiveImage {
  const avif = files.filter((file) => file.type === 'image/avif');
  const webp = files.filter((file) => file.type === 'image/webp');
  const sources: Record<string, string> = { avif: srcset(avif, urlBase) };
  if (webp.length > 1) sources.webp = srcset(webp, urlBase);
  return {
    sources,
    img: { src: `${urlBase}${fallback.name}`, w: fallback.width, h: fallback.height },
  };
}

/**
 * Turns an uploaded photo into the files and the `ResponsiveImage` of `place`: judged by its
 * content, turned upright, stripped of its metadata, AVIF and WebP at each width it can fill.
 * Throws PhotoRefused, with words for the owner, for anything that is not a usable photo.
 */
export async function processPhoto(
  bytes: Uint8Array,
  place: PhotoPlace,
  urlBase = '/media/',
): Promise<ProcessedPhoto> {
  await checkKind(bytes);
  const photo = await uprightSize(bytes, place);
  const sizes = photoSizes(place, photo);
  const largest = sizes[sizes.length - 1] ?? photo;
  const pixels = await decode(bytes, largest);
  const mediaId = mediaIdOf(bytes, place);
  // AVIF first, WebP last: imagetools takes the last format as the <img> fallback.
  const files = await Promise.all(
    (['avif', 'webp'] as const).flatMap((format) =>
      sizes.map(async (size): Promise<ProcessedFile> => ({
        name: `${mediaId}-${size.width}.${format}`,
        type: `image/${format}`,
        width: size.width,
        content: await encode(pixels, size, format, place.quality),
      })),
    ),
  );
  const fallback = { ...largest, name: `${mediaId}-${largest.width}.webp` };
  return { mediaId, ...photo, files, image: pictureOf(files, fallback, urlBase) };
}
