import { contentOf } from './published.ts';
import { companyContent } from './company.ts';

/** Interface text that is not a business fact: page titles, headings, labels of shared controls. */

export const ui = {
  skipLink: 'Skip to main content',
  newTab: '(opens in a new tab)',
  backToHome: 'Back to Home',
  /** Shown without JavaScript on the home page opened by a page's hash link (`/#/team`). */
  pageElsewhere: 'The page you asked for is here:',
  /** Said (to screen readers) and shown while the page a visitor chose is on its way. */
  pageLoading: 'Opening the page…',
  /** A phone line's short tag, as the header and footer show it: "(D)". */
  phoneTag: (tag: string) => `(${tag})`,
  /** Words quoted on the page: a testimonial, the founder's. */
  quoted: (text: string) => `“${text}”`,
  header: {
    /** The top bar's region, and its list of phone and e-mail links. */
    topBarLabel: 'Quick contact',
    topBarLinksLabel: 'Phone and e-mail',
    mainNavLabel: 'Main',
    homeLinkLabel: (companyName: string) => `${companyName}, home`,
    menu: 'Menu',
  },
  footer: {
    credentialsLabel: 'Credentials',
    copyright: (year: number, holder: string) => `© ${year} ${holder}. All rights reserved.`,
  },
};

export interface PageText {
  /** The document title (the company name is appended). */
  title: string;
  heading: string;
  intro?: string;
}

/**
 * The pages' titles, headings and introductions, as `published` has them.
 */
export const pagesContent = contentOf((editable, published) => {
  const { claims } = companyContent(published);

  const pages = editable(
    'site.pages',
    {
      home: {
        title: 'Event Staffing in D.C., Maryland & Virginia',
        heading: 'Elite Staffing for Unforgettable Events',
      },
      team: {
        title: 'Our Team',
        heading: 'Our Team',
        intro: 'Trained, certified and hand-picked professionals for every role your event needs.',
      },
      contact: {
        title: 'Contact',
        heading: 'Contact Us',
        intro: `Call, write or visit: we answer within ${claims.responseTime}.`,
      },
      quote: {
        title: 'Request Service',
        heading: 'Request Service',
        intro: `Tell us about your event and we will send a personalized quote within ${claims.quoteTurnaround}.`,
      },
      application: {
        title: 'Join Our Team',
        heading: 'Join Our Team',
        intro: 'Work the most memorable events in the DMV with a team that values you.',
      },
      privacy: {
        title: 'Privacy',
        heading: 'Your Privacy',
        intro:
          'What we keep when you send a form, and what we count when you visit, in plain words.',
      },
      notFound: {
        title: 'Page not found',
        heading: 'Page not found',
        intro: 'The page you were looking for does not exist or has moved.',
      },
      error: {
        title: 'Something went wrong',
        heading: 'Something went wrong.',
        intro: 'Please try again, or go back to the home page.',
      },
    } satisfies Record<string, PageText>,
    'en',
  );

  return { pages };
});

export type PagesContent = ReturnType<typeof pagesContent>;
