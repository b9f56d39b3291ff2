import type { HomeContent } from '../home.ts';
import { homeIcons } from '../home-icons.ts';
import { code, line, properName, prose, room, type IconLeaf, type PartFields } from './declare.ts';

/** The home page's sections (src/content/home.ts): what the owner may change in each. */

const iconOf = (hint: string): IconLeaf => ({
  kind: 'icon',
  label: 'Icon',
  hint,
  options: homeIcons,
});

const eyebrow = (section: string) =>
  line('Small heading', `The short line above the ${section} section's title.`, room.eyebrow);

export const heroFields: PartFields<HomeContent['hero']> = {
  eyebrow: line(
    'Small heading',
    'The short line above the main heading at the top of the home page.',
    room.eyebrow,
  ),
  intro: prose(
    'Introduction',
    'The sentence under the main heading at the top of the home page.',
    room.paragraph,
  ),
  stats: code,
  cta: code,
  whatsapp: {
    group: 'WhatsApp button',
    fields: {
      label: line('Button text', 'The button that opens a WhatsApp chat.', room.label),
      href: code,
    },
  },
  carousel: {
    group: 'Slide show',
    fields: {
      label: line(
        'Name of the slide show',
        'What screen readers call the slide show of photos.',
        room.label,
      ),
      intervalMs: code,
      slideAlts: {
        list: 'Photo descriptions',
        item: 'Photo description',
        hint: "One for each photo of the slide show, in the Photos part's order.",
        min: 7,
        max: 7,
        fixed: true,
        of: line(
          'Photo description',
          'What the photo shows, for people who cannot see it (its alt text).',
          room.sentence,
        ),
      },
    },
  },
};

export const aboutFields: PartFields<HomeContent['about']> = {
  id: code,
  eyebrow: eyebrow('About'),
  title: line('Title', "The About section's title.", room.heading),
  intro: prose('Introduction', 'The paragraph under the title.', room.paragraph),
  mission: {
    group: 'Mission',
    fields: {
      title: line('Title', "The mission's heading.", room.label),
      text: prose('Mission', 'The mission statement.', room.story),
    },
  },
  valuesTitle: line('Values heading', 'The heading above the values.', room.label),
  values: {
    list: 'Values',
    item: 'Value',
    min: 3,
    max: 3,
    fixed: true,
    of: {
      group: 'Value',
      fields: {
        icon: iconOf("The picture beside the value's name."),
        title: line('Name', "The value's name.", room.label),
        description: prose(
          'Description',
          'What the value means, in a sentence or two.',
          room.paragraph,
        ),
      },
    },
  },
  founder: {
    group: 'Founder',
    fields: {
      title: line('Heading', "The heading of the founder's card.", room.heading),
      name: properName("Founder's name", 'Written the same in both languages.', 60),
      role: line('Role', "The founder's title, under the name.", room.heading),
      quote: prose('Quote', 'A few words of the founder, shown as a quotation.', room.paragraph),
      bio: prose('Biography', "The founder's story, in a short paragraph.", room.story),
      credentialsLabel: line(
        'Credentials heading',
        'The heading above the credentials.',
        room.heading,
      ),
      credentials: {
        list: 'Credentials',
        item: 'Credential',
        min: 1,
        max: 8,
        of: line('Credential', 'A diploma, a certificate or an award, on one line.', room.sentence),
      },
      portraitAlt: line(
        'Portrait description',
        "What the founder's portrait shows, for people who cannot see it (its alt text).",
        room.sentence,
      ),
    },
  },
};

export const servicesFields: PartFields<HomeContent['services']> = {
  id: code,
  eyebrow: eyebrow('Services'),
  title: line('Title', "The Services section's title.", room.heading),
  intro: prose('Introduction', 'The paragraph under the title.', room.paragraph),
  cta: {
    group: 'Button',
    fields: {
      label: line('Button text', "The button on each service's card.", room.label),
      to: code,
    },
  },
  ctaContext: code,
  featuresLabel: code,
  cards: {
    list: 'Services',
    item: 'Service',
    min: 1,
    max: 12,
    of: {
      group: 'Service',
      fields: {
        icon: iconOf("The picture on the service's card."),
        title: line('Name', "The service's name, on its card.", room.label),
        description: prose(
          'Description',
          'What the service is, in a sentence or two.',
          room.paragraph,
        ),
        features: {
          list: "What's included",
          item: 'Item',
          hint: "The ticked lines on the service's card.",
          min: 1,
          max: 8,
          of: line('Item', 'One thing the service includes, on one line.', room.label + 20),
        },
      },
    },
  },
};

