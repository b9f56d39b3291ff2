import type { CSSProperties } from 'react';
import { FIRST_SCREEN_IMAGE_ATTRIBUTE } from '../content/routes';
import type { ResponsiveImage } from '../content/types';

const formatOrder = ['avif', 'webp', 'png', 'jpeg', 'jpg'];

function mimeType(format: string): string {
  return format === 'jpg' ? 'image/jpeg' : `image/${format}`;
}

interface ResponsivePictureProps {
  image: ResponsiveImage;
  alt: string;
  /** The `sizes` attribute: how wide the image is drawn, so the browser picks the right file. */
  sizes: string;
  /**
   * The page's LCP image: high priority, and marked for the script in <head>, which makes it eager
   * when its page is the one shown (src/first-screen-image.ts); lazy in the HTML, so that a link to
   * another page never fetches it. Every other image loads lazily.
   */
  priority?: boolean;
  className?: string;
  style?: CSSProperties;
}

/** A <picture> with AVIF/WebP sources, intrinsic width/height (no layout shift) and lazy loading. */
export function ResponsivePicture({
  image,
  alt,
  sizes,
  priority = false,
  className,
  style,
}: ResponsivePictureProps) {
  const sources = Object.entries(image.sources).sort(
    ([a], [b]) => formatOrder.indexOf(a) - formatOrder.indexOf(b),
  );
  return (
    <picture>
      {sources.map(([format, srcSet]) => (
        <source key={format} type={mimeType(format)} srcSet={srcSet} sizes={sizes} />
      ))}
      <img
        src={image.img.src}
        alt={alt}
        width={image.img.w}
        height={image.img.h}
        loading="lazy"
        fetchPriority={priority ? 'high' : 'auto'}
        {...(priority ? { [FIRST_SCREEN_IMAGE_ATTRIBUTE]: '' } : {})}
        decoding="async"
        className={className}
        style={style}
      />
    </picture>
  );
}
