import { ArrowRight, MessageCircle } from 'lucide-react';
import { ButtonLink, buttonClasses } from '../../components/button-link';
import { Carousel } from '../../components/carousel';
import { ExternalLink } from '../../components/external-link';
import { ResponsivePicture } from '../../components/responsive-picture';
import { carouselLabels, homeContent } from '../../content/home';
import { FIRST_SCREEN_END_ID } from '../../content/routes';
import { pagesContent } from '../../content/site';
import { useHeroSlides, type HeroSlide } from './hero-slides';
import { useContent } from '../../content/use-content';

/**
 * How wide a slide is drawn. The hero crops its 3:2 images to cover the whole band, so on a
 * portrait screen they are drawn wider than the viewport.
 */
const slideSizes = '(max-width: 1023px) 160vw, 100vw';

/**
 * A slide: the first image is the page's LCP element, loaded at once with high priority when the
 * home page is shown (components/responsive-picture.tsx). The others
 * are lazy and not displayed until their slide is next (`data-state`, set by the carousel once the
 * page has loaded), so seven images never compete with the first.
 */
const slideClass =
  'absolute inset-0 hidden opacity-0 invisible data-[state=next]:block data-[state=active]:block data-[state=active]:visible data-[state=active]:opacity-100 transition-[opacity,visibility,display] transition-discrete duration-700 motion-reduce:transition-none';

function HeroImage({ slide, index }: { slide: HeroSlide; index: number }) {
  return (
    <ResponsivePicture
      image={slide.image}
      alt={slide.alt}
      sizes={slideSizes}
      priority={index === 0}
      className="size-full object-cover"
      style={{ objectPosition: slide.objectPosition }}
    />
  );
}

export function HeroSection() {
  const { hero } = useContent(homeContent);
  const { pages } = useContent(pagesContent);
  const heroSlides = useHeroSlides();
  return (
    <section
      aria-labelledby="hero-heading"
      className="on-dark relative isolate overflow-hidden bg-navy-950 text-white"
    >
      {/* The pointer passes through the empty parts of this layer, so hovering the images pauses them. */}
      <div className="container-page pointer-events-none flex min-h-[40rem] flex-col justify-center pt-14 pb-28 sm:min-h-[42rem] sm:pt-20 lg:min-h-[44rem]">
        <div className="pointer-events-auto max-w-2xl">
          <p className="text-sm font-semibold tracking-widest text-gold-300 uppercase">
            {hero.eyebrow}
          </p>
          <h1
            id="hero-heading"
            className="font-display mt-4 text-4xl leading-tight font-bold text-white sm:text-5xl lg:text-6xl"
          >
            {pages.home.heading}
          </h1>
          <p className="mt-5 max-w-xl text-lg text-navy-50 sm:text-xl">{hero.intro}</p>
          <div className="mt-8 flex flex-wrap gap-3">
            <ButtonLink to={hero.cta.to} size="lg">
              {hero.cta.label}
              <ArrowRight aria-hidden="true" className="size-5" />
            </ButtonLink>
            <ExternalLink
              href={hero.whatsapp.href}
              className={buttonClasses('outline-light', 'lg')}
            >
              <MessageCircle aria-hidden="true" className="size-5" />
              {hero.whatsapp.label}
            </ExternalLink>
          </div>
          <dl className="mt-10 grid max-w-lg grid-cols-3 gap-4 border-t border-white/25 pt-6">
            {hero.stats.map((stat) => (
              <div key={stat.label} className="flex flex-col-reverse gap-1">
                <dt className="text-sm leading-snug text-navy-50">{stat.label}</dt>
                <dd className="font-display text-3xl font-bold text-gold-300 sm:text-4xl">
                  {stat.value}
                </dd>
              </div>
            ))}
          </dl>
        </div>
      </div>
      <Carousel
        label={hero.carousel.label}
        items={heroSlides}
        intervalMs={hero.carousel.intervalMs}
        labels={carouselLabels}
        tone="dark"
        getKey={(slide) => slide.image.img.src}
        className="absolute inset-0 -z-10"
        slidesClassName="absolute inset-0 after:pointer-events-none after:absolute after:inset-0 after:bg-navy-950/75 lg:after:bg-transparent lg:after:bg-linear-to-r lg:after:from-navy-950/95 lg:after:via-navy-950/70 lg:after:to-navy-950/25"
        slideClassName={slideClass}
        controlsClassName="container-page absolute inset-x-0 bottom-6 z-10"
        renderSlide={(slide, index) => <HeroImage slide={slide} index={index} />}
      />
      {/* Its first paint waits until the parser reaches this (FIRST_SCREEN_END_ID). */}
      <span id={FIRST_SCREEN_END_ID} hidden />
    </section>
  );
}
