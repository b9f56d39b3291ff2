import { zodResolver } from '@hookform/resolvers/zod';
import { applicationFormContent } from '../../content/application-form';
import { FormShell } from '../../components/form/form-shell';
import {
  applicationFormFields,
  applicationFormSchema,
  emptyApplicationForm,
  toApplicationSubmission,
} from '../../forms/application';
import { applicationEndpoint } from '../../forms/endpoints';
import { resumeProblem, RESUME_FIELD } from '../../forms/resume';
import { useAttachment } from '../../forms/use-attachment';
import { usePostedForm } from '../../forms/posted-form';
import { useSentForm } from '../../forms/use-sent-form';
import {
  AdditionalSection,
  AvailabilitySection,
  ExperienceSection,
  OtherCompaniesSection,
  PersonalSection,
  PositionsSection,
  SkillsSection,
} from './application-sections';
import { ResumeSection } from './resume-section';
import { SendFailure } from './send-failure';
import { useContent } from '../../content/use-content';
import type { MessageTable } from '../../forms/published-message';

/** The application's messages, as the page's version words them (FormShell). */
const applicationMessages: MessageTable = (published) =>
  applicationFormContent(published).applicationMessages;

export const APPLICATION_DRAFT_KEY = 'job-application-draft';

/** Where the chosen résumé's name is kept, next to the draft, for the note after a reload. */
export const APPLICATION_RESUME_NAME_KEY = `${APPLICATION_DRAFT_KEY}-${RESUME_FIELD}`;

const resolver = zodResolver(applicationFormSchema);

/** The fields in page order: the résumé comes between the other companies and the references. */
const fieldOrder = applicationFormFields.flatMap((name) =>
  name === 'otherCompanies' ? [name, RESUME_FIELD] : [name],
);

export function ApplicationForm({ onSent }: { onSent: () => void }) {
  const { applicationForm } = useContent(applicationFormContent);
  const resume = useAttachment({
    name: RESUME_FIELD,
    check: resumeProblem,
    storageKey: APPLICATION_RESUME_NAME_KEY,
    resolver,
  });
  const { form, onSubmit, sending, failed, honeypot, onFirstFocus } = useSentForm({
    resolver: resume.resolver,
    emptyValues: emptyApplicationForm,
    draftKey: APPLICATION_DRAFT_KEY,
    fieldOrder,
    endpoint: applicationEndpoint,
    toBody: toApplicationSubmission,
    attachment: resume.attachment,
    onSent: () => {
      resume.forget();
      onSent();
    },
  });
  // A post without JavaScript cannot send the file back: its name says which one to choose again.
  const postedFile = usePostedForm()?.fileNames?.[RESUME_FIELD];
  return (
    <FormShell
      id="application"
      action={applicationEndpoint}
      withFile
      draftKey={APPLICATION_DRAFT_KEY}
      form={form}
      fieldOrder={fieldOrder}
      onSubmit={onSubmit}
      sending={sending}
      honeypot={honeypot}
      onFirstFocus={onFirstFocus}
      submitLabel={applicationForm.submit}
      messages={applicationMessages}
      beforeSubmit={<SendFailure failed={failed} />}
    >
      <PersonalSection />
      <PositionsSection />
      <ExperienceSection />
      <AvailabilitySection />
      <SkillsSection />
      <OtherCompaniesSection />
      <ResumeSection
        file={resume.file}
        lostName={resume.lostName}
        postedName={postedFile}
        onChoose={resume.choose}
      />
      <AdditionalSection />
    </FormShell>
  );
}
