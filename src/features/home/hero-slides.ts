import { hero } from '../../content/home';
import { heroImages, type HeroImage } from '../../content/home-images';

export interface HeroSlide extends HeroImage {
  /** What the image shows, for people who cannot see it (in the page's language). */
  alt: string;
}

/** The hero's images with their alt texts, which the content lists in the same order. */
export const heroSlides: HeroSlide[] = heroImages.map((image, index) => ({
  ...image,
  alt: hero.carousel.slideAlts[index] ?? '',
}));
