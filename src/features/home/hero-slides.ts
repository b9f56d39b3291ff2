import { homeContent } from '../../content/home';
import { homeImagesContent, type HeroImage } from '../../content/home-images';
import { useContent } from '../../content/use-content';
import { useMemo } from 'react';

export interface HeroSlide extends HeroImage {
  /** What the image shows, for people who cannot see it (in the page's language). */
  alt: string;
}

/** The hero's images with their alt texts, which the content lists in the same order. */
export function useHeroSlides(): HeroSlide[] {
  const { hero } = useContent(homeContent);
  const { heroImages } = useContent(homeImagesContent);
  // One list per version, so that the carousel sees the same slides at every render.
  return useMemo(
    () =>
      heroImages.map((image, index) => ({ ...image, alt: hero.carousel.slideAlts[index] ?? '' })),
    [hero, heroImages],
  );
}
