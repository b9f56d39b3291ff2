import { contentOf } from './published.ts';
import { DEFAULT_OPENING_HOURS, type ClosedDay } from './opening-hours.ts';
import type { SocialLink } from './types.ts';

/**
 * The business's facts that are not words: names, numbers, addresses, links. Written once, shared by
 * the English and the Spanish site (src/content/es), so a phone number or a client is edited in one
 * place. Every value marked PLACEHOLDER is fictional and must be replaced before launch.
 */

/** The code's facts: what the site shows until the owner publishes theirs. */
const defaults = {
  // PLACEHOLDER name that fits the 'PS' mark.
  name: 'Potomac Staffing',
  legalName: 'Potomac Staffing LLC',
  shortMark: 'PS',
  foundedYear: 2014,
  phones: {
    // PLACEHOLDER: 555-01xx numbers are reserved for fiction.
    direct: { display: '(703) 555-0142', e164: '+17035550142' },
    office: { display: '(703) 555-0187', e164: '+17035550187' },
  },
  // PLACEHOLDER address on an example domain.
  email: 'bookings@example.com',
  /** PLACEHOLDER: where the site is published (no trailing slash), for the sitemap and search engines. */
  siteUrl: 'https://www.example.com',
  address: {
    // PLACEHOLDER street and suite.
    street: '180 Maple Avenue West, Suite 200',
    city: 'Vienna',
    region: 'VA',
    regionName: 'Virginia',
    postalCode: '22180',
    country: 'US',
  },
  // PLACEHOLDER: no social profiles yet. Set href to show a link in the footer.
  social: [
    { label: 'Facebook' },
    { label: 'Instagram' },
    { label: 'LinkedIn' },
  ] satisfies SocialLink[] as SocialLink[],
  /** The figures the site claims (their words are in company.ts's `claims`). */
  figures: {
    events: '500+',
    staff: '50+',
    years: '10+',
    satisfaction: '100%',
    radiusMiles: '25+',
    venues: '150+',
    states: '3',
  },
  /**
   * Each weekday's opening hours, Monday first (src/content/opening-hours.ts): the site lists
   * them, the structured data states them, and every deadline counts inside them.
   */
  openingHours: DEFAULT_OPENING_HOURS,
  /** Dates closed all day (holidays): deadlines skip them. None in the code. */
  closedDays: [] as readonly ClosedDay[],
  /** Where the opening hours are counted (an IANA time zone): the office's clock. */
  timeZone: 'America/New_York',
  /**
   * What the site promises a client, as numbers: the inbox counts each request's deadlines from
   * them (src/business-time/promises.ts), and the words of the claims are written from them.
   */
  promises: {
    /** A first answer within this many business hours (inside the opening hours above). */
    responseBusinessHours: 4,
    /** A personalised quote within this many hours, any day. */
    quoteHours: 24,
  },
};

export type BusinessFacts = typeof defaults;

/** The facts as published, with the values written from them (the address's line, the links). */
export const businessContent = contentOf((editable) => {
  const facts = editable('business', defaults);
  const { address, phones } = facts;
  const addressLine = `${address.street}, ${address.city}, ${address.region} ${address.postalCode}`;
  const business = {
    ...facts,
    address: { ...address, line: addressLine },
    mapsUrl: `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(addressLine)}`,
    whatsappUrl: whatsappUrlOf(phones.office.e164),
  };
  return { business };
});

export type Business = ReturnType<typeof businessContent>['business'];

/** A WhatsApp chat with a number (E.164): wa.me takes its digits alone. */
export const whatsappUrlOf = (e164: string) => `https://wa.me/${e164.replace(/\D/g, '')}`;

/** Proper names the site shows in every language: places, and clients who agreed to be named. */
export const names = {
  /** Neighbourhoods and towns of each service area. */
  venueHighlights: {
    dc: ['Georgetown', 'Embassy Row', 'Capitol Hill', 'The Wharf'],
    virginia: ['Tysons', 'McLean', 'Arlington', 'Old Town Alexandria'],
    maryland: ['Bethesda', 'Chevy Chase', 'Potomac', 'National Harbor'],
  },
  // PLACEHOLDER: every client name below is fictional; replace with real clients who agreed to be named.
  clients: {
    corporate: [
      'Meridian Financial Group',
      'Atlas Aerospace Systems',
      'Keystone Health Partners',
      'Northwind Energy',
    ],
    government: [
      'Capitol Policy Institute',
      'District Cultural Commission',
      'Potomac River Authority',
      'Federal Arts Council',
    ],
    nonProfit: [
      'Chesapeake Children’s Fund',
      'Harbor Light Foundation',
      'Blue Ridge Conservancy',
      'Capital Literacy Alliance',
    ],
  },
  // PLACEHOLDER: fictional catering and hospitality names.
  partners: [
    'Capital Table Catering',
    'Chesapeake Hospitality Group',
    'Rock Creek Events',
    'Magnolia & Vine Catering',
    'Foggy Bottom Banquets',
    'Blue Ridge Hospitality',
  ],
  // PLACEHOLDER: fictional people and companies; their words are in each language's home.ts.
  testimonials: {
    brooks: { name: 'Catherine Brooks', company: 'Meridian Financial Group', rating: 5 },
    whitfield: { name: 'James Whitfield', company: 'Capitol Policy Institute', rating: 5 },
    gonzalez: { name: 'Maria Gonzalez', company: 'Harbor Light Foundation', rating: 5 },
    carter: { name: 'Robert & Elaine Carter', company: 'Potomac, Maryland', rating: 5 },
  },
  // PLACEHOLDER: fictional founder; replace the name, the words and the portrait before launch.
  founder: 'Daniela Reyes',
};
