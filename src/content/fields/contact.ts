import type { ContactContent } from '../contact.ts';
import { code, line, prose, room, type PartFields } from './declare.ts';

/** The contact page (src/content/contact.ts): the words around the Business facts. */

const cardTitle = (card: string) => line('Heading', `The heading of the ${card} card.`, room.label);

export const contactFields: PartFields<ContactContent['contact']> = {
  reach: {
    group: 'Top of the page',
    fields: {
      eyebrow: line('Small heading', 'The short line above the title.', room.eyebrow),
      title: line('Title', 'The title above the ways to reach the company.', room.heading),
      intro: line('Introduction', 'The sentence under the title.', room.sentence + 40),
    },
  },
  phone: { group: 'Phone card', fields: { title: cardTitle('phone') } },
  email: {
    group: 'E-mail card',
    fields: {
      title: cardTitle('e-mail'),
      label: line('Address name', 'What the e-mail address is for, e.g. Bookings.', room.word),
    },
  },
  whatsapp: {
    group: 'WhatsApp card',
    fields: {
      title: cardTitle('WhatsApp'),
      label: line('Link text', 'The link that opens a WhatsApp chat.', room.heading),
      hint: {
        group: 'Note',
        fields: {
          lead: line(
            'Note',
            'The words before the office number, which the page adds (a Business fact).',
            room.sentence,
          ),
          phone: code,
        },
      },
    },
  },
  visit: {
    group: 'Office card',
    fields: {
      title: cardTitle('office'),
      mapLabel: line('Map link text', 'The link to the directions on Google Maps.', room.heading),
    },
  },
  hours: {
    group: 'Hours card',
    fields: {
      title: cardTitle('business hours'),
      responseTitle: line('Response heading', 'Above the promise of a quick answer.', room.label),
      response: line(
        'Response',
        'The promise of a quick answer, in a sentence.',
        room.sentence + 40,
      ),
    },
  },
  shortcuts: {
    group: 'Shortcuts',
    fields: {
      title: line('Heading', 'The heading above the two shortcuts.', room.heading),
      items: {
        list: 'Shortcuts',
        item: 'Shortcut',
        hint: 'The first goes to the quote form, the second to the application.',
        min: 2,
        max: 2,
        fixed: true,
        of: {
          group: 'Shortcut',
          fields: {
            id: code,
            title: line('Heading', "The shortcut's heading.", room.label),
            description: prose(
              'Description',
              'Who it is for, in a sentence or two.',
              room.paragraph,
            ),
            linkLabel: line('Link text', "The shortcut's link.", room.label + 20),
            to: code,
          },
        },
      },
    },
  },
};
