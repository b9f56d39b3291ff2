import { useState } from 'react';
import { FormPage } from '../../components/form/form-page';
import { pages } from '../../content/site';
import { QuoteConfirmation } from './quote-confirmation';
import { QuoteForm } from './quote-form';

export function QuotePage() {
  const [sent, setSent] = useState(false);
  return (
    <FormPage page={pages.quote}>
      {sent ? <QuoteConfirmation /> : <QuoteForm onSent={() => setSent(true)} />}
    </FormPage>
  );
}
