import * as z from 'zod/mini';
import { quoteServiceValues as serviceValues } from '../content/options';
import { quoteFormContent } from '../content/quote-form';
import {
  choiceList,
  emailAddress,
  honeypot,
  proofOfWork,
  joinedChoiceList,
  limits,
  optionalText,
  phoneNumber,
  requiredText,
  unknownFieldError,
  upcomingDate,
  wholeNumber,
} from './rules';
import { NOTHING_PUBLISHED } from '../content/published';

// The code's messages: see rules.ts.
const { quoteMessages: messages } = quoteFormContent(NOTHING_PUBLISHED);

/**
 * The quote request (SPEC sections 3, 5 and 7): the form's values, the JSON body the browser sends,
 * and the builder between them. The server validates the body with `quoteSubmissionSchema`.
 */

const eventDateMessages = {
  required: messages.eventDate,
  invalid: messages.eventDateInvalid,
  outOfRange: messages.eventDatePast,
};

function quoteFields<S>(dateSlackDays: number, services: S) {
  return {
    clientName: requiredText(messages.clientName, limits.name, 2),
    phone: phoneNumber(messages.phone),
    email: emailAddress(messages.email),
    eventDate: upcomingDate(eventDateMessages, dateSlackDays),
    guestCount: wholeNumber(
      { required: messages.guestCount, invalid: messages.guestCountInvalid },
      limits.guests,
    ),
    address: requiredText(messages.address, limits.address),
    services,
    additionalInfo: optionalText(limits.longText),
  };
}

export const quoteFormSchema = z.object(
  quoteFields(0, choiceList(serviceValues, messages.services)),
);

/** What the fields hold. */
export type QuoteFormInput = z.input<typeof quoteFormSchema>;
/** The values once validated (text trimmed). */
export type QuoteFormValues = z.output<typeof quoteFormSchema>;

export const quoteFormFields = [
  'clientName',
  'phone',
  'email',
  'eventDate',
  'guestCount',
  'address',
  'services',
  'additionalInfo',
] as const satisfies readonly (keyof QuoteFormInput)[];

export const emptyQuoteForm: QuoteFormInput = {
  clientName: '',
  phone: '',
  email: '',
  eventDate: '',
  guestCount: '',
  address: '',
  services: [],
  additionalInfo: '',
};

/**
 * The exact JSON body: eight strings, plus `_gotcha` when the spam trap was filled and `altcha`
 * when the proof of work was solved.
 */
export const quoteSubmissionSchema = z.strictObject(
  {
    // A day of slack: the server's date may be ahead of the visitor's.
    ...quoteFields(1, joinedChoiceList(serviceValues, messages.services)),
    _gotcha: honeypot,
    altcha: proofOfWork,
  },
  { error: unknownFieldError },
);

export type QuoteSubmission = z.output<typeof quoteSubmissionSchema>;

export function toQuoteSubmission(values: QuoteFormValues, honeypotValue = ''): QuoteSubmission {
  return {
    clientName: values.clientName,
    phone: values.phone,
    email: values.email,
    eventDate: values.eventDate,
    guestCount: String(Number(values.guestCount)),
    address: values.address,
    services: values.services.join(', '),
    additionalInfo: values.additionalInfo,
    ...(honeypotValue ? { _gotcha: honeypotValue } : {}),
  };
}
