import { contentOf } from './published.ts';
import type { HomeIcon } from './home-icons.ts';
import { names } from './business.ts';
import { companyContent } from './company.ts';
import { navigationContent } from './navigation.ts';
import { homeSections, routes } from './routes.ts';
import type { CarouselLabels, NavItem, Stat } from './types.ts';

/**
 * Every text and every piece of data of the home page (SPEC sections 2, 3 and 9).
 * To replace an illustration with a photo, see "Replacing the images" in docs/content.md.
 */

export interface IconCard {
  icon: HomeIcon;
  title: string;
  description: string;
}

export interface ServiceCard extends IconCard {
  features: readonly string[];
}

export interface ClientCategory {
  category: string;
  icon: HomeIcon;
  clients: readonly string[];
}

export interface Testimonial {
  name: string;
  position: string;
  company: string;
  text: string;
  /** Number of stars, out of `ratingScale`. */
  rating: number;
}

export interface VenueArea {
  area: string;
  highlights: readonly string[];
}

export interface VenueCategory {
  title: string;
  description: string;
  venues: readonly string[];
}

export type { HomeIcon } from './home-icons.ts';

/** The labels of both carousels' controls. */
export const carouselLabels: CarouselLabels = {
  pause: 'Pause automatic slide show',
  play: 'Start automatic slide show',
  previous: 'Previous testimonial',
  next: 'Next testimonial',
  showSlide: (position) => `Show slide ${position}`,
  slide: (position, total) => `${position} of ${total}`,
  carouselRole: 'carousel',
  slideRole: 'slide',
};

/**
 * The home page's sections as `published` has them (their figures and links from its company
 * and menu).
 */
