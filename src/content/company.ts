import type { PhoneLine, SocialLink, Stat } from './types';

/**
 * The business's facts: the one place to edit a phone number, the address or a claim.
 * Every value marked PLACEHOLDER is fictional and must be replaced with the real one before launch.
 */

const foundedYear = 2014;
const since = `Since ${foundedYear}`;

const phones = {
  // PLACEHOLDER: 555-01xx numbers are reserved for fiction.
  direct: { tag: 'D', label: 'Direct line', display: '(703) 555-0142', e164: '+17035550142' },
  office: { tag: 'O', label: 'Office line', display: '(703) 555-0187', e164: '+17035550187' },
} satisfies Record<string, PhoneLine>;

const address = {
  // PLACEHOLDER street and suite.
  street: '180 Maple Avenue West, Suite 200',
  city: 'Vienna',
  region: 'VA',
  regionName: 'Virginia',
  postalCode: '22180',
  country: 'US',
};

const addressLine = `${address.street}, ${address.city}, ${address.region} ${address.postalCode}`;

export const company = {
  // PLACEHOLDER name that fits the 'PS' mark.
  name: 'Potomac Staffing',
  legalName: 'Potomac Staffing LLC',
  shortMark: 'PS',
  tagline: 'Elite event staffing for Washington D.C., Maryland and Virginia',
  description:
    'Professional servers, bartenders, captains, chefs and support staff for corporate, private, diplomatic and charity events across the DMV.',
  foundedYear,
  phones,
  // PLACEHOLDER address on an example domain.
  email: 'bookings@example.com',
  address: { ...address, line: addressLine },
  mapsUrl: `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(addressLine)}`,
  whatsappUrl: `https://wa.me/${phones.office.e164.replace(/\D/g, '')}`,
  serviceAreas: ['Washington, D.C.', 'Northern Virginia', 'Maryland'],
  eventTypes: ['Corporate', 'Private', 'Diplomatic', 'Charity'],
  staffTypes: [
    'Servers & Waitstaff',
    'Bartenders & Mixologists',
    'Event Captains & Supervisors',
    'Chefs & Kitchen Staff',
    'Support Staff',
  ],
  credentials: ['Licensed in Virginia', 'Insured & Bonded', since],
  // PLACEHOLDER: no social profiles yet. Set href to show a link in the footer.
  social: [
    { label: 'Facebook' },
    { label: 'Instagram' },
    { label: 'LinkedIn' },
  ] satisfies SocialLink[],
} as const;

/** Business hours, for people and for structured data (schema.org opening hours). */
export const hours = {
  weekdays: {
    days: 'Monday - Friday',
    time: '9:00 AM - 5:00 PM',
    opens: '09:00',
    closes: '17:00',
    dayOfWeek: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'],
  },
  weekend: { days: 'Saturday & Sunday', time: 'Limited weekend support' },
  events: { days: 'During events', time: '24/7 on-site support' },
} as const;

/** Every marketing claim of the site, in one place (SPEC sections 1 and 9). */
export const claims = {
  stats: {
    events: { value: '500+', label: 'Successful Events' },
    staff: { value: '50+', label: 'Professional Staff' },
    years: { value: '10+', label: 'Years of Experience' },
    satisfaction: { value: '100%', label: 'Client Satisfaction' },
  } satisfies Record<string, Stat>,
  coverage: {
    radius: { value: '25+', label: 'Mile Radius' },
    venues: { value: '150+', label: 'Authorized Venues' },
    states: { value: '3', label: 'States' },
  } satisfies Record<string, Stat>,
  responseTime: '4 business hours',
  quoteTurnaround: '24 hours',
  applicationReview: '3-5 business days',
  freeConsultation: 'Free initial consultation',
  since,
} as const;
