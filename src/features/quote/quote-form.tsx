import { zodResolver } from '@hookform/resolvers/zod';
import { quoteServiceOptions, quoteFormContent } from '../../content/quote-form';
import { ChoiceGroup } from '../../components/form/choice-group';
import { AddressField, ContactFields } from '../../components/form/contact-fields';
import { FieldRow, FormSection } from '../../components/form/form-section';
import { FormShell } from '../../components/form/form-shell';
import { TextAreaField } from '../../components/form/text-area-field';
import { TextField } from '../../components/form/text-field';
import { useHydrated } from '../../components/use-hydrated';
import { localIsoDate } from '../../forms/dates';
import { quoteEndpoint } from '../../forms/endpoints';
import {
  emptyQuoteForm,
  quoteFormFields,
  quoteFormSchema,
  toQuoteSubmission,
} from '../../forms/quote';
import { limits } from '../../forms/rules';
import { useSentForm } from '../../forms/use-sent-form';
import { useContent } from '../../content/use-content';
import type { MessageTable } from '../../forms/published-message';

/** The quote's messages, as the page's version words them (FormShell). */
const quoteMessages: MessageTable = (published) => quoteFormContent(published).quoteMessages;

export const QUOTE_DRAFT_KEY = 'quote-request-draft';

const resolver = zodResolver(quoteFormSchema);

/** When and where the event is, and for how many guests. */
function EventDetailsSection() {
  const { fields, sections } = useContent(quoteFormContent).quoteForm;
  // The visitor's today, once React runs: the HTML, built on another day, has no bound.
  const today = useHydrated() ? localIsoDate() : undefined;
  return (
    <FormSection title={sections.event}>
      <FieldRow>
        <TextField name="eventDate" {...fields.eventDate} type="date" min={today} />
        <TextField
          name="guestCount"
          {...fields.guestCount}
          type="number"
          inputMode="numeric"
          min={1}
          max={limits.guests}
          step={1}
        />
      </FieldRow>
      <AddressField text={fields.address} />
    </FormSection>
  );
}

export function QuoteForm({ onSent }: { onSent: () => void }) {
  const { quoteForm } = useContent(quoteFormContent);
  const { fields, sections } = quoteForm;
  const { form, onSubmit, sending, honeypot, onFirstFocus } = useSentForm({
    resolver,
    emptyValues: emptyQuoteForm,
    draftKey: QUOTE_DRAFT_KEY,
    fieldOrder: quoteFormFields,
    endpoint: quoteEndpoint,
    toBody: toQuoteSubmission,
    onSent,
    onFailed: () => window.alert(quoteForm.sendError),
  });

  return (
    <FormShell
      id="quote"
      action={quoteEndpoint}
      draftKey={QUOTE_DRAFT_KEY}
      form={form}
      fieldOrder={quoteFormFields}
      onSubmit={onSubmit}
      sending={sending}
      honeypot={honeypot}
      onFirstFocus={onFirstFocus}
      submitLabel={quoteForm.submit}
      messages={quoteMessages}
    >
      <FormSection title={sections.contact}>
        <ContactFields nameField="clientName" text={fields} />
      </FormSection>
      <EventDetailsSection />
      <FormSection title={sections.services}>
        <ChoiceGroup
          name="services"
          type="checkbox"
          {...fields.services}
          options={quoteServiceOptions}
        />
      </FormSection>

      <FormSection title={sections.additional}>
        <TextAreaField
          name="additionalInfo"
          {...fields.additionalInfo}
          optional
          rows={5}
          maxLength={limits.longText}
        />
      </FormSection>
    </FormShell>
  );
}