export const homeContent = contentOf((editable, published) => {
  const { claims, company } = companyContent(published);
  const { requestServiceCta } = navigationContent(published);

  const hero = editable(
    'home.hero',
    {
      eyebrow: 'Washington D.C. · Maryland · Virginia',
      intro:
        'Professional servers, bartenders, captains and chefs for corporate, private, diplomatic and charity events across the DMV.',
      stats: [claims.stats.events, claims.stats.staff, claims.stats.years] satisfies Stat[],
      cta: requestServiceCta satisfies NavItem,
      whatsapp: { label: 'Chat on WhatsApp', href: company.whatsappUrl },
      carousel: {
        label: 'Our events',
        /** SPEC 9: the hero advances every 4 seconds. */
        intervalMs: 4000,
        /** What each image of home-images.ts shows, in its order, for people who cannot see it. */
        slideAlts: [
          'A server pours wine at a candle-lit gala dinner table under crystal chandeliers.',
          'A bartender shakes a cocktail in front of a softly lit back bar.',
          'A newly married couple raise a toast beside the wedding cake under string lights.',
          'A server offers canapés to guests at a corporate reception overlooking the city.',
          'A chef carves at a catering buffet lined with silver chafing dishes.',
          'An event captain with a clipboard briefs a line of uniformed staff before service.',
          'Guests on a rooftop terrace at dusk, with the Capitol dome and the Washington Monument behind them.',
        ],
      },
    },
    'en',
  );

  const about = editable(
    'home.about',
    {
      id: homeSections.about,
      eyebrow: 'About Us',
      title: `Hospitality professionals, since ${company.foundedYear}`,
      intro: `${company.name} staffs the events that matter most in the capital region, with people trained to make every guest feel looked after.`,
      mission: {
        title: 'Our Mission',
        text: 'To deliver impeccable service through trained, reliable and warm professionals, so that our clients can host with confidence and their guests remember the evening, not the logistics.',
      },
      valuesTitle: 'Our Core Values',
      values: [
        {
          icon: 'award',
          title: 'Professionalism',
          description:
            'Punctual, impeccably presented and discreet staff who follow your timeline and your protocol to the minute.',
        },
        {
          icon: 'heart-handshake',
          title: 'Passion for Service',
          description:
            'We love hospitality. Every plate, pour and greeting is a chance to make your guests feel welcome.',
        },
        {
          icon: 'users',
          title: 'Teamwork',
          description:
            'Captains, servers, bartenders and kitchen crews who work as one team with you and your vendors.',
        },
      ] satisfies IconCard[],
      founder: {
        title: 'Meet Our Founder',
        // The founder's name is in business.ts, the portrait in home-images.ts.
        name: names.founder,
        role: 'Founder & CEO',
        quote:
          'Great service is invisible: guests only notice that everything felt easy. That is what we train for.',
        bio: `Daniela spent fifteen years on the floor of the region’s best hotels and embassies before founding the company in ${company.foundedYear}. She still trains every new team member herself.`,
        credentialsLabel: 'Trainer credentials',
        credentials: ['Certified TIPS Trainer', 'ServSafe Certified Instructor & Proctor'],
        portraitAlt: `Illustrated portrait of ${names.founder}, founder of the company.`,
      },
    },
    'en',
  );

  const services = editable(
    'home.services',
    {
      id: homeSections.services,
      eyebrow: 'Our Services',
      title: 'The right people for every role',
      intro:
        'From an intimate dinner to a thousand-guest gala, we staff your event with trained, certified professionals.',
      cta: { label: 'Request a Quote', to: routes.quote.path } satisfies NavItem,
      /** Screen-reader context for each card's link, e.g. "Request a Quote for Servers & Waitstaff". */
      ctaContext: (service: string) => `for ${service}`,
      featuresLabel: (service: string) => `${service}: what is included`,
      cards: [
        {
          icon: 'utensils',
          title: company.staffTypes[0],
          description: 'Polished, attentive servers who keep every course and every guest on time.',
          features: [
            'Fine dining service',
            'Buffet service',
            'Corporate events',
            'Private parties',
          ],
        },
        {
          icon: 'wine',
          title: company.staffTypes[1],
          description: 'Responsible, creative bartenders who pour with flair and serve with care.',
          features: ['TIPS 360 certified', 'Full bar service', 'Custom drink menus'],
        },
        {
          icon: 'clipboard-list',
          title: company.staffTypes[2],
          description: 'Experienced leaders who run the floor so you can enjoy your event.',
          features: [
            'On-site management',
            'Staff supervision',
            'Vendor coordination',
            'Timeline management',
          ],
        },
        {
          icon: 'chef-hat',
          title: company.staffTypes[3],
          description: 'Skilled kitchen teams that support your caterer from prep to clean-up.',
          features: ['Prep cooks', 'Line cooks', 'Dishwashers', 'Stewards'],
        },
      ] satisfies ServiceCard[],
    },
    'en',
  );

  const references = editable(
    'home.references',
    {
      id: homeSections.references,
      eyebrow: 'References',
      title: 'Trusted across the capital region',
      intro:
        'Corporations, public institutions, non-profits and private hosts rely on us for their most important occasions.',
      categories: [
        {
          category: 'Fortune 500',
          icon: 'building',
          clients: names.clients.corporate,
        },
        {
          category: 'Government institutions',
          icon: 'landmark',
          clients: names.clients.government,
        },
        {
          category: 'Non-profits',
          icon: 'hand-heart',
          clients: names.clients.nonProfit,
        },
        {
          category: 'VIP private clients',
          icon: 'gem',
          clients: [
            'Private estates in McLean',
            'Georgetown residences',
            'Embassy Row receptions',
            'Potomac family celebrations',
          ],
        },
      ] satisfies ClientCategory[],
      testimonialsTitle: 'What our clients say',
      testimonials: {
        label: 'Client testimonials',
        /** SPEC 9: testimonials advance every 5 seconds. */
        intervalMs: 5000,
        ratingScale: 5,
        ratingLabel: (rating: number, scale: number) => `Rated ${rating} out of ${scale}`,
        // The people and companies are in business.ts.
        items: [
          {
            ...names.testimonials.brooks,
            position: 'Director of Events',
            text: 'Our annual gala for 600 guests ran flawlessly. The captain anticipated every change before we asked, and our board noticed the service.',
          },
          {
            ...names.testimonials.whitfield,
            position: 'Protocol Officer',
            text: 'Discreet, punctual and cleared for our building. They handled a head-of-delegation dinner with the poise we expect from our own staff.',
          },
          {
            ...names.testimonials.gonzalez,
            position: 'Executive Director',
            text: 'Our fundraiser depends on donors feeling welcome. The bartenders and servers were warm, fast and a true part of our team.',
          },
          {
            ...names.testimonials.carter,
            position: 'Private hosts',
            text: 'From the first call to the last glass, they took care of everything at our daughter’s wedding. We simply enjoyed the night.',
          },
        ] satisfies Testimonial[],
      },
    },
    'en',
  );

  /** The seed lists no venue categories; the venues section draws none while this is empty. */
  const venueCategories: VenueCategory[] = [];

  const venues = editable(
    'home.venues',
    {
      id: homeSections.venues,
      eyebrow: 'Where We Work',
      title: 'Venues across the DMV',
      intro:
        'Hotels, embassies, museums, estates and rooftops: our teams know the region’s venues and their rules.',
      areasTitle: 'Service areas',
      areas: [
        {
          area: company.serviceAreas[0],
          highlights: names.venueHighlights.dc,
        },
        {
          area: company.serviceAreas[1],
          highlights: names.venueHighlights.virginia,
        },
        {
          area: company.serviceAreas[2],
          highlights: names.venueHighlights.maryland,
        },
      ] satisfies VenueArea[],
      credentialsTitle: 'Special credentials',
      credentials: [
        {
          icon: 'shield-check',
          title: 'Security clearance',
          description: 'Background-checked staff ready for government buildings and secure venues.',
        },
        {
          icon: 'crown',
          title: 'VIP protocol',
          description:
            'Trained in diplomatic etiquette and discreet service for dignitaries and public figures.',
        },
        {
          icon: 'sparkles',
          title: 'Exclusive venues',
          description:
            'Familiar with the load-ins, policies and back-of-house of the region’s finest venues.',
        },
      ] satisfies IconCard[],
      eventTypesTitle: 'Events we staff',
      eventTypes: [
        'Corporate galas & conferences',
        'Weddings & private celebrations',
        'Diplomatic receptions',
        'Charity fundraisers',
        'Holiday parties',
        'Museum & cultural events',
      ],
      coverageTitle: 'Coverage',
      coverage: [
        claims.coverage.radius,
        claims.coverage.venues,
        claims.coverage.states,
      ] satisfies Stat[],
      categories: venueCategories,
      inquire: { label: 'Inquire About Venue', to: routes.quote.path } satisfies NavItem,
      call: { label: 'Call Now', phone: company.phones.direct },
    },
    'en',
  );

  const clients = editable(
    'home.clients',
    {
      id: homeSections.clients,
      eyebrow: 'Our Partners',
      title: 'Trusted by leading caterers and venues',
      names: names.partners,
    },
    'en',
  );

  return { hero, about, services, references, venues, clients };
});

export type HomeContent = ReturnType<typeof homeContent>;
