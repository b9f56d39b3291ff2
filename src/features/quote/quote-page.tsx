import { useState } from 'react';
import { usePostedForm } from '../../forms/posted-form';
import { FormPage } from '../../components/form/form-page';
import { pagesContent } from '../../content/site';
import { QuoteConfirmation } from './quote-confirmation';
import { QuoteForm } from './quote-form';
import { useContent } from '../../content/use-content';

export function QuotePage() {
  const { pages } = useContent(pagesContent);
  const [sent, setSent] = useState(usePostedForm()?.sent ?? false);
  return (
    <FormPage page={pages.quote}>
      {sent ? <QuoteConfirmation /> : <QuoteForm onSent={() => setSent(true)} />}
    </FormPage>
  );
}
