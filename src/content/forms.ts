import { contentOf } from './published.ts';
/** Interface text shared by both forms (the quote request and the job application). */

export const formsContent = contentOf((editable) => {
  const formText = editable(
    'forms',
    {
      requiredNote: 'All fields are required unless marked optional.',
      optional: '(optional)',
      errorPrefix: 'Error:',
      errorSummaryTitle: 'There is a problem',
      errorSummaryIntro: 'Please correct the following:',
      submitting: 'Submitting...',
      selectPlaceholder: 'Select an option',
      honeypotLabel: 'Leave this field empty',
      invalidOption: 'Choose one of the listed options',
      mustBeText: 'Must be text',
      notAnObject: 'Expected a JSON object',
      unknownFields: (names: readonly string[]) => `Unknown field: ${names.join(', ')}`,
      tooLong: (max: number) => `Must be ${max.toLocaleString('en-US')} characters or fewer`,
    },
    'en',
  );

  return { formText };
});

export type FormsContent = ReturnType<typeof formsContent>;
