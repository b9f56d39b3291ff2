import { zodResolver } from '@hookform/resolvers/zod';
import { useWatch } from 'react-hook-form';
import {
  applicationForm,
  availabilityOptions,
  experienceOptions,
  languageOptions,
  positionOptions,
  shiftOptions,
  skillOptions,
  yearsExperienceOptions,
} from '../../content/application-form';
import { ChoiceGroup } from '../../components/form/choice-group';
import { ContactFields } from '../../components/form/contact-fields';
import { FormSection } from '../../components/form/form-section';
import { FormShell } from '../../components/form/form-shell';
import { SelectField } from '../../components/form/select-field';
import { TextAreaField } from '../../components/form/text-area-field';
import { TextField } from '../../components/form/text-field';
import {
  applicationFormFields,
  applicationFormSchema,
  emptyApplicationForm,
  toApplicationSubmission,
} from '../../forms/application';
import { localIsoDate } from '../../forms/dates';
import { applicationEndpoint } from '../../forms/endpoints';
import { resumeProblem, RESUME_FIELD } from '../../forms/resume';
import { limits } from '../../forms/rules';
import { useAttachment } from '../../forms/use-attachment';
import { useSentForm } from '../../forms/use-sent-form';
import { ResumeSection } from './resume-section';
import { SendFailure } from './send-failure';

export const APPLICATION_DRAFT_KEY = 'job-application-draft';

/** Where the chosen résumé's name is kept, next to the draft, for the note after a reload. */
export const APPLICATION_RESUME_NAME_KEY = `${APPLICATION_DRAFT_KEY}-${RESUME_FIELD}`;

const resolver = zodResolver(applicationFormSchema);
const { fields, sections } = applicationForm;

/** The fields in page order: the résumé comes between the other companies and the references. */
const fieldOrder = applicationFormFields.flatMap((name) =>
  name === 'otherCompanies' ? [name, RESUME_FIELD] : [name],
);

export function ApplicationForm({ onSent }: { onSent: () => void }) {
  const resume = useAttachment({
    name: RESUME_FIELD,
    check: resumeProblem,
    storageKey: APPLICATION_RESUME_NAME_KEY,
    resolver,
  });
  const { form, onSubmit, sending, failed, honeypot } = useSentForm({
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
  const hasExperience = useWatch({ control: form.control, name: 'hasExperience' });

  return (
    <FormShell
      id="application"
      form={form}
      fieldOrder={fieldOrder}
      onSubmit={onSubmit}
      sending={sending}
      honeypot={honeypot}
      submitLabel={applicationForm.submit}
      beforeSubmit={<SendFailure failed={failed} />}
    >
      <FormSection title={sections.personal}>
        <ContactFields nameField="fullName" text={fields} />
        <TextField
          name="address"
          {...fields.address}
          autoComplete="street-address"
          maxLength={limits.address}
        />
        <div className="sm:max-w-xs">
          <TextField
            name="dateOfBirth"
            {...fields.dateOfBirth}
            type="date"
            autoComplete="bday"
            min="1900-01-01"
            max={localIsoDate()}
          />
        </div>
      </FormSection>

      <FormSection title={sections.positions}>
        <ChoiceGroup
          name="positionInterest"
          type="checkbox"
          {...fields.positionInterest}
          options={positionOptions}
        />
      </FormSection>

      <FormSection title={sections.experience}>
        <ChoiceGroup
          name="hasExperience"
          type="radio"
          {...fields.hasExperience}
          options={experienceOptions}
        />
        {hasExperience === 'yes' && (
          <>
            <SelectField
              name="yearsExperience"
              {...fields.yearsExperience}
              optional
              options={yearsExperienceOptions}
            />
            <TextAreaField
              name="previousExperience"
              {...fields.previousExperience}
              optional
              maxLength={limits.longText}
            />
          </>
        )}
      </FormSection>

      <FormSection title={sections.availability}>
        <ChoiceGroup
          name="availability"
          type="checkbox"
          {...fields.availability}
          options={availabilityOptions}
          columns={3}
        />
        <ChoiceGroup
          name="shiftPreference"
          type="radio"
          {...fields.shiftPreference}
          options={shiftOptions}
        />
      </FormSection>

      <FormSection title={sections.skills}>
        <ChoiceGroup
          name="skills"
          type="checkbox"
          {...fields.skills}
          optional
          options={skillOptions}
        />
        <TextField
          name="certifications"
          {...fields.certifications}
          optional
          maxLength={limits.shortText}
        />
        <ChoiceGroup
          name="languages"
          type="checkbox"
          {...fields.languages}
          options={languageOptions}
          columns={3}
        />
      </FormSection>

      <FormSection title={sections.otherCompanies}>
        <TextAreaField
          name="otherCompanies"
          {...fields.otherCompanies}
          optional
          rows={3}
          maxLength={limits.shortText}
        />
      </FormSection>

      <ResumeSection file={resume.file} lostName={resume.lostName} onChoose={resume.choose} />

      <FormSection title={sections.additional}>
        <TextAreaField
          name="references"
          {...fields.references}
          optional
          maxLength={limits.longText}
        />
        <TextAreaField
          name="additionalInfo"
          {...fields.additionalInfo}
          optional
          maxLength={limits.longText}
        />
      </FormSection>
    </FormShell>
  );
}
