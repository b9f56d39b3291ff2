import {
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
import { displayValue, labelledFields, submissionFields } from './submission-fields';
import { NOTHING_PUBLISHED } from '../content/published';

const { applicationForm } = applicationFormContent(NOTHING_PUBLISHED);
const { quoteForm } = quoteFormContent(NOTHING_PUBLISHED);

function labelOf(options: readonly ChoiceOption[], value: string): string {
  const option = options.find((candidate) => candidate.value === value);
  if (!option) throw new Error(`No option ${value}`);
  return option.label;
}

const quoteBody = {
  clientName: 'Jordan Rivera',
  phone: '(202) 555-0143',
  email: 'jordan@example.org',
  eventDate: '2026-12-12',
  guestCount: '120',
  address: 'The Wharf, Washington, DC',
  services: 'Servers & Waitstaff, Chefs & Kitchen Staff',
  additionalInfo: 'Black tie',
};

describe('labelledFields', () => {
  it("gives a quote's fields the form's labels, in the form's order", () => {
    // Given in another order than the form's: the rows still follow the form.
    const shuffled = Object.fromEntries(Object.entries(quoteBody).reverse());
    const rows = labelledFields('quote', shuffled);

    const labels = quoteForm.fields;
    expect(rows.map((row) => [row.label, row.value])).toEqual([
      [labels.clientName.label, 'Jordan Rivera'],
      [labels.phone.label, '(202) 555-0143'],
      [labels.email.label, 'jordan@example.org'],
      [labels.eventDate.label, '2026-12-12'],
      [labels.guestCount.label, '120'],
      [labels.address.label, 'The Wharf, Washington, DC'],
      [labels.services.legend, 'Servers & Waitstaff, Chefs & Kitchen Staff'],
      [labels.additionalInfo.label, 'Black tie'],
    ]);
    expect(rows.map((row) => row.name)).toEqual(Object.keys(quoteBody));
  });

  it("maps each part of the quote's joined services to its option label", () => {
    const services = submissionFields.quote?.find((field) => field.name === 'services');
    if (!services) throw new Error('The quote has no services field');
    const mapped: readonly ChoiceOption[] = quoteServiceOptions.map((option) => ({
      value: option.value,
      label: `Label of ${option.value}`,
    }));
    const first = quoteServiceOptions[0]?.value ?? '';
    const last = quoteServiceOptions.at(-1)?.value ?? '';

    expect(displayValue({ ...services, options: mapped }, `${first}, ${last}`)).toBe(
      `Label of ${first}, Label of ${last}`,
    );
    expect(services.options).toBe(quoteServiceOptions);
  });

  it("shows an application's choices as the option labels the applicant read", () => {
    const rows = labelledFields('application', {
      fullName: 'Ana López',
      positionInterest: [positionOptions[1]?.value, positionOptions[8]?.value],
      hasExperience: 'yes',
      yearsExperience: 'menos-1',
      availability: ['Friday', 'Saturday'],
      shiftPreference: 'noche',
      skills: [skillOptions[0]?.value],
      languages: [languageOptions[0]?.value, languageOptions[1]?.value],
    });
    const value = (name: string) => rows.find((row) => row.name === name)?.value;
    const label = (name: string) => rows.find((row) => row.name === name)?.label;

    expect(label('shiftPreference')).toBe(applicationForm.fields.shiftPreference.legend);
    expect(value('shiftPreference')).toBe(labelOf(shiftOptions, 'noche'));
    expect(label('yearsExperience')).toBe(applicationForm.fields.yearsExperience.label);
    expect(value('yearsExperience')).toBe(labelOf(yearsExperienceOptions, 'menos-1'));
    expect(value('hasExperience')).toBe(labelOf(experienceOptions, 'yes'));
    expect(value('hasExperience')).toBe('Yes');
    expect(value('positionInterest')).toBe(
      `${positionOptions[1]?.label}, ${positionOptions[8]?.label}`,
    );
    expect(value('availability')).toBe('Friday, Saturday');
    expect(value('languages')).toBe(`${languageOptions[0]?.label}, ${languageOptions[1]?.label}`);
    expect(rows.map((row) => row.name)).toEqual([
      'fullName',
      'positionInterest',
      'hasExperience',
      'yearsExperience',
      'availability',
      'shiftPreference',
      'skills',
      'languages',
    ]);
  });

  it('keeps a value no option knows as it was sent', () => {
    const rows = labelledFields('application', { shiftPreference: 'siesta' });
    expect(rows).toEqual([expect.objectContaining({ name: 'shiftPreference', value: 'siesta' })]);
  });

  it('keeps unknown fields at the end, labelled with their key', () => {
    const rows = labelledFields('quote', {
      legacyBudget: '5000',
      clientName: 'Jordan Rivera',
      tags: ['vip', 'repeat'],
      guestCount: '80',
    });
    expect(rows.map((row) => [row.name, row.label, row.value])).toEqual([
      ['clientName', quoteForm.fields.clientName.label, 'Jordan Rivera'],
      ['guestCount', quoteForm.fields.guestCount.label, '80'],
      ['legacyBudget', 'legacyBudget', '5000'],
      ['tags', 'tags', 'vip, repeat'],
    ]);
  });

  it("labels every field of a form it does not know with the field's key", () => {
    expect(labelledFields('survey', { score: 9, comment: null })).toEqual([
      { name: 'score', label: 'score', value: '9' },
      { name: 'comment', label: 'comment', value: '' },
    ]);
  });
});
