import { useState } from 'react';
import { usePostedForm } from '../../forms/posted-form';
import { FormPage } from '../../components/form/form-page';
import { pages } from '../../content/site';
import { QuoteConfirmation } from './quote-confirmation';
import { QuoteForm } from './quote-form';

export function QuotePage() {
  const [sent, setSent] = useState(usePostedForm()?.sent ?? false);
  return (
    <FormPage page={pages.quote}>
      {sent ? <QuoteConfirmation /> : <QuoteForm onSent={() => setSent(true)} />}
    </FormPage>
  );
}
