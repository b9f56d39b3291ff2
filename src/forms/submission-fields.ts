import {
  availabilityOptions,
  experienceOptions,
  languageOptions,
  positionOptions,
  shiftOptions,
  skillOptions,
  yearsExperienceOptions,
  applicationFormContent,
} from '../content/application-form';
import type { ChoiceOption } from '../content/options';
import { quoteServiceOptions, quoteFormContent } from '../content/quote-form';
import { applicationFormFields } from './application';
import { quoteFormFields } from './quote';
import { NOTHING_PUBLISHED } from '../content/published';

// The code's labels: the inbox names the fields as the code does (its bundle has no published
// version; the owner edits the words a visitor reads, not the inbox's).
const { applicationForm } = applicationFormContent(NOTHING_PUBLISHED);
const { quoteForm } = quoteFormContent(NOTHING_PUBLISHED);

/**
 * Each form's fields as the visitor saw them: the label (or the question of a group) and the
 * options' labels, from the forms' own content. What the owner reads of a submission uses these.
 */

export interface SubmissionField {
  name: string;
  label: string;
  options?: readonly ChoiceOption[];
}

type FieldText = { label: string } | { legend: string };

function labelOf(text: FieldText): string {
  return 'label' in text ? text.label : text.legend;
}

function describe<T extends string>(
  names: readonly T[],
  texts: Record<T, FieldText>,
  options: Partial<Record<T, readonly ChoiceOption[]>>,
): SubmissionField[] {
  return names.map((name) => {
    const choices = options[name];
    return { name, label: labelOf(texts[name]), ...(choices ? { options: choices } : {}) };
  });
}

export const submissionFields: Record<string, readonly SubmissionField[]> = {
  quote: describe(quoteFormFields, quoteForm.fields, { services: quoteServiceOptions }),
  application: describe(applicationFormFields, applicationForm.fields, {
    positionInterest: positionOptions,
    hasExperience: experienceOptions,
    yearsExperience: yearsExperienceOptions,
    availability: availabilityOptions,
    shiftPreference: shiftOptions,
    skills: skillOptions,
    languages: languageOptions,
  }),
};

function optionLabel(field: SubmissionField, value: string): string {
  return field.options?.find((option) => option.value === value)?.label ?? value;
}

/** A stored value as the visitor chose it: option values become their labels, lists a line. */
export function displayValue(field: SubmissionField, value: unknown): string {
  if (Array.isArray(value)) return value.map((item) => displayValue(field, item)).join(', ');
  if (typeof value !== 'string') return value === undefined || value === null ? '' : String(value);
  // The quote's services arrive joined into one string.
  if (field.options && value.includes(', ')) {
    return value
      .split(', ')
      .map((part) => optionLabel(field, part))
      .join(', ');
  }
  return optionLabel(field, value);
}

/** The fields of a submission in form order, then any field the form does not (or no longer) know. */
export function labelledFields(form: string, fields: Record<string, unknown>) {
  const known = submissionFields[form] ?? [];
  const rows = known
    .filter((field) => Object.hasOwn(fields, field.name))
    .map((field) => ({ ...field, value: displayValue(field, fields[field.name]) }));
  const extra = Object.keys(fields)
    .filter((name) => !known.some((field) => field.name === name))
    .map((name) => ({
      name,
      label: name,
      value: displayValue({ name, label: name }, fields[name]),
    }));
  return [...rows, ...extra];
}
