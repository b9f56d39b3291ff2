import type { PagesContent } from '../site.ts';
import { code, line, room, type PartFields } from './declare.ts';

/** Each page's title and heading (src/content/site.ts). */

const title = (page: string) =>
  line('Title', `The ${page} page's name in the browser tab and in search results.`, room.title);
const heading = (page: string) => line('Heading', `The ${page} page's main heading.`, room.heading);
const intro = (page: string) =>
  line('Introduction', `The sentence under the ${page} page's heading.`, room.sentence + 40);

export const pagesFields: PartFields<PagesContent['pages']> = {
  home: {
    group: 'Home page',
    fields: {
      title: title('home'),
      heading: line(
        'Heading',
        'The company’s promise, the big heading at the top of the home page.',
        room.heading,
      ),
    },
  },
  team: {
    group: 'Team page',
    fields: { title: title('team'), heading: heading('team'), intro: intro('team') },
  },
  contact: {
    group: 'Contact page',
    fields: { title: title('contact'), heading: heading('contact'), intro: intro('contact') },
  },
  quote: {
    group: 'Quote form page',
    fields: {
      title: title('quote form'),
      heading: heading('quote form'),
      intro: intro('quote form'),
    },
  },
  application: {
    group: 'Application page',
    fields: {
      title: title('application'),
      heading: heading('application'),
      intro: intro('application'),
    },
  },
  // The privacy note says what the software does: its words are the code's (its contact line is the
  // Business facts'). So are the words of a missing page and of a failure.
  privacy: code,
  notFound: code,
  error: code,
};
