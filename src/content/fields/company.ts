import type { CompanyContent } from '../company.ts';
import { code, line, prose, room, type PartFields, type TextLeaf } from './declare.ts';

/**
 * The business in words (src/content/company.ts). Its facts (names, numbers, the address) are
 * the Business facts part's, so they are the code's here.
 */

export const companyFields: PartFields<CompanyContent['company']> = {
  name: code,
  legalName: code,
  shortMark: code,
  foundedYear: code,
  phones: code,
  email: code,
  siteUrl: code,
  address: code,
  social: code,
  figures: code,
  openingHours: code,
  closedDays: code,
  timeZone: code,
  promises: code,
  mapsUrl: code,
  whatsappUrl: code,
  tagline: line(
    'Tagline',
    'One line about the company, for search engines (the structured data’s slogan), e.g. Elite event staffing for Washington D.C.',
    room.sentence,
  ),
  description: prose(
    'Description',
    'A short paragraph about the company: in the footer, search results and link previews.',
    room.paragraph,
  ),
  serviceAreas: {
    list: 'Service areas',
    item: 'Service area',
    hint: "The footer's service areas, in the order of the home page's venue areas.",
    min: 3,
    max: 3,
    fixed: true,
    of: line('Service area', "The area's name, e.g. Northern Virginia.", room.label),
  },
  eventTypes: code,
  staffTypes: code,
  credentials: code,
};

const days = (which: string) => line('Days', `Which days: ${which}.`, room.label);
const time = (which: string) =>
  line('Hours', `The hours ${which}, as people read them.`, room.label);

// The opening times themselves are the Business facts part's (they count the deadlines).
export const hoursFields: PartFields<CompanyContent['hours']> = {
  weekend: {
    group: 'Weekend',
    fields: { days: days('the weekend'), time: time('at the weekend') },
  },
  events: {
    group: 'During events',
    fields: { days: days('while an event is on'), time: time('while an event is on') },
  },
};

const figureWords = (figure: string): TextLeaf =>
  line(
    'Words',
    `What the figure counts, under ${figure} (the figure is a Business fact).`,
    room.label,
  );

export const claimsFields: PartFields<CompanyContent['claims']> = {
  stats: {
    group: 'Figures on the home page',
    fields: {
      events: { group: 'Events', fields: { value: code, label: figureWords('“500+”') } },
      staff: { group: 'Staff', fields: { value: code, label: figureWords('“50+”') } },
      years: { group: 'Years', fields: { value: code, label: figureWords('“10+”') } },
      satisfaction: {
        group: 'Satisfaction',
        fields: { value: code, label: figureWords('“100%”') },
      },
    },
  },
  coverage: {
    group: 'Coverage figures',
    fields: {
      radius: { group: 'Radius', fields: { value: code, label: figureWords('the miles') } },
      venues: { group: 'Venues', fields: { value: code, label: figureWords('the venues') } },
      states: { group: 'States', fields: { value: code, label: figureWords('the states') } },
    },
  },
  responseTime: code,
  quoteTurnaround: code,
  applicationReview: line(
    'Application review',
    'How long the team takes to review an application, e.g. 3-5 business days.',
    room.label,
  ),
  freeConsultation: line(
    'Free consultation',
    'The offer of a first consultation, named in the contact page’s quote shortcut.',
    room.heading,
  ),
  since: code,
};
