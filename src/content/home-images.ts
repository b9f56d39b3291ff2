import heroGalaDinner from '../assets/home/hero-gala-dinner.svg?w=640;960;1280;1920&format=avif;webp&quality=35&as=picture';
import heroBartender from '../assets/home/hero-bartender.svg?w=640;960;1280;1920&format=avif;webp&quality=35&as=picture';
import heroWedding from '../assets/home/hero-wedding-reception.svg?w=640;960;1280;1920&format=avif;webp&quality=35&as=picture';
import heroCorporate from '../assets/home/hero-corporate-reception.svg?w=640;960;1280;1920&format=avif;webp&quality=35&as=picture';
import heroBuffet from '../assets/home/hero-catering-buffet.svg?w=640;960;1280;1920&format=avif;webp&quality=35&as=picture';
import heroBriefing from '../assets/home/hero-captain-briefing.svg?w=640;960;1280;1920&format=avif;webp&quality=35&as=picture';
import heroTerrace from '../assets/home/hero-skyline-terrace.svg?w=640;960;1280;1920&format=avif;webp&quality=35&as=picture';
import founderPortraitImage from '../assets/home/founder-portrait.svg?w=320;480;640;800&format=avif;webp&as=picture';
import { contentOf } from './published.ts';
import type { ResponsiveImage } from './types.ts';

/**
 * The home page's images: not words, so both languages share them (their alt texts are in each
 * language's home.ts, in the same order). To replace an illustration with a photo, see "Replacing
 * the images" in docs/content.md.
 */

export interface HeroImage {
  image: ResponsiveImage;
  /** CSS object-position: which part of the image stays in view when the hero crops it. */
  objectPosition: string;
}

/** The home page's photos as published (the owner's replace the code's, one by one). */
export const homeImagesContent = contentOf((editable) =>
  editable('home-images', {
    heroImages: [
      { image: heroGalaDinner, objectPosition: '72% 50%' },
      { image: heroBartender, objectPosition: '62% 50%' },
      { image: heroWedding, objectPosition: '50% 50%' },
      { image: heroCorporate, objectPosition: '78% 50%' },
      { image: heroBuffet, objectPosition: '60% 50%' },
      { image: heroBriefing, objectPosition: '55% 50%' },
      { image: heroTerrace, objectPosition: '45% 50%' },
    ] satisfies HeroImage[] as HeroImage[],
    founderPortrait: founderPortraitImage as ResponsiveImage,
  }),
);
