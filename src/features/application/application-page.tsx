import { useState } from 'react';
import { FormPage } from '../../components/form/form-page';
import { pages } from '../../content/site';
import { ApplicationConfirmation } from './application-confirmation';
import { ApplicationForm } from './application-form';

export function ApplicationPage() {
  const [sent, setSent] = useState(false);
  return (
    <FormPage page={pages.application}>
      {sent ? <ApplicationConfirmation /> : <ApplicationForm onSent={() => setSent(true)} />}
    </FormPage>
  );
}
