/** Shared shapes of the content files. Components import these; they never hard-code the values. */

export interface PhoneLine {
  /** Short label shown in the header top bar: "D" (direct) or "O" (office). */
  tag: string;
  label: string;
  /** As shown to people. */
  display: string;
  /** E.164, used for tel: links and structured data. */
  e164: string;
}

export interface Stat {
  value: string;
  label: string;
}

export interface NavItem {
  label: string;
  /** A route path ("/team") or a home-page section ("#about"). */
  to: string;
}

export interface SocialLink {
  label: string;
  /** Leave undefined until the business has the profile; an unset link is not rendered. */
  href?: string;
}

/** Every text the carousel's controls need; written in src/content. */
export interface CarouselLabels {
  /** Name of the button while the slides rotate (it stops them). */
  pause: string;
  /** Name of the button while the slides stand still (it starts them). */
  play: string;
  previous: string;
  next: string;
  /** Name of a dot button, e.g. "Show slide 3". */
  showSlide: (position: number) => string;
  /** Name of a slide, e.g. "3 of 7". */
  slide: (position: number, total: number) => string;
  /** What screen readers call the carousel and each slide (aria-roledescription). */
  carouselRole: string;
  slideRole: string;
}

/** The shape vite-imagetools gives an `…&as=picture` import (see src/assets/images.d.ts). */
export interface ResponsiveImage {
  sources: Record<string, string>;
  img: { src: string; w: number; h: number };
}

/**
 * The shape a translation of an English content value must have: the same keys, every string any
 * string, every function the same arguments. A Spanish module annotates each export with it
 * (src/content/es), so that a missing or an extra key fails tsc.
 */
export type Translation<T> = T extends string
  ? string
  : T extends (...args: infer A) => infer R
    ? (...args: A) => Translation<R>
    : T extends readonly (infer U)[]
      ? readonly Translation<U>[]
      : T extends object
        ? { readonly [K in keyof T]: Translation<T[K]> }
        : T;
