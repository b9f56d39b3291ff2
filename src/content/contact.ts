import { contentOf } from './published.ts';
import { companyContent } from './company.ts';
import { routes } from './routes.ts';

/** The contact page (/contact): labels around the company's facts, which live in company.ts. */

export type ContactShortcutId = 'quote' | 'application';

export interface ContactShortcut {
  id: ContactShortcutId;
  title: string;
  description: string;
  linkLabel: string;
  to: string;
}

/**
 * The contact page as `published` has it (its promises from the published claims).
 */
export const contactContent = contentOf((editable, published) => {
  const { claims, company } = companyContent(published);

  const shortcuts: ContactShortcut[] = [
    {
      id: 'quote',
      title: 'Planning an Event?',
      description: `Tell us the date, the venue and the staff you need: you get a personalized quote within ${claims.quoteTurnaround}. ${claims.freeConsultation} included.`,
      linkLabel: 'Request a Quote',
      to: routes.quote.path,
    },
    {
      id: 'application',
      title: 'Looking for Work?',
      description: `Join the servers, bartenders, captains and kitchen staff behind the DMV’s finest events. We review every application within ${claims.applicationReview}.`,
      linkLabel: 'Apply to Join Our Team',
      to: routes.application.path,
    },
  ];

  const contact = editable(
    'contact',
    {
      reach: {
        eyebrow: 'Get in Touch',
        title: 'Talk to Our Team',
        intro: 'Call, e-mail or message us, or visit our office in Vienna, Virginia.',
      },
      phone: { title: 'Phone' },
      email: { title: 'E-mail', label: 'Bookings' },
      whatsapp: {
        title: 'WhatsApp',
        label: 'Chat with our office on WhatsApp',
        /** Rendered as `${lead} ${phone}.`, the number kept on one line. */
        hint: { lead: 'Messages go to our office line,', phone: company.phones.office.display },
      },
      visit: { title: 'Office', mapLabel: 'Get directions on Google Maps' },
      hours: {
        title: 'Business Hours',
        responseTitle: 'Quick response',
        response: `We answer every call, e-mail and message within ${claims.responseTime}.`,
      },
      shortcuts: {
        title: 'How Can We Help?',
        items: shortcuts,
      },
    } as const,
    'en',
  );

  return { contact };
});

export type ContactContent = ReturnType<typeof contactContent>;
