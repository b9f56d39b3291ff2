import { crc32, deflateSync } from 'node:zlib';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import {
  MAX_PHOTO_BYTES,
  PHOTO_PLACES,
  PhotoRefused,
  processPhoto,
  type PhotoPlace,
  type ProcessedPhoto,
} from './photos.ts';

// Every fixture is made here with sharp: no binary file is committed.

const RED = { r: 220, g: 20, b: 20 };
const BLUE = { r: 20, g: 20, b: 220 };

/** Left half red, right half blue: which way up the result is shows in its colours. */
function halves(width: number, height: number): sharp.Sharp {
  const right = { width: width / 2, height, channels: 3 as const, background: BLUE };
  return sharp({ create: { width, height, channels: 3, background: RED } }).composite([
    { input: { create: right }, left: width / 2, top: 0 },
  ]);
}

function noise(width: number, height: number): sharp.Sharp {
  return sharp({
    create: {
      width,
      height,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 40 },
    },
  });
}

/** A camera's JPEG: stored sideways with orientation 6 (turn 90° clockwise), with GPS in EXIF. */
function cameraJpeg(width: number, height: number): Promise<Buffer> {
  return halves(width, height)
    .withExif({
      IFD0: { Make: 'Test camera', Model: 'Fixture' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '38/1 53/1 0/1',
        GPSLongitudeRef: 'W',
        GPSLongitude: '77/1 2/1 0/1',
      },
    })
    .withMetadata({ orientation: 6 })
    .jpeg()
    .toBuffer();
}

/** The GPS latitude in raw EXIF (sharp's `metadata().exif`), as "d/1 m/1 s/1", if there is one. */
function gpsLatitude(exif: Buffer | undefined): string | undefined {
  if (!exif) return undefined;
  const tiff = exif.subarray(exif.indexOf('Exif\0\0', 0, 'latin1') + 6);
  const le = tiff.toString('latin1', 0, 2) === 'II';
  const u16 = (at: number) => (le ? tiff.readUInt16LE(at) : tiff.readUInt16BE(at));
  const u32 = (at: number) => (le ? tiff.readUInt32LE(at) : tiff.readUInt32BE(at));
  const entry = (ifd: number, tag: number) => {
    for (let i = 0; i < u16(ifd); i += 1)
      if (u16(ifd + 2 + i * 12) === tag) return ifd + 2 + i * 12;
    return undefined;
  };
  const gpsPointer = entry(u32(4), 0x8825);
  const latitude = gpsPointer === undefined ? undefined : entry(u32(gpsPointer + 8), 0x0002);
  if (latitude === undefined) return undefined;
  const values = u32(latitude + 8);
  return [0, 1, 2].map((n) => `${u32(values + n * 8)}/${u32(values + n * 8 + 4)}`).join(' ');
}

