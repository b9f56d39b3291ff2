import { homeImagesContent } from '../../../content/home-images';
import { siteParts, type SitePart } from '../../../content/site-parts';
import { defaultStored } from '../../../content/site-values';
import type { ResponsiveImage } from '../../../content/types';
import type { SiteFields } from '../../site-contract';
import { buildWorkingCopy, type WorkingCopy } from './working-copy';
import { NOTHING_PUBLISHED } from '../../../content/published';

const { founderPortrait, heroImages } = homeImagesContent(NOTHING_PUBLISHED);

/**
 * A built image's addresses as the public site serves them: this bundle's are under its base
 * (/admin/assets/…), the site's and those the photo rule accepts under /assets/ (same files: the
 * names are the content's hash).
 */
function publicImage(image: ResponsiveImage): ResponsiveImage {
  const own = `${import.meta.env.BASE_URL}assets/`;
  if (typeof image !== 'object' || own === '/assets/') return image;
  const moved = (address: string) => address.replaceAll(own, '/assets/');
  return {
    sources: Object.fromEntries(
      Object.entries(image.sources).map(([format, srcSet]) => [format, moved(srcSet)]),
    ),
    img: { ...image.img, src: moved(image.img.src) },
  };
}

/**
 * The code's content of each part as a stored value. The photos' part has none on the server (it
 * cannot import images); this bundle can, and gives it the code's images.
 */
export function codeValue(part: SitePart): unknown {
  if (part.id === 'home-images') {
    const content = {
      heroImages: heroImages.map((hero) => ({ ...hero, image: publicImage(hero.image) })),
      founderPortrait: publicImage(founderPortrait),
    };
    return defaultStored(part.node, content, content);
  }
  return defaultStored(part.node, part.en, part.es);
}

const bases = new Map<string, unknown>();

function baseOf(part: SitePart): unknown {
  if (!bases.has(part.id)) bases.set(part.id, codeValue(part));
  return bases.get(part.id);
}

/** Every part's working copy, from the code's content and the draft's fields. */
export function workingCopies(fields: SiteFields): Record<string, WorkingCopy> {
  return Object.fromEntries(
    siteParts.map((part) => [part.id, buildWorkingCopy(part, baseOf(part), fields)]),
  );
}
