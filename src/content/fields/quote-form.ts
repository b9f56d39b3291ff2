import type { QuoteFormContent } from '../quote-form.ts';
import { code, line, prose, room, type PartFields } from './declare.ts';
import { boxHint, boxLabel, message, sectionHeading } from './forms.ts';

/** The quote request form (src/content/quote-form.ts): its headings, boxes and messages. */

const form = 'quote form';
const box = (name: string) => ({ label: boxLabel(name, form), hint: boxHint(name, form) });

export const quoteFormFields: PartFields<QuoteFormContent['quoteForm']> = {
  sections: {
    group: 'Section headings',
    fields: {
      contact: sectionHeading('Contact', form),
      event: sectionHeading('Event', form),
      services: sectionHeading('Services', form),
      additional: sectionHeading('More information', form),
    },
  },
  fields: {
    group: 'Boxes',
    fields: {
      clientName: { group: 'Full name', fields: { label: boxLabel('full name', form) } },
      phone: { group: 'Phone', fields: box('phone') },
      email: { group: 'E-mail', fields: box('e-mail') },
      eventDate: { group: 'Event date', fields: box('event date') },
      guestCount: { group: 'Guests', fields: box('number of guests') },
      address: { group: 'Event address', fields: box('event address') },
      services: {
        group: 'Staff needed',
        fields: { legend: boxLabel('staff needed', form), hint: boxHint('staff needed', form) },
      },
      additionalInfo: { group: 'About the event', fields: box('about the event') },
    },
  },
  submit: line('Send button', 'The button that sends the request.', room.label),
  sendError: line(
    'Send failure',
    'Shown when the request could not be sent (the visitor may try again).',
    room.sentence,
  ),
  confirmation: {
    group: 'Confirmation',
    fields: {
      heading: line('Heading', 'The heading once the request is sent.', room.heading),
      message: prose('Message', 'What happens next, under that heading.', room.paragraph),
      urgent: line(
        'Urgent calls',
        'The words before the direct line, which the page adds (a Business fact).',
        room.heading,
      ),
      phone: code,
    },
  },
};

export const quoteMessagesFields: PartFields<QuoteFormContent['quoteMessages']> = {
  clientName: message('Full name missing', 'for the full name when it is empty'),
  phone: message('Phone not valid', 'for the phone when it is not a phone number'),
  email: message('E-mail not valid', 'for the e-mail when it is not an address'),
  eventDate: message('Event date missing', 'for the event date when it is empty'),
  eventDateInvalid: message('Event date not valid', 'for the event date when it is not a date'),
  eventDatePast: message('Event date past', 'for the event date when it is in the past'),
  guestCount: message('Guests missing', 'for the number of guests when it is empty'),
  guestCountInvalid: message(
    'Guests not valid',
    'for the number of guests when it is not a whole number from 1 to 100,000',
  ),
  address: message('Event address missing', 'for the event address when it is empty'),
  services: message('No staff chosen', 'for the staff needed when none is chosen'),
};