/** A PNG that claims `width` × `height` in its header, with one row of pixels: a small bomb. */
function pngClaiming(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const frame = Buffer.alloc(4);
    frame.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([frame, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2], 8); // 8-bit RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.alloc(1 + width * 3))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

async function refusalOf(bytes: Uint8Array, place: PhotoPlace = PHOTO_PLACES.hero) {
  const error: unknown = await processPhoto(bytes, place).then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(PhotoRefused);
  return (error as PhotoRefused).message;
}

/** Each file's real format (by content) and size, in the order given. */
async function filesOf(photo: ProcessedPhoto) {
  return Promise.all(
    photo.files.map(async (file) => {
      const metadata = await sharp(file.content).metadata();
      const found = await fileTypeFromBuffer(file.content);
      return { name: file.name, type: found?.mime, width: metadata.width, height: metadata.height };
    }),
  );
}

/** The pixel at (x, y) as [r, g, b]. */
async function pixel(content: Buffer, x: number, y: number): Promise<number[]> {
  const { data, info } = await sharp(content).raw().toBuffer({ resolveWithObject: true });
  const at = (y * info.width + x) * info.channels;
  return [...data.subarray(at, at + 3)];
}

function near(actual: number[], { r, g, b }: typeof RED): boolean {
  const [red = -1, green = -1, blue = -1] = actual;
  return Math.abs(red - r) < 40 && Math.abs(green - g) < 40 && Math.abs(blue - b) < 40;
}

describe('a camera JPEG', () => {
  it('carries GPS and an orientation before; the files are upright and carry no metadata', async () => {
    const jpeg = await cameraJpeg(1200, 900);
    const input = await sharp(jpeg).metadata();
    expect(input.orientation).toBe(6);
    expect(gpsLatitude(input.exif)).toBe('38/1 53/1 0/1');
    expect(input.hasProfile).toBe(true);

    const photo = await processPhoto(jpeg, PHOTO_PLACES.portrait);
    expect({ width: photo.width, height: photo.height }).toEqual({ width: 900, height: 1200 });
    expect(photo.files.map((file) => file.width)).toEqual([320, 480, 640, 800, 320, 480, 640, 800]);
    for (const file of photo.files) {
      const output = await sharp(file.content).metadata();
      expect(output.exif, file.name).toBeUndefined();
      expect(output.icc, file.name).toBeUndefined();
      expect(output.xmp, file.name).toBeUndefined();
      expect(output.iptc, file.name).toBeUndefined();
      expect(output.hasProfile, file.name).toBe(false);
      expect(output.orientation, file.name).toBeUndefined();
      expect(file.content.includes('Test camera'), file.name).toBe(false);
      // Turned a quarter clockwise: taller than wide, the stored left (red) half now on top.
      expect(output.height, file.name).toBe(Math.round(file.width / (900 / 1200)));
      expect(near(await pixel(file.content, file.width / 2, 4), RED), file.name).toBe(true);
      expect(near(await pixel(file.content, file.width / 2, output.height - 4), BLUE)).toBe(true);
    }
  });
});

describe('the files and the image', () => {
  it('makes real AVIF and WebP at each width no larger than the photo, as imagetools does', async () => {
    const png = await halves(1500, 900).png().toBuffer();
    const photo = await processPhoto(png, PHOTO_PLACES.hero);
    const id = photo.mediaId;
    expect(id).toMatch(/^[0-9a-f]{16}$/);
    expect(await filesOf(photo)).toEqual([
      ...[640, 960, 1280].map((width) => ({
        name: `${id}-${width}.avif`,
        type: 'image/avif',
        width,
        height: (width * 3) / 5,
      })),
      ...[640, 960, 1280].map((width) => ({
        name: `${id}-${width}.webp`,
        type: 'image/webp',
        width,
        height: (width * 3) / 5,
      })),
    ]);
    expect(photo.files.map((file) => file.type)).toEqual([
      ...Array(3).fill('image/avif'),
      ...Array(3).fill('image/webp'),
    ]);
    expect(photo.image).toEqual({
      sources: {
        avif: `/media/${id}-640.avif 640w, /media/${id}-960.avif 960w, /media/${id}-1280.avif 1280w`,
        webp: `/media/${id}-640.webp 640w, /media/${id}-960.webp 960w, /media/${id}-1280.webp 1280w`,
      },
      img: { src: `/media/${id}-1280.webp`, w: 1280, h: 768 },
    });
  });

  it('takes a WebP, at every width of the place, under the URL base given', async () => {
    const webp = await halves(2400, 1350).webp().toBuffer();
    const photo = await processPhoto(webp, PHOTO_PLACES.hero, '/site-media/');
    const id = photo.mediaId;
    expect((await filesOf(photo)).map(({ type, width }) => `${type} ${width}`)).toEqual([
      ...[640, 960, 1280, 1920].map((width) => `image/avif ${width}`),
      ...[640, 960, 1280, 1920].map((width) => `image/webp ${width}`),
    ]);
    expect(photo.image.sources.avif).toBe(
      [640, 960, 1280, 1920].map((w) => `/site-media/${id}-${w}.avif ${w}w`).join(', '),
    );
    expect(photo.image.img).toEqual({ src: `/site-media/${id}-1920.webp`, w: 1920, h: 1080 });
  });

  it('encodes with the place quality', async () => {
    const png = await noise(1000, 1000).png().toBuffer();
    const sizes = async (place: PhotoPlace) =>
      (await processPhoto(png, place)).files.reduce((sum, file) => sum + file.content.length, 0);
    const place = { widths: [800], minWidth: 1, minHeight: 1 };
    expect(await sizes({ ...place, quality: 20 })).toBeLessThan(await sizes(place));
  });

  it('serves a photo narrower than every width at its own width, one file per format', async () => {
    const png = await halves(500, 400).png().toBuffer();
    const place = { widths: [640, 960], minWidth: 100, minHeight: 100 };
    const photo = await processPhoto(png, place);
    const id = photo.mediaId;
    expect(photo.files.map((file) => file.name)).toEqual([`${id}-500.avif`, `${id}-500.webp`]);
    // As imagetools' `as=picture`: a fallback format with one file has no source of its own.
    expect(photo.image).toEqual({
      sources: { avif: `/media/${id}-500.avif 500w` },
      img: { src: `/media/${id}-500.webp`, w: 500, h: 400 },
    });
  });

  it('names the files by the bytes and the place', async () => {
    const one = await halves(1000, 1000).png().toBuffer();
    const other = await halves(1000, 1000).png({ compressionLevel: 1 }).toBuffer();
    const { portrait } = PHOTO_PLACES;
    const id = async (bytes: Buffer, place: PhotoPlace) =>
      (await processPhoto(bytes, place)).mediaId;
    const first = await id(one, portrait);
    expect(await id(one, portrait)).toBe(first);
    expect(await id(other, portrait)).not.toBe(first);
    expect(await id(one, { ...portrait, quality: 60 })).not.toBe(first);
  });
});

describe('refusals, in words for the owner', () => {
  const upload = 'Upload a JPEG, PNG or WebP photo.';
  const damaged =
    'This photo is damaged or incomplete, so it cannot be opened. Save it again, or upload another copy.';

  it('refuses an SVG drawing, even one that starts with a prolog', async () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="2000" height="2000"></svg>';
    expect(await refusalOf(Buffer.from(svg))).toBe(
      `This is an SVG drawing, not a photo. ${upload}`,
    );
    const prolog =
      '\uFEFF<?xml version="1.0"?>\n<!-- a drawing -->\n<!DOCTYPE svg [<!ENTITY a "x">]>\n';
    expect(await refusalOf(Buffer.from(`${prolog}${svg}`))).toBe(
      `This is an SVG drawing, not a photo. ${upload}`,
    );
  });

  it('refuses programs, whatever their name, and other files', async () => {
    const program = `This file is a program, not a photo. ${upload}`;
    expect(await refusalOf(Buffer.from('MZ\x90\x00\x03\x00\x00\x00', 'latin1'))).toBe(program);
    const elf = Buffer.concat([Buffer.from('\x7fELF\x02\x01\x01', 'latin1'), Buffer.alloc(64)]);
    expect(await refusalOf(elf)).toBe(program);
    expect(await refusalOf(Buffer.from('%PDF-1.7\n%âãÏÓ\n1 0 obj\n'))).toBe(
      `This is a PDF file, not a photo. ${upload}`,
    );
    expect(await refusalOf(Buffer.from('A photo of the team, honestly.\n'))).toBe(
      `This file is not an image. ${upload}`,
    );
    expect(await refusalOf(Buffer.alloc(0))).toBe(`This file is empty. ${upload}`);
  });

  it('refuses images in other formats, and animations', async () => {
    const gif = await halves(1600, 900).gif().toBuffer();
    expect(await refusalOf(gif)).toBe(
      'This is a GIF image, which the site cannot use. Save it as JPEG, PNG or WebP and upload it again.',
    );
    // Two different frames: the encoder folds identical ones into a still image.
    const frames = await Promise.all(
      [RED, BLUE].map((background) =>
        sharp({ create: { width: 1600, height: 900, channels: 3, background } })
          .png()
          .toBuffer(),
      ),
    );
    const animated = await sharp(frames, { join: { animated: true } })
      .webp()
      .toBuffer();
    expect(await refusalOf(animated)).toBe(
      'This is an animation, not a photo. Upload a still JPEG, PNG or WebP photo.',
    );
  });

  it('refuses a photo smaller than the place, measured upright', async () => {
    const dot = await sharp({ create: { width: 1, height: 1, channels: 3, background: RED } })
      .png()
      .toBuffer();
    expect(await refusalOf(dot)).toBe(
      'This photo is 1 × 1 pixels; this place needs at least 1280 × 720.',
    );
    const small = await halves(1000, 700).jpeg().toBuffer();
    expect(await refusalOf(small)).toBe(
      'This photo is 1000 × 700 pixels; this place needs at least 1280 × 720.',
    );
    // Wide enough as stored, but a camera's portrait: 900 wide once turned upright.
    expect(await refusalOf(await cameraJpeg(1400, 900))).toBe(
      'This photo is 900 × 1400 pixels; this place needs at least 1280 × 720.',
    );
    expect(await refusalOf(await halves(600, 400).png().toBuffer(), PHOTO_PLACES.portrait)).toBe(
      'This photo is 600 × 400 pixels; this place needs at least 480 × 480.',
    );
  });

  it('refuses a file over 20 MB before reading it', async () => {
    const jpegStart = Buffer.from([0xff, 0xd8, 0xff, 0xe0]);
    const over = Buffer.alloc(MAX_PHOTO_BYTES + 1);
    over.set(jpegStart);
    expect(await refusalOf(over)).toBe('This file is 20.1 MB; photos can be up to 20 MB.');
    expect(await refusalOf(Buffer.alloc(60 * 1024 * 1024))).toBe(
      'This file is 60 MB; photos can be up to 20 MB.',
    );
  });

  it('refuses a truncated photo, or one that is only a header', async () => {
    const jpeg = await noise(1600, 1000).jpeg().toBuffer();
    expect(await refusalOf(jpeg.subarray(0, jpeg.length / 2))).toBe(damaged);
    expect(await refusalOf(Buffer.from([0xff, 0xd8, 0xff, 0xdb, 0, 0, 0, 0]))).toBe(damaged);
  });

  it('refuses a decompression bomb from its header, before decoding it', async () => {
    const bomb = pngClaiming(20_000, 20_000);
    expect(bomb.length).toBeLessThan(100_000);
    expect(await refusalOf(bomb)).toBe(
      'This photo is 20000 × 20000 pixels (400 megapixels); photos can be up to 100 megapixels.',
    );
  });
});
