import { useState } from 'react';
import { usePostedForm } from '../../forms/posted-form';
import { FormPage } from '../../components/form/form-page';
import { language } from '../../content/language';
import { documentHref } from '../../content/routes';
import { pagesContent } from '../../content/site';
import { spanishOffer } from '../../content/spanish-offer';
import { ApplicationConfirmation } from './application-confirmation';
import { ApplicationForm } from './application-form';
import { useContent } from '../../content/use-content';

/** The English page's line in Spanish: the same application on the Spanish site. */
function SpanishLine() {
  const { text, link, path } = spanishOffer.application;
  return (
    <p lang="es" className="mb-6 rounded-md bg-navy-50 px-4 py-3 text-navy-900">
      {text}{' '}
      <a
        href={documentHref(language.other.documentPath, path)}
        hrefLang="es"
        className="font-semibold underline underline-offset-4"
      >
        {link}
      </a>
    </p>
  );
}

export function ApplicationPage() {
  const { pages } = useContent(pagesContent);
  const [sent, setSent] = useState(usePostedForm()?.sent ?? false);
  return (
    <FormPage page={pages.application}>
      {language.offersSpanish && !sent ? <SpanishLine /> : null}
      {sent ? <ApplicationConfirmation /> : <ApplicationForm onSent={() => setSent(true)} />}
    </FormPage>
  );
}
