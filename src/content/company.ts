import { contentOf } from './published.ts';
import { businessContent } from './business.ts';
import { openingLines, WEEKDAYS, type HoursWords, type Weekday } from './opening-hours.ts';
import type { PhoneLine, Stat } from './types.ts';

/** Each weekday's name, as a line starts with it and as a range ends with it (English: the same). */
const dayNames = Object.fromEntries(WEEKDAYS.map((day) => [day, day])) as Record<Weekday, string>;

/** How the site writes the business's opening hours: 'Monday - Friday', '9:00 AM - 5:00 PM'. */
export const hoursWords: HoursWords = {
  days: dayNames,
  untilDays: dayNames,
  dayRange: '{from} - {to}',
  timeRange: '{from} - {to}',
  am: 'AM',
  pm: 'PM',
};

/**
 * The business in words: its phone lines' names, its tagline, hours and claims. The facts that are
 * not words (numbers, the address, links) are in business.ts, shared with the Spanish site.
 */

export const companyContent = contentOf((editable, published) => {
  const { business } = businessContent(published);

  const { figures, promises } = business;
  const since = `Since ${business.foundedYear}`;

  const phones = {
    direct: { tag: 'D', label: 'Direct line', ...business.phones.direct },
    office: { tag: 'O', label: 'Office line', ...business.phones.office },
  } satisfies Record<string, PhoneLine>;

  const company = editable(
    'company',
    {
      ...business,
      phones,
      tagline: 'Elite event staffing for Washington D.C., Maryland and Virginia',
      description:
        'Professional servers, bartenders, captains, chefs and support staff for corporate, private, diplomatic and charity events across the DMV.',
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
    } as const,
    'en',
  );

  /** Business hours beyond the office's (those are written from the opening hours): the owner's words. */
  const hours = editable(
    'company.hours',
    {
      weekend: { days: 'Saturday & Sunday', time: 'Limited weekend support' },
      events: { days: 'During events', time: '24/7 on-site support' },
    } as const,
    'en',
  );

  /** Every marketing claim of the site, in one place (SPEC sections 1 and 9). */
  const claims = editable(
    'company.claims',
    {
      stats: {
        events: { value: figures.events, label: 'Successful Events' },
        staff: { value: figures.staff, label: 'Professional Staff' },
        years: { value: figures.years, label: 'Years of Experience' },
        satisfaction: { value: figures.satisfaction, label: 'Client Satisfaction' },
      } satisfies Record<string, Stat>,
      coverage: {
        radius: { value: figures.radiusMiles, label: 'Mile Radius' },
        venues: { value: figures.venues, label: 'Authorized Venues' },
        states: { value: figures.states, label: 'States' },
      } satisfies Record<string, Stat>,
      responseTime: `${promises.responseBusinessHours} business hours`,
      quoteTurnaround: `${promises.quoteHours} hours`,
      applicationReview: '3-5 business days',
      freeConsultation: 'Free initial consultation',
      since,
    } as const,
    'en',
  );

  /** The open days and their hours, written from the business's (published) opening hours. */
  const openingHours = openingLines(business.openingHours, hoursWords);

  return { company, hours, claims, openingHours };
});

export type CompanyContent = ReturnType<typeof companyContent>;