export const referencesFields: PartFields<HomeContent['references']> = {
  id: code,
  eyebrow: eyebrow('Clients'),
  title: line('Title', "The Clients section's title.", room.heading),
  intro: prose('Introduction', 'The paragraph under the title.', room.paragraph),
  categories: {
    list: 'Kinds of client',
    item: 'Kind of client',
    min: 1,
    max: 8,
    of: {
      group: 'Kind of client',
      fields: {
        category: line('Name', 'The name of this kind of client, e.g. Corporate.', room.label),
        icon: iconOf('The picture beside the name.'),
        clients: {
          list: 'Clients',
          item: 'Client',
          hint: 'Name only clients who agreed to be named.',
          min: 1,
          max: 12,
          of: line('Client', "A client's name.", room.label + 20),
        },
      },
    },
  },
  testimonialsTitle: line(
    'Testimonials heading',
    'The heading above the testimonials.',
    room.heading,
  ),
  testimonials: {
    group: 'Testimonials',
    fields: {
      label: line(
        'Name of the testimonials',
        'What screen readers call the slide show of testimonials.',
        room.label,
      ),
      intervalMs: code,
      ratingScale: code,
      ratingLabel: code,
      items: {
        list: 'Testimonials',
        item: 'Testimonial',
        min: 1,
        max: 12,
        of: {
          group: 'Testimonial',
          fields: {
            name: properName('Name', 'Who said it, written the same in both languages.', 60),
            company: properName('Company or place', 'Under the name, in both languages.', 80),
            rating: { kind: 'rating', label: 'Stars', hint: 'From 1 to 5.' },
            position: line('Position', "The person's role, e.g. Event Director.", room.label),
            text: prose('What they said', 'Their words, as they said them.', room.story),
          },
        },
      },
    },
  },
};

export const venuesFields: PartFields<HomeContent['venues']> = {
  id: code,
  eyebrow: eyebrow('Venues'),
  title: line('Title', "The Venues section's title.", room.heading),
  intro: prose('Introduction', 'The paragraph under the title.', room.paragraph),
  areasTitle: line('Areas heading', 'The heading above the service areas.', room.heading),
  areas: {
    list: 'Service areas',
    item: 'Area',
    min: 3,
    max: 3,
    fixed: true,
    of: {
      group: 'Area',
      fields: {
        area: line('Name', "The area's name, e.g. Washington, D.C.", room.label),
        highlights: {
          list: 'Places',
          item: 'Place',
          hint: 'Neighbourhoods and towns of the area.',
          min: 1,
          max: 8,
          of: properName('Place', 'Written the same in both languages.', room.label),
        },
      },
    },
  },
  credentialsTitle: line('Credentials heading', 'The heading above the credentials.', room.heading),
  credentials: {
    list: 'Credentials',
    item: 'Credential',
    min: 1,
    max: 8,
    of: {
      group: 'Credential',
      fields: {
        icon: iconOf("The picture on the credential's card."),
        title: line('Name', "The credential's name.", room.label),
        description: prose(
          'Description',
          'What it means for a client, in a sentence.',
          room.paragraph,
        ),
      },
    },
  },
  eventTypesTitle: line('Events heading', 'The heading above the kinds of event.', room.heading),
  eventTypes: {
    list: 'Kinds of event',
    item: 'Kind of event',
    min: 1,
    max: 12,
    of: line(
      'Kind of event',
      'One kind of event, e.g. Weddings & private celebrations.',
      room.label + 20,
    ),
  },
  coverageTitle: line('Coverage heading', 'The heading above the coverage figures.', room.heading),
  // The figures' words are the Figures' words part's; a venue category has none yet.
  coverage: code,
  categories: code,
  inquire: {
    group: 'Quote button',
    fields: {
      label: line('Button text', 'The button under the section, to the quote form.', room.label),
      to: code,
    },
  },
  call: {
    group: 'Call button',
    fields: {
      label: line(
        'Button text',
        'The button under the section that calls the direct line.',
        room.label,
      ),
      phone: code,
    },
  },
};

export const clientsFields: PartFields<HomeContent['clients']> = {
  id: code,
  eyebrow: eyebrow('Partners'),
  title: line('Title', "The Partners section's title.", room.heading + 40),
  names: {
    list: 'Partners',
    item: 'Partner',
    hint: 'Name only partners who agreed to be named.',
    min: 1,
    max: 14,
    of: properName('Partner', "A caterer's or a venue's name, the same in both languages.", 60),
  },
};
