import { contentOf } from './published.ts';
import { companyContent } from './company.ts';
import { labelledOptions, quoteServiceValues } from './options.ts';

/** The quote request form (SPEC sections 3 and 5): every label, option and message it shows. */

export const quoteServiceOptions = labelledOptions(quoteServiceValues);

/**
 * The quote form's labels and messages, as `published` has them.
 */
export const quoteFormContent = contentOf((editable, published) => {
  const { claims, company } = companyContent(published);

  const quoteMessages = editable(
    'quote.messages',
    {
      clientName: 'Full name is required',
      phone: 'A valid phone number is required',
      email: 'A valid email is required',
      eventDate: 'Event date is required',
      eventDateInvalid: 'Enter a valid event date',
      eventDatePast: 'Event date cannot be in the past',
      guestCount: 'Number of guests is required',
      guestCountInvalid: 'Enter a whole number of guests from 1 to 100,000',
      address: 'Event address is required',
      services: 'Please select at least one service',
    },
    'en',
  );

  const quoteForm = editable(
    'quote.form',
    {
      sections: {
        contact: 'Your Information',
        event: 'Event Details',
        services: 'Services Needed',
        additional: 'Additional Information',
      },
      fields: {
        clientName: { label: 'Full name' },
        phone: {
          label: 'Phone number',
          hint: 'Include the area code, for example (202) 555-0100.',
        },
        email: { label: 'Email address', hint: 'We will send your quote to this address.' },
        eventDate: { label: 'Event date', hint: 'For an event over several days, the first day.' },
        guestCount: { label: 'Number of guests', hint: 'An estimate is fine.' },
        address: {
          label: 'Event address',
          hint: 'Venue name or street address, city and state.',
        },
        services: { legend: 'Which staff do you need?', hint: 'Select all that apply.' },
        additionalInfo: {
          label: 'Tell us about your event',
          hint: 'Type of event, timings, dress code, or details for “Other”.',
        },
      },
      submit: 'Request Quote',
      sendError: 'Error sending request. Please try again later.',
      confirmation: {
        heading: 'Request Submitted',
        message: `Thank you for your request! We will contact you within ${claims.quoteTurnaround} with a personalized quote.`,
        urgent: 'For urgent inquiries, call us at',
        phone: company.phones.direct,
      },
    },
    'en',
  );

  return { quoteMessages, quoteForm };
});

export type QuoteFormContent = ReturnType<typeof quoteFormContent>;
