import { contentOf } from './published.ts';
import { companyContent } from './company.ts';

/**
 * The privacy note (/privacy): what the forms keep and what the site counts of a visit, in plain
 * words (docs/visits.md, "The privacy note"). Not the owner's to edit: it says what the software
 * does. Its contact line is the Business facts' e-mail and office phone, which the owner edits.
 */

export interface PrivacySection {
  /** The id of the section's heading. */
  id: string;
  title: string;
  paragraphs: readonly string[];
  /** A list shown after the first paragraph. */
  points?: readonly string[];
}

export const privacyContent = contentOf((_editable, published) => {
  const { company } = companyContent(published);

  /**
   * How long the daily counts are kept: VISIT_RETENTION_DAYS's default (730 days). A business that
   * sets another value says so here.
   */
  const countsKept = 'two years';

  const sections: PrivacySection[] = [
    {
      id: 'privacy-forms',
      title: 'What our forms keep, and why',
      paragraphs: [
        'When you ask for a quote, we keep what you write in the form: your name, phone and e-mail, the date, address and size of your event, the staff you need and your message.',
        'When you apply to join our team, we keep your application: your name, phone, e-mail and home address, your date of birth, what you tell us about your experience, availability, certifications and references, and your résumé if you attach one.',
        'We keep them to answer you: to prepare your quote, or to consider your application. We keep each one until we have handled it, and then for as long as the law and our records need.',
        'We send an e-mail to the address you give, to say that your request arrived. After that we write to you only about your request.',
      ],
    },
    {
      id: 'privacy-visits',
      title: 'What we count when you visit',
      paragraphs: [
        'To know whether this site helps people find us, it counts its own visits. For each page you open, it counts:',
        'That is all. The site sets no cookies and stores nothing on your device to count you. How your visit began stays only in this browser tab, to be sent with a form, and is gone when you close the tab.',
        'We do not keep your IP address. To count a visitor once a day, the site mixes your network address and browser with a secret that changes every day. The secret is deleted once the day is over, so no one, not even we, can follow a visitor from one day to the next.',
        'No one else counts for us: no outside analytics, no advertising networks.',
        `We keep the daily counts for ${countsKept}, then delete them.`,
      ],
      points: [
        'the page (for example, the team page);',
        'the language you read it in;',
        'the day;',
        'whether you opened one of our forms and began to fill it in (not what you typed);',
        'where your visit came from: a search engine, a social site, another website, or a campaign tag, like the code on one of our flyers.',
      ],
    },
    {
      id: 'privacy-gpc',
      title: 'Global Privacy Control',
      paragraphs: [
        'If your browser sends the Global Privacy Control signal, the site does not count your visit at all, and a form you send keeps nothing of how you found us.',
      ],
    },
    {
      id: 'privacy-source',
      title: 'How you found us, kept with your request',
      paragraphs: [
        'When you send a form, we keep with it how you found our site (for example “Google” or “flyer”) and the first page you saw, so that we know what brings people to us.',
      ],
    },
  ];

  const privacy = {
    countsKept,
    sections,
    contact: {
      id: 'privacy-contact',
      title: 'Questions',
      /** Before the e-mail address, then between it and the phone number, then after. */
      lead: 'To ask what we keep about you, or to have it corrected or deleted, write to',
      or: 'or call',
      end: '.',
      email: company.email,
      phone: company.phones.office,
    },
  };

  return { privacy };
});

export type PrivacyContent = ReturnType<typeof privacyContent>;
