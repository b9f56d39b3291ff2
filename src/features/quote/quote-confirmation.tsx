import { quoteFormContent } from '../../content/quote-form';
import { FormConfirmation } from '../../components/form/form-confirmation';
import { useContent } from '../../content/use-content';

export function QuoteConfirmation() {
  const { confirmation } = useContent(quoteFormContent).quoteForm;
  return (
    <FormConfirmation heading={confirmation.heading}>
      <p>{confirmation.message}</p>
      <p>
        {confirmation.urgent}{' '}
        <a
          href={`tel:${confirmation.phone.e164}`}
          className="font-semibold whitespace-nowrap text-navy-800 underline underline-offset-2 hover:text-navy-600"
        >
          {confirmation.phone.display}
        </a>
        .
      </p>
    </FormConfirmation>
  );
}
