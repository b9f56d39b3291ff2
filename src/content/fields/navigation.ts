import type { NavigationContent } from '../navigation.ts';
import { code, line, room, type PartFields } from './declare.ts';

/** The menu and the footer (src/content/navigation.ts): their words; their links are the code's. */

export const mainNavFields: PartFields<NavigationContent['mainNav']> = {
  list: 'Menu',
  item: 'Link',
  hint: "The menu's links, in order; each goes to its page or section.",
  min: 6,
  max: 6,
  fixed: true,
  of: {
    group: 'Link',
    fields: {
      label: line('Link text', 'The word of the menu and of the footer’s quick links.', room.word),
      to: code,
    },
  },
};

export const requestServiceCtaFields: PartFields<NavigationContent['requestServiceCta']> = {
  label: line(
    'Button text',
    'The button to the quote form, in the menu and on the home page.',
    room.word,
  ),
  to: code,
};

const footerHeading = (what: string) =>
  line('Heading', `The footer's heading above ${what}.`, room.label);

// The footer's lists follow the menu, the staff types and the service areas.
export const footerNavFields: PartFields<NavigationContent['footerNav']> = {
  quickLinks: {
    group: 'Quick links',
    fields: { title: footerHeading('the quick links'), items: code },
  },
  services: {
    group: 'Services',
    fields: { title: footerHeading('the services'), items: code },
  },
  contact: { group: 'Contact', fields: { title: footerHeading('the phones and address') } },
  areas: {
    group: 'Service areas',
    fields: { title: footerHeading('the service areas'), items: code },
  },
  social: { group: 'Social links', fields: { title: footerHeading('the social links') } },
};
