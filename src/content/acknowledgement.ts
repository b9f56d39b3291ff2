import { contentOf } from './published.ts';
import { applicationFormContent } from './application-form.ts';
import { companyContent } from './company.ts';

/**
 * The e-mail that tells a visitor their request arrived (server/mail/mail-text.ts), in the site's
 * language. It never repeats what they typed (not even their name): an address typed by a stranger
 * must not turn the site into a relay for the stranger's words or links.
 */
export const acknowledgementContent = contentOf((_editable, published) => {
  const { claims, company } = companyContent(published);
  const { applicationForm } = applicationFormContent(published);

  const acknowledgement = {
    /** How dates and times are written (Intl), in the business's time zone. */
    locale: 'en-US',
    quote: {
      subject: `We received your quote request – ${company.name}`,
      thanks: 'Thank you for your quote request. It has reached our team.',
      /** `day`: 'Monday, November 30'; `time`: '12:00 PM'. */
      promise: (day: string, time: string) =>
        `We will reply by ${day} at ${time} Eastern Time (within ${claims.responseTime}), and send your personalized quote within ${claims.quoteTurnaround}.`,
      urgent: 'For anything urgent, call us or write to us on WhatsApp:',
    },
    application: {
      subject: `We received your application – ${company.name}`,
      thanks: applicationForm.confirmation.message,
      nextStepsTitle: `${applicationForm.confirmation.nextStepsTitle}:`,
      nextSteps: applicationForm.confirmation.nextSteps,
      questions: 'Questions? Call us:',
    },
    whatsApp: 'WhatsApp',
    signOff: company.name,
    why: 'You receive this e-mail because this address was entered in a form on our website. If that was not you, there is nothing to do: you will not hear from us unless you write to us.',
  };

  return { acknowledgement };
});

export type AcknowledgementContent = ReturnType<typeof acknowledgementContent>;
