import type { Business } from '../business.ts';
import type { HeroImage } from '../home-images.ts';
import { closedDays, openingHours } from '../site-fields.ts';
import type { ResponsiveImage } from '../types.ts';
import { code, properName, type FactLeaf, type NameLeaf, type PartFields } from './declare.ts';

/**
 * The facts both languages share (src/content/business.ts, home-images.ts): entered once. Those
 * marked `placeholder` are fictional in the code; the launch checklist names them until replaced.
 */

const fact = (kind: FactLeaf['kind'], label: string, hint: string): FactLeaf => ({
  kind,
  label,
  hint,
  placeholder: true,
});

const figure = (label: string, hint: string) => fact('figure', label, hint);

const placeholderName = (label: string, hint: string, max: number): NameLeaf => ({
  ...properName(label, hint, max),
  placeholder: true,
});

export const businessFields: PartFields<Business> = {
  name: placeholderName('Business name', 'As people know it: header, footer, titles, e-mails.', 60),
  legalName: placeholderName(
    'Legal name',
    'The registered name, in the footer and structured data.',
    80,
  ),
  shortMark: code,
  foundedYear: {
    kind: 'year',
    label: 'Year founded',
    hint: 'E.g. 2014: the site says “since” that year.',
  },
  phones: {
    group: 'Phone lines',
    fields: {
      direct: {
        kind: 'phone',
        label: 'Direct line',
        hint: 'The first number: top bar, footer, contact page, Call buttons, e-mails.',
      },
      office: {
        kind: 'phone',
        label: 'Office line',
        hint: 'The second number, and the one WhatsApp chats go to.',
      },
    },
  },
  email: fact('email', 'E-mail', 'Where clients write; shown on the contact page and in e-mails.'),
  siteUrl: fact(
    'siteUrl',
    "The site's address",
    'Where this site is published, for search engines.',
  ),
  address: {
    group: 'Office address',
    fields: {
      street: placeholderName('Street and suite', 'E.g. 180 Maple Avenue West, Suite 200.', 80),
      city: placeholderName('City', 'E.g. Vienna.', 40),
      region: placeholderName('State (two letters)', 'E.g. VA.', 2),
      regionName: properName('State', 'The state in full, e.g. Virginia.', 40),
      postalCode: placeholderName('ZIP code', 'E.g. 22180.', 10),
      country: code,
      line: code,
    },
  },
  social: {
    list: 'Social links',
    item: 'Social link',
    hint: 'Facebook, Instagram and LinkedIn, in that order; an empty one is not shown.',
    min: 3,
    max: 3,
    fixed: true,
    of: {
      group: 'Social link',
      fields: {
        label: code,
        href: fact('link', 'Link', "The profile's address, starting with https://."),
      },
    },
  },
  figures: {
    group: 'Figures',
    hint: 'Short, up to 8 characters, e.g. 500+ or 100%. Their words are in Figures’ words.',
    fields: {
      events: figure('Events', 'Events staffed.'),
      staff: figure('Staff', 'People on the team.'),
      years: figure('Years of experience', 'Years in business.'),
      satisfaction: figure('Client satisfaction', 'Share of satisfied clients.'),
      radiusMiles: figure('Miles around the office', 'How far the team travels.'),
      venues: figure('Venues', 'Venues the team is authorised at.'),
      states: figure('States', 'States served.'),
    },
  },
  openingHours: {
    kind: 'custom',
    node: openingHours(
      'Opening hours',
      'The days the office is open and its hours: the contact page, the footer and every reply deadline.',
    ),
  },
  closedDays: {
    kind: 'custom',
    node: closedDays(
      'Closed days',
      'Whole days the office is closed (holidays): reply deadlines skip them.',
    ),
  },
  timeZone: code,
  promises: code,
  mapsUrl: code,
  whatsappUrl: code,
};

/** The home page's photos: the shape of home-images.ts (which only the browser build imports). */
export interface HomeImages {
  heroImages: HeroImage[];
  founderPortrait: ResponsiveImage;
}

export const homeImagesFields: PartFields<HomeImages> = {
  heroImages: {
    list: 'Hero slides',
    item: 'Hero slide',
    hint: 'The slide show at the top of the home page; each photo’s description is in Home: hero.',
    min: 7,
    max: 7,
    fixed: true,
    of: {
      kind: 'photo',
      label: 'Photo',
      hint: 'Wide, at least 1920 pixels across; choose the point that stays in view.',
      place: 'hero',
      altKey: 'home.hero/carousel.slideAlts.{n}',
    },
  },
  founderPortrait: {
    kind: 'photo',
    label: "Founder's portrait",
    hint: 'Upright, at least 800 pixels across.',
    place: 'portrait',
    altKey: 'home.about/founder.portraitAlt',
  },
};
