import {
  availabilityOptions,
  experienceOptions,
  languageOptions,
  positionOptions,
  shiftOptions,
  skillOptions,
  yearsExperienceOptions,
  applicationFormContent,
} from '../../content/application-form';
import { ChoiceGroup } from '../../components/form/choice-group';
import { AddressField, ContactFields } from '../../components/form/contact-fields';
import { FormSection } from '../../components/form/form-section';
import { SelectField } from '../../components/form/select-field';
import { TextAreaField } from '../../components/form/text-area-field';
import { TextField } from '../../components/form/text-field';
import { useHydrated } from '../../components/use-hydrated';
import { localIsoDate } from '../../forms/dates';
import { limits } from '../../forms/rules';
import { useContent } from '../../content/use-content';

/** The sections of the job application, in page order (the résumé's is in resume-section.tsx). */

export function PersonalSection() {
  const { fields, sections } = useContent(applicationFormContent).applicationForm;
  // The visitor's today, once React runs: the HTML, built on another day, has no bound.
  const today = useHydrated() ? localIsoDate() : undefined;
  return (
    <FormSection title={sections.personal}>
      <ContactFields nameField="fullName" text={fields} />
      <AddressField text={fields.address} />
      <div className="sm:max-w-xs">
        <TextField
          name="dateOfBirth"
          {...fields.dateOfBirth}
          type="date"
          autoComplete="bday"
          min="1900-01-01"
          max={today}
        />
      </div>
    </FormSection>
  );
}

export function PositionsSection() {
  const { fields, sections } = useContent(applicationFormContent).applicationForm;
  return (
    <FormSection title={sections.positions}>
      <ChoiceGroup
        name="positionInterest"
        type="checkbox"
        {...fields.positionInterest}
        options={positionOptions}
      />
    </FormSection>
  );
}

/**
 * Whether the applicant has worked in events; only a yes asks for the years and the details, which
 * CSS shows while it is chosen (index.css: `.experience-details`), in the HTML as in the app.
 */
export function ExperienceSection() {
  const { fields, sections } = useContent(applicationFormContent).applicationForm;
  return (
    <FormSection title={sections.experience} className="experience-section">
      <ChoiceGroup
        name="hasExperience"
        type="radio"
        {...fields.hasExperience}
        options={experienceOptions}
      />
      <div className="experience-details space-y-6">
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
      </div>
    </FormSection>
  );
}

export function AvailabilitySection() {
  const { fields, sections } = useContent(applicationFormContent).applicationForm;
  return (
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
  );
}

export function SkillsSection() {
  const { fields, sections } = useContent(applicationFormContent).applicationForm;
  return (
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
  );
}

export function OtherCompaniesSection() {
  const { fields, sections } = useContent(applicationFormContent).applicationForm;
  return (
    <FormSection title={sections.otherCompanies}>
      <TextAreaField
        name="otherCompanies"
        {...fields.otherCompanies}
        optional
        rows={3}
        maxLength={limits.shortText}
      />
    </FormSection>
  );
}

export function AdditionalSection() {
  const { fields, sections } = useContent(applicationFormContent).applicationForm;
  return (
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
  );
}
